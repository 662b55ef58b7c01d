import type { QueryLedger } from '@localseo/shared/query-ledger'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { json, storeSession, stubNetwork } from '@/test/network'
import { QueryLedgerCard } from './query-ledger-card'

const PRICE = { usdPerQuery: 0.015, source: "SerpApi's list price (May 2026)" }

function ledger(month: string, rank: number, grid: number): QueryLedger {
  const total = rank + grid
  return {
    month,
    timeZone: 'UTC',
    kinds: [
      { kind: 'rank', queries: rank, usd: rank * 0.015 },
      { kind: 'grid', queries: grid, usd: grid * 0.015 },
      { kind: 'test', queries: 0, usd: 0 },
    ],
    total: { queries: total, usd: total * 0.015 },
    providers: total ? [{ provider: 'SerpApi', queries: total, price: PRICE }] : [],
    current: { provider: 'SerpApi', simulated: false, price: PRICE },
    budget: { daily: 200, days: 30, month: 6000, left: 6000 - total },
    forecast:
      month === '2026-11'
        ? { queries: 900, usd: 13.5, rank: 300, grid: 49, counts: ['Rank checks: 2 more runs.'] }
        : null,
    volumes: { source: 'estimate', note: 'Keyword volumes are estimates made by the app.' },
  }
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QueryLedgerCard businessId="b1" />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('Settings → Search queries and cost', () => {
  test("shows this month's queries and cost per use, the budget, the forecast and the price; an earlier month on request", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), toFake: ['Date'] })
    storeSession()
    const asked: string[] = []
    stubNetwork({
      'GET /api/query-ledger': (request) => {
        const month = new URL(request.url).searchParams.get('month')!
        asked.push(month)
        return json(month === '2026-11' ? ledger(month, 500, 49) : ledger(month, 120, 0))
      },
    })
    renderCard()
    const region = screen.getByRole('region', { name: 'Search queries and cost' })
    const table = await within(region).findByRole('table', {
      name: /Search queries in November 2026/,
    })
    const rank = within(table).getByRole('row', { name: /Rank checks/ })
    expect(rank).toHaveTextContent('500')
    expect(rank).toHaveTextContent('$7.50')
    expect(within(table).getByRole('row', { name: /Geo-grid scans/ })).toHaveTextContent('$0.73')
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent('549$8.23')
    expect(region).toHaveTextContent('5,451 queries of 6,000 (200 a day × 30 days)')
    expect(region).toHaveTextContent('By the end of the month: about 900 queries, $13.50.')
    expect(region).toHaveTextContent("SerpApi: $0.015 a query, SerpApi's list price (May 2026).")
    expect(region).toHaveTextContent('Keyword volumes are estimates made by the app.')
    expect(within(table).getByRole('row', { name: /Connection tests/ })).toHaveTextContent('0$0.00')

    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' })
    expect(picker.options).toHaveLength(12)
    fireEvent.change(picker, { target: { value: '2026-10' } })
    await within(region).findByRole('table', { name: /Search queries in October 2026/ })
    expect(asked).toEqual(['2026-11', '2026-10'])
    // A past month has no forecast.
    expect(region).not.toHaveTextContent('By the end of the month')
    expect(within(region).getByRole('row', { name: /Total/ })).toHaveTextContent('120$1.80')
  })

  test('simulated checks say they cost nothing', async () => {
    storeSession()
    const simulated = {
      ...ledger('2026-11', 0, 0),
      current: { provider: 'Simulated', simulated: true, price: null },
    }
    stubNetwork({ 'GET /api/query-ledger': () => json(simulated) })
    renderCard()
    expect(
      await screen.findByText(/simulated checks cost nothing and are not counted/),
    ).toBeInTheDocument()
  })

  test('a failed load says so in the card', async () => {
    storeSession()
    stubNetwork({})
    renderCard()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your search queries. Please try again later.',
    )
  })
})

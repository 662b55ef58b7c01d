import type { GridSetup } from '@localseo/shared/geo-grid'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { json, namedBusiness, storeSession, stubNetwork } from '@/test/network'
import { GeoGridScreen } from './geo-grid-screen'

const KEYWORD = '7d0b6f1e-6a57-4d0b-9a57-0b6f1e6a574d'

function setup(overrides: Partial<GridSetup> = {}): GridSetup {
  return {
    keywords: [{ id: KEYWORD, keyword: 'dentist austin', locationId: 'main' }],
    locations: [{ id: 'main', label: 'Sunrise Dental (Main)', point: { lat: 30.27, lng: -97.74 } }],
    budget: null,
    simulated: true,
    sourceLabel: 'Simulated',
    price: null,
    tiles: null,
    ...overrides,
  }
}

function renderScreen(body: GridSetup) {
  storeSession()
  const network = stubNetwork({
    'GET /api/geo-grid/setup': () => json(body),
    'GET /api/geo-grid/scans': () => json({ scans: [], nextBefore: null }),
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <GeoGridScreen business={namedBusiness} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return network
}

describe('Geo-grid screen', () => {
  test('shows the cost in queries before a scan, and follows the grid size', async () => {
    renderScreen(setup())
    expect(await screen.findByTestId('scan-cost')).toHaveTextContent(
      'This scan costs 25 queries; simulated scans use none of your budget and cost nothing.',
    )
    await userEvent.selectOptions(screen.getByLabelText('Grid'), '7')
    expect(screen.getByTestId('scan-cost')).toHaveTextContent('This scan costs 49 queries')
    await userEvent.selectOptions(screen.getByLabelText('Grid'), '9')
    expect(screen.getByRole('option', { name: '9x9 (81 points)' })).toBeInTheDocument()
    expect(screen.getByTestId('scan-cost')).toHaveTextContent('This scan costs 81 queries;')
    expect(screen.getByRole('button', { name: 'Run scan' })).toBeEnabled()
    expect(screen.getByText('Sample data')).toBeInTheDocument()
    expect(screen.getByText(/No scans yet/)).toBeInTheDocument()
  })

  test("a scan that does not fit today's budget cannot start, and says why", async () => {
    renderScreen(
      setup({
        simulated: false,
        sourceLabel: 'SerpApi',
        budget: { limit: 200, used: 190, remaining: 10 },
      }),
    )
    expect(await screen.findByTestId('scan-cost')).toHaveTextContent(
      "This scan costs 25 queries, and 10 of today's 200 are left. Choose a smaller grid or scan tomorrow.",
    )
    expect(screen.getByRole('button', { name: 'Run scan' })).toBeDisabled()
    await userEvent.selectOptions(screen.getByLabelText('Grid'), '3')
    expect(screen.getByTestId('scan-cost')).toHaveTextContent(
      "This scan costs 9 queries; 10 of today's 200 are left.",
    )
    expect(screen.getByRole('button', { name: 'Run scan' })).toBeEnabled()
    expect(screen.queryByText('Sample data')).not.toBeInTheDocument()
  })

  test("the cost is also shown in money at the provider's price before the scan runs", async () => {
    renderScreen(
      setup({
        simulated: false,
        sourceLabel: 'SerpApi',
        budget: { limit: 200, used: 0, remaining: 200 },
        price: { usdPerQuery: 0.015, source: "SerpApi's list price (May 2026)" },
      }),
    )
    expect(await screen.findByTestId('scan-cost')).toHaveTextContent(
      "This scan costs 25 queries, about $0.38 at SerpApi's list price (May 2026); 200 of today's 200 are left.",
    )
    await userEvent.selectOptions(screen.getByLabelText('Grid'), '3')
    expect(screen.getByTestId('scan-cost')).toHaveTextContent('9 queries, about $0.14 at')
  })

  test('without a pin it says so and links to Settings', async () => {
    renderScreen(
      setup({ locations: [{ id: 'main', label: 'Sunrise Dental (Main)', point: null }] }),
    )
    const link = await screen.findByRole('link', { name: 'Drop a pin in Settings' })
    expect(link).toHaveAttribute('href', '/settings')
    expect(screen.getByRole('button', { name: 'Run scan' })).toBeDisabled()
  })
})

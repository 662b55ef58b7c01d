import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { json, storeSession, stubNetwork } from '@/test/network'
import { AutomationCard } from './automation-card'

const rankChecks = (frequency: string) => ({
  kind: 'rank_checks',
  frequency,
  nextRunAt: frequency === 'daily' ? '2026-11-28T10:10:00.000Z' : '2027-01-05T10:10:00.000Z',
  lastRunAt: null,
  lastOutcome: null,
  timeZone: 'America/Chicago',
})

describe('Settings → Automatic checks', () => {
  test('a frequency shows the moment it is chosen, while its save is on the way, and stays', async () => {
    storeSession()
    let answer: (() => void) | undefined
    const saved: unknown[] = []
    stubNetwork({
      'GET /api/automation': () => json({ schedules: [rankChecks('daily')] }),
      'PUT /api/automation': async (request) => {
        const body = (await request.json()) as { frequency: string }
        saved.push(body)
        await new Promise<void>((resolve) => (answer = resolve))
        return json({ schedules: [rankChecks(body.frequency)] })
      },
    })
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AutomationCard businessId="b1" />
      </QueryClientProvider>,
    )
    const select = await screen.findByRole<HTMLSelectElement>('combobox', {
      name: 'How often: Rank checks',
    })
    expect(select.value).toBe('daily')
    const nextCheck = () => screen.getByText('Next check:').nextSibling?.textContent
    const dailyNext = nextCheck()
    // One synchronous change, as a browser's: the select must not spring back while the save is out.
    fireEvent.change(select, { target: { value: 'weekly' } })
    expect(select.value).toBe('weekly')
    await waitFor(() => expect(answer).toBeDefined())
    expect(select.value).toBe('weekly')
    answer?.()
    // The save is stored once the next check moves to the weekly one.
    await waitFor(() => expect(nextCheck()).not.toBe(dailyNext))
    expect(select.value).toBe('weekly')
    expect(saved).toEqual([{ kind: 'rank_checks', frequency: 'weekly' }])
  })
})

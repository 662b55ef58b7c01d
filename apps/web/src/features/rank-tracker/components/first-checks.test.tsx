// The Rank Tracker only reads (issue 30 item 8): a default keyword of a new business or location
// reads 'Not checked yet' until the job on the server has stored its first check, which a later
// read (every 2 s, on the test clock) shows without a reload.
import { rangeDays, type RankCheck, type RankRange } from '@localseo/shared/rank-tracker'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { historyHandlers } from '@/test/rank-history'
import { loadScreens, renderApp } from '@/test/render-app'

const keyword = {
  id: 'k1',
  keyword: 'dentist in Austin',
  createdAt: '2026-03-10T00:00:00.000Z',
  sample: true,
  volume: 300,
}

beforeAll(() => loadScreens(paths.rankTracker))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

test('a keyword not checked yet says so, and shows its first position once stored', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  let checked = false
  storeSession()
  const { calls } = stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-tracker/keywords': () => json({ keywords: [keyword] }),
    ...historyHandlers((request) => {
      const range = Number(new URL(request.url).searchParams.get('range'))
      const checks: RankCheck[] = Array.from({ length: range }, (_, i) =>
        checked && i === range - 1 ? 7 : null,
      )
      const latestCheck = checked
        ? {
            provider: 'Simulated',
            checkedAt: '2026-03-10T15:00:00.000Z',
            simulated: true,
            map: null,
          }
        : null
      return {
        range: range as RankRange,
        days: rangeDays('2026-03-10', range),
        keywords: [{ ...keyword, checks, latestCheck }],
        simulated: true,
      }
    }),
  })
  renderApp('/rank-tracker')
  const table = await screen.findByRole('table', { name: 'Keyword Rankings' })
  expect(await within(table).findByText('Not checked yet')).toBeVisible()
  checked = true
  await act(() => vi.advanceTimersByTimeAsync(2_000))
  expect(await within(table).findByText('#7')).toBeVisible()
  expect(within(table).queryByText('Not checked yet')).not.toBeInTheDocument()
  // Nothing waits any more: no further read.
  const reads = () => calls.filter((c) => c === 'GET /api/rank-tracker/history').length
  const before = reads()
  await act(() => vi.advanceTimersByTimeAsync(10_000))
  expect(reads()).toBe(before)
})

// The dashboard only reads (issue 30 item 8): a new business's keywords get their first positions
// from a job on the server, and Top Keywords says they are being checked, then shows them when a
// later read finds them stored, without a reload. The reads every 2 s run on the test clock
// (intervals only, so rendering and Testing Library keep their real timers).
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { dashboardBody, ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

beforeAll(() => loadScreens(paths.dashboard))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const dashboardReads = (calls: string[]) => calls.filter((c) => c === 'GET /api/dashboard').length

test('Top Keywords says the first positions are being checked, then shows them once stored', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  let reads = 0
  storeSession()
  const { calls } = stubNetwork({
    ...ownerHandlers(),
    'GET /api/dashboard': () => {
      reads += 1
      return json(
        reads === 1
          ? { ...dashboardBody, topKeywords: [], keywordsNotChecked: 5 }
          : { ...dashboardBody, keywordsNotChecked: 0 },
      )
    },
  })
  renderApp('/dashboard')
  expect(await screen.findByText('Checking the first positions of 5 keywords…')).toBeVisible()
  await act(() => vi.advanceTimersByTimeAsync(1_999))
  expect(dashboardReads(calls)).toBe(1)
  // The next read finds them stored.
  await act(() => vi.advanceTimersByTimeAsync(1))
  const top = await screen.findByRole('list', { name: 'Top keywords' })
  expect(within(top).getByText('dentist austin')).toBeVisible()
  expect(screen.queryByText(/^Checking the first positions/)).not.toBeInTheDocument()
  // None waits any more: no further read.
  await act(() => vi.advanceTimersByTimeAsync(10_000))
  expect(dashboardReads(calls)).toBe(2)
})

test('with every keyword checked, the dashboard is read once', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  storeSession()
  const { calls } = stubNetwork(ownerHandlers())
  renderApp('/dashboard')
  await screen.findByRole('list', { name: 'Top keywords' })
  await act(() => vi.advanceTimersByTimeAsync(10_000))
  expect(dashboardReads(calls)).toBe(1)
})

// The Rank Tracker with a real search-results provider (issue 17): the measured position names its
// source and the map pack of the same day, 'Not in top 100' is an answer (never 0), and a spent
// daily budget is said.
import {
  rangeDays,
  type RankHistory,
  type RankKeywordsHistory,
} from '@localseo/shared/rank-tracker'
import { screen, within } from '@testing-library/react'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { historyHandlers } from '@/test/rank-history'
import { loadScreens, renderApp } from '@/test/render-app'

const days = rangeDays('2026-11-25', 7)
const at = '2026-11-25T09:12:00.000Z'
const tracked = [
  { id: 'k1', keyword: 'dentist austin', createdAt: at, sample: false, volume: 900 },
  { id: 'k2', keyword: 'dentist round rock', createdAt: at, sample: false, volume: 200 },
]
const history: RankKeywordsHistory & Pick<RankHistory, 'budget'> = {
  range: 7,
  days,
  simulated: false,
  budget: { limit: 200, used: 200, remaining: 0 },
  keywords: [
    {
      ...tracked[0]!,
      checks: [null, null, null, null, null, 17, 14],
      latestCheck: {
        provider: 'SerpApi',
        checkedAt: at,
        simulated: false,
        map: { status: 'ok', position: 3 },
      },
    },
    {
      ...tracked[1]!,
      checks: [null, null, null, null, null, 40, 'absent'],
      latestCheck: { provider: 'SerpApi', checkedAt: at, simulated: false, map: null },
    },
  ],
}

beforeAll(async () => {
  await loadScreens(paths.rankTracker)
})

test('measured positions name SerpApi and the map pack; not in the top 100 is said; the budget too', async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-tracker/keywords': () => json({ keywords: tracked }),
    ...historyHandlers(() => history),
  })
  renderApp('/rank-tracker')
  const table = await screen.findByRole('table', { name: 'Keyword Rankings' })
  const rows = within(table).getAllByRole('row').slice(1)
  const first = within(rows[0]!)
  expect(first.getByText('#14')).toBeVisible()
  expect(first.getByText('Map pack #3')).toBeVisible()
  // 09:12 UTC is 4:12 am in New York, the business's time zone (issue 32 item 5).
  expect(first.getAllByText(/SerpApi, checked Nov 25, 4:12\sAM/)[0]).toBeInTheDocument()
  const second = within(rows[1]!)
  expect(second.getByText('Not in top 100')).toBeVisible()
  expect(second.queryByText(/#0/)).not.toBeInTheDocument()
  expect(
    screen.getByText(/Daily query budget reached: the remaining checks run tomorrow/),
  ).toBeVisible()
  expect(screen.queryByText('Sample data')).not.toBeInTheDocument()
})

test("a day whose drop was checked twice says so, with the first check's answer", async () => {
  const note =
    "The drop was not confirmed: SerpApi #9 at 04:12, then Serper #3 at 04:42, the day's position now."
  const [first, second] = history.keywords
  const rechecked = {
    ...first!,
    checks: [null, null, null, null, null, 2, 3],
    latestCheck: { ...first!.latestCheck!, recheck: note },
  }
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-tracker/keywords': () => json({ keywords: tracked }),
    ...historyHandlers(() => ({ ...history, keywords: [rechecked, second!] })),
  })
  renderApp('/rank-tracker')
  const table = await screen.findByRole('table', { name: 'Keyword Rankings' })
  const [row, plain] = within(table).getAllByRole('row').slice(1)
  expect(within(row!).getByText('#3')).toBeVisible()
  const badge = within(row!).getByText('Checked twice')
  expect(badge).toBeVisible()
  expect(badge).toHaveAttribute('title', note)
  expect(badge).toHaveTextContent(note)
  expect(within(plain!).queryByText('Checked twice')).not.toBeInTheDocument()
})

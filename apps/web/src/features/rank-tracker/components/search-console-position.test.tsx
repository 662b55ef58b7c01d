// Search Console's average positions on the Rank Tracker (issue 18 item 2): under the keyword with
// their source and import time, a dashed line of their own in the chart, and never part of the rank
// checks' position, change or summary.
import {
  rangeDays,
  type RankHistory,
  type RankKeywordsHistory,
} from '@localseo/shared/rank-tracker'
import { screen, within } from '@testing-library/react'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { measureCharts } from '@/test/chart-size'
import { json, storeSession, stubNetwork } from '@/test/network'
import { historyHandlers } from '@/test/rank-history'
import { loadScreens, renderApp } from '@/test/render-app'

measureCharts()

const days = rangeDays('2026-11-25', 7)
const at = '2026-11-25T09:12:00.000Z'
const tracked = [
  { id: 'k1', keyword: 'dentist austin', createdAt: at, sample: false, volume: 900 },
  { id: 'k2', keyword: 'dentist round rock', createdAt: at, sample: false, volume: 200 },
]
const importedAt = new Date(Date.now() - 2 * 3600_000).toISOString()
const history: RankKeywordsHistory & Pick<RankHistory, 'budget'> = {
  range: 7,
  days,
  simulated: false,
  keywords: [
    {
      ...tracked[0]!,
      checks: [20, 19, 18, 17, 16, 15, 14],
      latestCheck: { provider: 'SerpApi', checkedAt: at, simulated: false, map: null },
      searchConsole: {
        points: [
          { day: days[2]!, position: 5.63, impressions: 40 },
          { day: days[4]!, position: 4.24, impressions: 31 },
        ],
        importedAt,
      },
    },
    {
      ...tracked[1]!,
      checks: [30, 30, 30, 30, 30, 30, 30],
      latestCheck: { provider: 'SerpApi', checkedAt: at, simulated: false, map: null },
      searchConsole: null,
    },
  ],
}

beforeAll(async () => {
  await loadScreens(paths.rankTracker)
})

test("a keyword's Search Console average position is named as such, apart from its rank checks", async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-tracker/keywords': () => json({ keywords: tracked }),
    ...historyHandlers(() => history),
  })
  renderApp('/rank-tracker')
  const table = await screen.findByRole('table', { name: 'Keyword Rankings' })
  const [first, second] = within(table).getAllByRole('row').slice(1)
  // The latest day's average with one decimal, its source and when it was imported.
  expect(
    within(first!).getByText('Search Console (average position): 4.2, imported 2 hours ago'),
  ).toBeVisible()
  expect(within(second!).queryByText(/Search Console/)).not.toBeInTheDocument()
  // The rank checks' figures are their own: #14, +1 since the check before; the summary averages them only.
  expect(within(first!).getByText('#14')).toBeVisible()
  expect(first).toHaveTextContent('+1 (improved since the check before)')
  const summary = within(screen.getByRole('list', { name: 'Ranking summary' }))
  expect(summary.getByText('Avg. Position').nextSibling).toHaveTextContent('22')

  // The chart: a dashed line of its own, named for what it is.
  expect(screen.getByText(/Dashed lines: Search Console \(average position\)/)).toBeVisible()
  const chart = within(screen.getByRole('figure', { name: 'Ranking Trends' }))
  // The chart draws once its container has been measured, after the first render (as in a browser).
  expect(
    await chart.findByText('dentist austin (Search Console average position)'),
  ).toBeInTheDocument()
  expect(chart.getByText('dentist austin')).toBeInTheDocument()
  expect(chart.queryByText('dentist round rock (Search Console average position)')).toBeNull()
  const figure = screen.getByRole('figure', { name: 'Ranking Trends' })
  expect(figure.querySelectorAll('.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveLength(1)
})

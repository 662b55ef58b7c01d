// The Rank Tracker chart's Map pack view (issue 34 item 1): one keyword's daily map-pack position
// and a dashed line per followed competitor, named in the legend, from /api/competitors/map-history.
import type { MapHistory } from '@localseo/shared/competitors'
import { rangeDays, type RankKeywordsHistory } from '@localseo/shared/rank-tracker'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { measureCharts } from '@/test/chart-size'
import { json, storeSession, stubNetwork } from '@/test/network'
import { historyHandlers } from '@/test/rank-history'
import { loadScreens, renderApp } from '@/test/render-app'

measureCharts()

const K1 = '7d0b6f1e-6a57-4d0b-9a57-0b6f1e6a574d'
const K2 = '0b6f1e6a-574d-4d0b-9a57-7d0b6f1e6a57'
const at = '2026-11-25T09:12:00.000Z'
const tracked = [
  { id: K1, keyword: 'dentist austin', createdAt: at, sample: false, volume: 900 },
  { id: K2, keyword: 'emergency dentist', createdAt: at, sample: false, volume: 200 },
]
const days = rangeDays('2026-11-25', 30)
const history: RankKeywordsHistory = {
  range: 30,
  days,
  simulated: false,
  keywords: tracked.map((k) => ({
    ...k,
    checks: days.map(() => 5),
    latestCheck: { provider: 'SerpApi', checkedAt: at, simulated: false, map: null },
    searchConsole: null,
  })),
}

const mapDays = days.slice(-3)
function mapHistory(competitors: MapHistory['competitors']): MapHistory {
  return {
    days: mapDays,
    you: [
      { day: mapDays[0]!, position: 4 },
      { day: mapDays[1]!, position: 3 },
      { day: mapDays[2]!, position: null },
    ],
    competitors,
  }
}

function signIn(
  competitors: MapHistory['competitors'],
  { simulated = false, checked = true } = {},
) {
  storeSession()
  const asked: string[] = []
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-tracker/keywords': () => json({ keywords: tracked }),
    ...historyHandlers(() => ({ ...history, simulated })),
    'GET /api/competitors/map-history': (request) => {
      asked.push(new URL(request.url).searchParams.toString())
      return json(checked ? mapHistory(competitors) : { days: [], you: [], competitors: [] })
    },
  })
  renderApp('/rank-tracker')
  return asked
}

beforeAll(async () => {
  await loadScreens(paths.rankTracker)
})

const openMapView = async () => {
  const mapPack = await screen.findByRole('button', { name: 'Map pack' })
  await userEvent.click(mapPack)
  expect(mapPack).toHaveAttribute('aria-pressed', 'true')
  expect(screen.getByRole('button', { name: 'Search results' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
}

test("the Map pack view draws the business's line and a dashed, named line per followed competitor", async () => {
  const asked = signIn([
    {
      id: 'c1',
      name: 'Summit Dentist',
      positions: mapDays.map((day) => ({ day, position: 1 })),
    },
    {
      id: 'c2',
      name: 'Oak Hill Dentist',
      positions: mapDays.map((day, i) => ({ day, position: i === 1 ? null : 6 })),
    },
  ])
  await openMapView()
  const chart = within(
    await screen.findByRole('figure', { name: 'Map-pack positions for dentist austin' }),
  )
  expect(await chart.findByText('You')).toBeInTheDocument()
  expect(chart.getByText('Summit Dentist')).toBeInTheDocument()
  expect(chart.getByText('Oak Hill Dentist')).toBeInTheDocument()
  const figure = screen.getByRole('figure', { name: /^Map-pack positions/ })
  expect(figure.querySelectorAll('.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveLength(2)
  expect(figure.querySelectorAll('.recharts-line-curve')).toHaveLength(3)
  expect(asked).toEqual([`location=main&keywordId=${K1}&range=30`])

  // Another keyword asks for its own history.
  await userEvent.selectOptions(screen.getByLabelText('Keyword'), K2)
  expect(
    await screen.findByRole('figure', { name: 'Map-pack positions for emergency dentist' }),
  ).toBeInTheDocument()
  expect(asked.at(-1)).toBe(`location=main&keywordId=${K2}&range=30`)
})

test('without followed competitors it draws the business alone and links to the Competitors screen', async () => {
  signIn([])
  await openMapView()
  const figure = await screen.findByRole('figure', { name: /^Map-pack positions/ })
  expect(await within(figure).findByText('You')).toBeInTheDocument()
  expect(figure.querySelectorAll('.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveLength(0)
  expect(screen.getByRole('link', { name: 'Follow competitors' })).toHaveAttribute(
    'href',
    '/competitors?location=main',
  )
})

test('simulated map positions are labelled so', async () => {
  signIn([], { simulated: true })
  await openMapView()
  const figure = await screen.findByRole('figure', { name: /^Map-pack positions/ })
  const badge = figure.previousElementSibling
  expect(badge).toHaveAttribute('data-source', 'simulated')
  expect(badge).toHaveTextContent(/^Simulated/)
})

test('without a daily map check in the range there is no chart, and it says why', async () => {
  signIn([], { checked: false })
  await openMapView()
  expect(
    await screen.findByText('No daily map check of this keyword in the last 30 days yet.'),
  ).toBeVisible()
  expect(screen.queryByRole('figure', { name: /^Map-pack positions/ })).toBeNull()
})

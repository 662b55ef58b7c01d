// The dashboard's Business Profile card (issue 33 item 5): the four figures with their change, the
// views split by Maps/Search and phone/computer, the chart, the top searches with Google's '< N',
// and the source; and its honest states: sample, not linked, not imported yet, failed with
// Google's reason. It follows the location the dashboard shows.
import {
  addDays,
  type PerformanceDay,
  type ProfilePerformance,
} from '@localseo/shared/business-profile-performance'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

// happy-dom lays nothing out: the chart's container gets the size a browser would measure, and
// the card, which the dashboard renders once it comes near the viewport (components/when-near.tsx),
// renders at once, as where IntersectionObserver is missing.
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', undefined)
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.classList.contains('recharts-responsive-container')
      ? new DOMRect(0, 0, 800, 300)
      : new DOMRect()
  })
})

beforeAll(async () => {
  await loadScreens(paths.dashboard)
  await import('./performance-card')
})

const business = { ...savedBusiness, locations: twoLocations.slice(0, 1) }
const importedAt = new Date(Date.now() - 3 * 3600_000).toISOString()

const day = (d: string, calls: number): PerformanceDay => ({
  day: d,
  desktopMaps: 1,
  desktopSearch: 2,
  mobileMaps: 3,
  mobileSearch: 4,
  calls,
  directions: 1,
  websiteClicks: 2,
})

const totals = (scale: number) => ({
  desktopMaps: 28 * scale,
  desktopSearch: 56 * scale,
  mobileMaps: 84 * scale,
  mobileSearch: 112 * scale,
  impressions: 280 * scale,
  maps: 112 * scale,
  search: 168 * scale,
  mobile: 196 * scale,
  desktop: 84 * scale,
  calls: 42 * scale,
  directions: 28 * scale,
  websiteClicks: 56 * scale,
})

const linked = (
  overrides: Partial<Extract<ProfilePerformance, { status: 'linked' }>> = {},
): ProfilePerformance => ({
  status: 'linked',
  profile: { googleLocation: 'locations/1', title: 'Sunrise Dental', sample: false },
  source: { kind: 'google', importedAt },
  failure: null,
  range: { from: '2025-09-10', to: '2026-03-06' },
  current: { period: { from: '2026-02-07', to: '2026-03-06' }, totals: totals(2) },
  previous: { period: { from: '2026-01-10', to: '2026-02-06' }, totals: totals(1) },
  change: {
    impressions: 100,
    calls: 100,
    directions: 100,
    websiteClicks: 0,
    maps: 100,
    search: 100,
    mobile: 100,
    desktop: 100,
    desktopMaps: 100,
    desktopSearch: 100,
    mobileMaps: 100,
    mobileSearch: 100,
  },
  days: Array.from({ length: 90 }, (_, i) => day(addDays('2025-12-07', i), i === 80 ? 9 : 3)),
  searchTerms: {
    startMonth: '2025-12',
    endMonth: '2026-02',
    total: 14,
    terms: [
      { keyword: 'dentist austin', impressions: 1520, below: null },
      { keyword: 'emergency dentist near me', impressions: null, below: 15 },
    ],
  },
  ...overrides,
})

async function card(answer: (location: string) => ProfilePerformance) {
  storeSession()
  const asked: string[] = []
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile/performance': (request) => {
      const location = new URL(request.url).searchParams.get('location') ?? ''
      asked.push(location)
      return json(answer(location))
    },
  })
  renderApp('/dashboard')
  const region = await screen.findByRole(
    'region',
    { name: 'Google Business Profile' },
    { timeout: 5000 },
  )
  return { card: within(region), asked }
}

test('the four figures against the 28 days before, where people saw the profile, the chart and the searches, with the source', async () => {
  const { card: profile } = await card(() => linked())
  expect(await profile.findByText('Profile views', { selector: 'dt' })).toBeVisible()
  const figures = profile.getAllByRole('definition')
  expect(figures.map((f) => f.textContent)).toEqual([
    '560',
    '+100% vs the 28 days before',
    '84',
    '+100% vs the 28 days before',
    '56',
    '+100% vs the 28 days before',
    '112',
    'Same as the 28 days before',
  ])
  const where = within(profile.getByRole('table', { name: 'Where people saw your profile' }))
  expect(where.getByRole('row', { name: /Google Maps/ })).toHaveTextContent('Google Maps16856224')
  expect(where.getByRole('row', { name: /All/ })).toHaveTextContent('All392168560')
  const searches = within(
    profile.getByRole('table', {
      name: 'Searches that showed your profile, December 2025 – February 2026',
    }),
  )
  expect(searches.getAllByRole('row')[2]).toHaveTextContent('emergency dentist near me< 15')
  expect(profile.getByText('The top 2 of 14 searches.')).toBeVisible()
  expect(
    profile.getByText(/Source: Google Business Profile \(Sunrise Dental\), imported 3 hours ago/),
  ).toHaveTextContent('Last 28 days: Feb 7, 2026 – Mar 6, 2026, up to the last day Google has')

  // The chart shows one figure at a time, summarised in words.
  expect(profile.getByText(/Profile views: 900 over the 90 days/)).toBeVisible()
  await userEvent.click(profile.getByRole('tab', { name: 'Calls' }))
  expect(profile.getByText('Calls: 276 over the 90 days, most on Feb 25, 2026 (9).')).toBeVisible()
})

test('sample figures carry the Sample badge and say nothing is read from Google', async () => {
  const { card: profile } = await card(() =>
    linked({
      profile: { googleLocation: 'locations/sample-main', title: 'Sunrise Dental', sample: true },
      source: { kind: 'sample' },
    }),
  )
  expect(await profile.findByText('Sample')).toBeVisible()
  expect(profile.getByText(/Sample figures for a sample profile/)).toBeVisible()
})

test('a place not linked points to Settings; the card follows the location picked', async () => {
  const { card: profile, asked } = await card((location) =>
    location === 'main' ? linked() : { status: 'not_linked' },
  )
  expect(await profile.findByText('Profile views', { selector: 'dt' })).toBeVisible()
  await userEvent.selectOptions(screen.getByLabelText('Location'), twoLocations[0]!.id)
  // The dashboard's cards below the first screen wait for its figures of the new place, so the
  // card is drawn again: the link is looked for on the page.
  expect(
    await screen.findByRole('link', { name: 'Link this location in Settings' }),
  ).toHaveAttribute('href', '/settings')
  expect(asked).toEqual(['main', twoLocations[0]!.id])
})

test('not imported yet says when the figures come', async () => {
  const { card: waiting } = await card(() =>
    linked({
      source: { kind: 'not_imported' },
      current: null,
      previous: null,
      change: null,
      range: null,
      days: [],
      searchTerms: null,
    }),
  )
  expect(
    await waiting.findByText('Your profile’s figures arrive with the next daily Google import.'),
  ).toBeVisible()
})

test("Google's refusal is shown with its words; the figures before are kept and said to be", async () => {
  const failure = {
    at: importedAt,
    reason: 'Google Business Profile refused: Quota exceeded. Request Business Profile API access.',
  }
  const { card: profile } = await card(() => linked({ failure }))
  expect(
    await profile.findByText(
      /The last import failed \(3 hours ago\): Google Business Profile refused: Quota exceeded\./,
    ),
  ).toHaveTextContent('The figures below are from the import before.')
  expect(profile.getAllByText('560')[0]).toBeVisible()
})

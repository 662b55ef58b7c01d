// Simulated Google Search Console and Analytics (docs/product.md §7 "Simulated locally"), behind an interface so
// the real Google APIs can replace it. Figures are deterministic per business, location and day, and
// derived from the planner's estimates and the Rank Tracker's simulated positions over the last 28
// days (issue 32 item 3), so a search never shows more impressions than the planner estimates searches.
import { businessTerms, type TermsSource } from '@localseo/shared/business-terms'
import { normaliseKeyword } from '@localseo/shared/keyword-engine'
import { slug } from '@localseo/shared/slug'
import type {
  AnalyticsData,
  ConnectResult,
  GoogleService,
  SearchConsoleData,
  SimulatedPeriod,
} from '@localseo/shared/integrations'
import { simulatedConnectMessage } from '@localseo/shared/integrations'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { seededRandom } from '@localseo/shared/random'

/**
 * One search of the simulated Search Console: the planner's monthly estimate for it and the
 * simulated position of each day of the period, so the impressions are a share of the searches the
 * planner estimates, at the positions the Rank Tracker simulates (issue 32 item 3).
 */
interface SimulatedSearch {
  query: string
  /** Searches a month, the keyword data provider's figure; null when there is no estimate. */
  monthlyVolume: number | null
  /** The simulated position on each day of the period, oldest first. */
  positions: number[]
}

export interface GoogleDataRequest {
  businessId: string
  location: ResolvedLocation
  /** Cities of the business and all its locations, for the Analytics visitor map. */
  cities: string[]
  /** YYYY-MM-DD: the figures change from day to day, not from reload to reload. */
  day: string
  /** The days the figures cover: the SIMULATED_PERIOD_DAYS before `day`. */
  period: SimulatedPeriod
  /** The searches the business is simulated to show up for. */
  searches: SimulatedSearch[]
}

export interface GoogleDataProvider {
  connect(service: GoogleService): Promise<ConnectResult>
  searchConsole(request: GoogleDataRequest): Promise<SearchConsoleData>
  analytics(request: GoogleDataRequest): Promise<AnalyticsData>
}

/** The period simulated figures cover, as Google's own reports default to. */
export const SIMULATED_PERIOD_DAYS = 28

const CONNECT_DELAY_MS = 1500
const FETCH_DELAY_MS = 1000
const DAYS_PER_MONTH = 365 / 12

/** Expected click-through rate by rank: the usual steep curve of organic results. */
function ctrFor(position: number): number {
  return Math.max(0.005, 0.3 / Math.pow(position, 0.9))
}

/**
 * The share of a search's searchers who are shown the website at this position: nearly all on the
 * first page, few on the second and third, almost none further down.
 */
function shownShare(position: number): number {
  return position <= 10 ? 0.95 : position <= 20 ? 0.2 : position <= 30 ? 0.06 : 0.01
}

/** Integer percentages that sum to exactly 100. */
function percentages(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0)
  const raw = weights.map((w) => (w / total) * 100)
  const floors = raw.map(Math.floor)
  let rest = 100 - floors.reduce((a, b) => a + b, 0)
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0])
  for (const [, i] of order) {
    if (rest-- <= 0) break
    floors[i] = (floors[i] ?? 0) + 1
  }
  return floors
}

/** The searches the simulation shows the website for: the business's noun and first services. */
export function simulatedQueries(business: TermsSource, location: ResolvedLocation): string[] {
  const { noun, services } = businessTerms(business)
  const city = location.city.trim()
  const queries = [
    city ? `${noun} ${city}` : `${noun} near me`,
    `${noun} near me`,
    city ? `best ${noun} in ${city}` : `best ${noun}`,
    city ? `${services[0] ?? noun} ${city}` : `${services[0] ?? noun}`,
    `${services[1] ?? `${noun} prices`} near me`,
  ]
  return [...new Set(queries.map(normaliseKeyword))]
}

/** One search over the period: impressions a share of the estimated searches, by position. */
function searchFigures({ monthlyVolume, positions }: SimulatedSearch) {
  const perDay = (monthlyVolume ?? 0) / DAYS_PER_MONTH
  let shown = 0
  let clicked = 0
  let weighted = 0
  for (const position of positions) {
    const impressions = perDay * shownShare(position)
    shown += impressions
    clicked += impressions * ctrFor(position)
    weighted += impressions * position
  }
  const impressions = Math.round(shown)
  const clicks = Math.min(impressions, Math.round(clicked))
  const position = shown > 0 ? Math.round((weighted / shown) * 10) / 10 : 0
  const ctr = impressions > 0 ? Math.round((clicks / impressions) * 1000) / 10 : 0
  return { impressions, clicks, position, ctr }
}

export function simulateSearchConsole(request: GoogleDataRequest): SearchConsoleData {
  const random = seededRandom(
    'search-console',
    request.businessId,
    request.location.id,
    request.day,
  )
  // A search the website was never shown for is not in Search Console's report.
  const keywords = request.searches
    .map((search) => ({ query: search.query, ...searchFigures(search) }))
    .filter((row) => row.impressions > 0)
    .sort((a, b) => b.impressions - a.impressions || a.position - b.position)
  const impressions = keywords.reduce((n, k) => n + k.impressions, 0)
  const clicks = keywords.reduce((n, k) => n + k.clicks, 0)
  const locationPage = request.location.isMain
    ? '/about'
    : `/locations/${slug(request.location.name)}`
  // The pages share out the same impressions and clicks as the searches.
  const urls = ['/', '/services', locationPage, '/contact']
  const shares = percentages(urls.map((_, i) => random.int(20, 60) / (i + 1)))
  const average =
    impressions > 0 ? keywords.reduce((n, k) => n + k.position * k.impressions, 0) / impressions : 0
  const pages = urls
    .map((url, i) => ({
      url,
      impressions: Math.round((impressions * (shares[i] ?? 0)) / 100),
      clicks: Math.round((clicks * (shares[i] ?? 0)) / 100),
      position: Math.round(average * random.float(0.85, 1.15) * 10) / 10,
    }))
    .filter((page) => page.impressions > 0)
    .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions)
  const [mobile = 0, desktop = 0, tablet = 0] = percentages([
    random.int(55, 70),
    random.int(22, 38),
    random.int(3, 8),
  ])
  return { keywords, pages, devices: { mobile, desktop, tablet } }
}

/**
 * Visitors of the period: the clicks from the simulated searches are the organic visitors, and the
 * other channels are added in proportion, so Analytics agrees with Search Console and the planner.
 */
export function simulateAnalytics(request: GoogleDataRequest): AnalyticsData {
  const random = seededRandom('analytics', request.businessId, request.location.id, request.day)
  const searchClicks = request.searches.reduce((n, s) => n + searchFigures(s).clicks, 0)
  const [organic = 0, direct = 0, referral = 0, social = 0] = percentages([
    random.int(40, 60),
    random.int(15, 25),
    random.int(5, 15),
    random.int(5, 12),
  ])
  const total = organic > 0 ? Math.round((searchClicks * 100) / organic) : 0
  const newUsers = Math.round(total * random.float(0.6, 0.75))
  const pages = ['/', '/services', '/contact', '/about']
    .map((url, i) => ({
      url,
      pageviews: Math.round((total * random.float(0.9, 1.6)) / (i + 1)),
      avgTimeOnPage: random.int(35, 210),
      bounceRate: Math.round(random.float(30, 70) * 10) / 10,
    }))
    .sort((a, b) => b.pageviews - a.pageviews)
  const cities = [...new Set([request.location.city, ...request.cities].filter(Boolean))].slice(
    0,
    4,
  )
  const shares = percentages([
    ...cities.map((_, i) => random.int(20, 50) / (i + 1)),
    random.int(10, 25),
  ])
  const locations = [...cities, 'Other'].map((city, i) => ({
    city,
    percentage: shares[i] ?? 0,
    visitors: Math.round((total * (shares[i] ?? 0)) / 100),
  }))
  return {
    visitors: { total, newUsers, returningUsers: total - newUsers },
    traffic: { organic, direct, referral, social },
    pages,
    locations,
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createSimulatedGoogleProvider({ delays }: { delays: boolean }): GoogleDataProvider {
  const pause = (ms: number) => (delays ? wait(ms) : Promise.resolve())
  return {
    async connect(service) {
      await pause(CONNECT_DELAY_MS)
      // No Google sign-in happens here, and the owner is told so (issue 32 item 3).
      return { success: true, message: simulatedConnectMessage(service) }
    },
    async searchConsole(request) {
      await pause(FETCH_DELAY_MS)
      return simulateSearchConsole(request)
    },
    async analytics(request) {
      await pause(FETCH_DELAY_MS)
      return simulateAnalytics(request)
    },
  }
}

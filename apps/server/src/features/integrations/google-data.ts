// Simulated Google Search Console and Analytics (docs/product.md §7 "Simulated locally"), behind an interface so
// the real Google APIs can replace it. Figures are deterministic per business, location and day, and
// a non-main location sees them scaled by a steady factor in 0.5-1 (docs/product.md §9).
import { slug } from '@localseo/shared/slug'
import { categoryTerms } from '@localseo/shared/category-terms'
import type {
  AnalyticsData,
  ConnectResult,
  GoogleService,
  SearchConsoleData,
} from '@localseo/shared/integrations'
import { GOOGLE_SERVICE_NAMES } from '@localseo/shared/integrations'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { seededRandom } from '@localseo/shared/random'

export interface GoogleDataRequest {
  businessId: string
  category: string
  location: ResolvedLocation
  /** Cities of the business and all its locations, for the Analytics visitor map. */
  cities: string[]
  /** YYYY-MM-DD: the figures change from day to day, not from reload to reload. */
  day: string
}

export interface GoogleDataProvider {
  connect(service: GoogleService): Promise<ConnectResult>
  searchConsole(request: GoogleDataRequest): Promise<SearchConsoleData>
  analytics(request: GoogleDataRequest): Promise<AnalyticsData>
}

const CONNECT_DELAY_MS = 1500
const FETCH_DELAY_MS = 1000

/** Expected click-through rate by rank: the usual steep curve of organic results. */
function ctrFor(position: number): number {
  return Math.max(0.005, 0.3 / Math.pow(position, 0.9))
}

function scaleFor({ businessId, location }: GoogleDataRequest): number {
  return location.isMain ? 1 : seededRandom('scale', businessId, location.id).float(0.5, 1)
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

export function simulateSearchConsole(request: GoogleDataRequest): SearchConsoleData {
  const { noun, services } = categoryTerms(request.category)
  const city = request.location.city || 'your area'
  const random = seededRandom(
    'search-console',
    request.businessId,
    request.location.id,
    request.day,
  )
  const scale = scaleFor(request)
  const queries = [
    `${noun} ${city}`.toLowerCase(),
    `${noun} near me`,
    `best ${noun} in ${city}`.toLowerCase(),
    `${services[0] ?? 'services'} ${city}`.toLowerCase(),
    `${services[1] ?? 'pricing'} near me`.toLowerCase(),
  ]
  const keywords = queries
    .map((query) => {
      const position = Math.round(random.float(1, 30) * 10) / 10
      const impressions = Math.round(random.int(120, 3000) * scale)
      const ctr = Math.round(ctrFor(position) * 1000) / 10
      return { query, position, impressions, clicks: Math.round((impressions * ctr) / 100), ctr }
    })
    .sort((a, b) => a.position - b.position)
  const locationPage = request.location.isMain
    ? '/about'
    : `/locations/${slug(request.location.name)}`
  const pages = ['/', '/services', locationPage, '/contact']
    .map((url) => {
      const position = Math.round(random.float(1, 25) * 10) / 10
      const impressions = Math.round(random.int(200, 5000) * scale)
      return { url, position, impressions, clicks: Math.round(impressions * ctrFor(position)) }
    })
    .sort((a, b) => b.clicks - a.clicks)
  const [mobile = 0, desktop = 0, tablet = 0] = percentages([
    random.int(55, 70),
    random.int(22, 38),
    random.int(3, 8),
  ])
  return { keywords, pages, devices: { mobile, desktop, tablet } }
}

export function simulateAnalytics(request: GoogleDataRequest): AnalyticsData {
  const random = seededRandom('analytics', request.businessId, request.location.id, request.day)
  const scale = scaleFor(request)
  const total = Math.round(random.int(800, 5000) * scale)
  const newUsers = Math.round(total * random.float(0.6, 0.75))
  const [organic = 0, direct = 0, referral = 0, social = 0] = percentages([
    random.int(40, 60),
    random.int(15, 25),
    random.int(5, 15),
    random.int(5, 12),
  ])
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
      return {
        success: true,
        message: `Successfully connected to ${GOOGLE_SERVICE_NAMES[service]}`,
      }
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

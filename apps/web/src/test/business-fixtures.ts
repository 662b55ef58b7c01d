// Server-shaped fixtures for the business, its locations and the Google data (docs/product.md §3).
import type { Business, Location } from '@localseo/shared/business'
import type {
  AnalyticsData,
  GoogleAccount,
  GoogleConnections,
  SearchConsoleData,
} from '@localseo/shared/integrations'
import { json, namedBusiness, signedInHandlers } from './network'
import { keywordRecord } from './keyword-fixtures'

export const savedBusiness: Business = {
  ...namedBusiness,
  address: '100 Congress Ave',
  zip: '78701',
  phone: '(512) 555-0100',
  website: 'sunrisedental.com',
}

export function makeLocation(overrides: Partial<Location> = {}): Location {
  return {
    id: 'loc_1',
    businessId: savedBusiness.id,
    name: 'Sunrise Dental - Downtown',
    address: '200 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78702',
    country: 'US',
    phone: '(512) 555-0111',
    pageUrl: '',
    ...overrides,
  }
}

export const twoLocations: Location[] = [
  makeLocation(),
  makeLocation({
    id: 'loc_2',
    name: 'Sunrise Dental - Round Rock',
    address: '5 Oak Rd',
    city: 'Round Rock',
    zip: '78664',
    country: 'US',
    phone: '',
    pageUrl: '',
  }),
]

export const searchConsoleData: SearchConsoleData = {
  keywords: [
    { query: 'dentist austin', position: 4.2, clicks: 120, impressions: 2400, ctr: 0.05 },
    { query: 'dentist near me', position: 14.8, clicks: 40, impressions: 1800, ctr: 0.022 },
  ],
  pages: [{ url: '/', clicks: 90, impressions: 2000, position: 6 }],
  devices: { mobile: 61, desktop: 33, tablet: 6 },
}

export const analyticsData: AnalyticsData = {
  visitors: { total: 1520, newUsers: 980, returningUsers: 540 },
  traffic: { organic: 48, direct: 27, referral: 15, social: 10 },
  pages: [
    { url: '/', pageviews: 900, avgTimeOnPage: 75, bounceRate: 40 },
    { url: '/services', pageviews: 420, avgTimeOnPage: 95, bounceRate: 35 },
    { url: '/contact', pageviews: 210, avgTimeOnPage: 40, bounceRate: 50 },
    { url: '/blog/flossing', pageviews: 90, avgTimeOnPage: 120, bounceRate: 60 },
  ],
  locations: [{ city: 'Austin', visitors: 1200, percentage: 79 }],
}

export const dashboardBody = {
  score: 72,
  scoreSource: { kind: 'estimate' },
  topKeywords: [
    keywordRecord('dentist austin', 4, 6, { id: 'k1', volume: 880, sample: true }),
    keywordRecord('emergency dentist', 15, 15, { id: 'k2', volume: 320 }),
    keywordRecord('teeth whitening', 27, 22, { id: 'k3', volume: 210 }),
  ],
  issues: [
    { id: 'website-missing', severity: 'high', description: 'Add your website.', area: 'profile' },
    {
      id: 'location-phone-missing:loc_2',
      severity: 'medium',
      description: 'Round Rock has no phone.',
      area: 'profile',
    },
    {
      id: 'audit-failed',
      severity: 'high',
      description: 'Your latest site audit failed. Your website did not answer.',
      area: 'site-audit',
    },
  ],
  recentActivity: [
    {
      id: 'a1',
      kind: 'business_saved',
      message: 'Business information saved',
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
  ],
}

/** A signed-in owner with this business and these connections, and the reads every screen makes. */
export function ownerHandlers({
  business = savedBusiness,
  connections = { searchConsole: false, analytics: false },
  google = { status: 'simulated' },
}: { business?: Business; connections?: GoogleConnections; google?: GoogleAccount } = {}) {
  return {
    ...signedInHandlers(business),
    'GET /api/integrations': () => json({ connections, google }),
    // The Website Analytics card's state (issue 18 item 3): sample figures while Google is simulated.
    'GET /api/integrations/google/analytics': () =>
      json(google.status === 'simulated' ? { status: 'simulated' } : { status: 'not_connected' }),
    // Settings' Business Profile card (issue 33): no profiles to link.
    'GET /api/business-profile/locations': () =>
      json({ status: 'ready', sample: true, accounts: [], suggestions: [] }),
    'GET /api/dashboard': () => json(dashboardBody),
    // The dashboard's Business Profile card (issue 33 item 5): no profile linked.
    'GET /api/business-profile/performance': () => json({ status: 'not_linked' }),
    // No site audit yet (the dashboard's Issues to Fix card asks).
    'GET /api/site-audit/runs': () => json({ runs: [] }),
    'GET /api/ai/status': () =>
      json({
        connected: true,
        engine: 'built-in',
        message: 'Connected and working properly',
        quota: { limit: 50, usedToday: 0, counts: 'model-calls' },
      }),
  }
}

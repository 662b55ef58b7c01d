// Sample performance (issue 33 items 5 and 7, ADR 035 "Samples"): without GOOGLE_CLIENT_ID a sample
// profile location has daily figures and search terms the dashboard card can show, labelled
// 'Sample' and removed with the other sample data. Each day's figures are seeded by the business,
// the profile location and the day (docs/house-rules.md "Deterministic simulation"), so every import
// writes the same for the same day. Magnitudes are a small local business's: a few dozen views a
// day, a handful of calls, direction requests and website visits, fewer at weekends.
import type { PerformanceDay } from '@localseo/shared/business-profile-performance'
import { seededRandom } from '@localseo/shared/random'
import type { SearchKeywordImpressions } from './google-api.js'

/** One sample place's figures for one day. */
export function sampleDay(businessId: string, googleLocation: string, day: string): PerformanceDay {
  const place = seededRandom('sample-performance', businessId, googleLocation)
  // Each place its own size, so two locations do not show the same figures.
  const size = place.float(0.7, 1.4)
  const random = seededRandom('sample-performance', businessId, googleLocation, day)
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  const week = weekday === 0 || weekday === 6 ? 0.65 : 1
  const around = (mean: number) =>
    Math.max(0, Math.round(mean * size * week * random.float(0.6, 1.4)))
  return {
    day,
    desktopMaps: around(6),
    desktopSearch: around(14),
    mobileMaps: around(32),
    mobileSearch: around(45),
    calls: around(3),
    directions: around(4),
    websiteClicks: around(6),
  }
}

/** The search terms of a sample place: its kind of business, its town and its own name. */
export function sampleSearchTerms(
  businessId: string,
  googleLocation: string,
  place: { title: string; category: string; city: string },
): SearchKeywordImpressions[] {
  const random = seededRandom('sample-search-terms', businessId, googleLocation)
  const kind = place.category.trim().toLowerCase() || 'local business'
  const city = place.city.trim().toLowerCase()
  const terms = [
    `${kind} near me`,
    city ? `${kind} ${city}` : `best ${kind}`,
    place.title.trim().toLowerCase(),
    `${kind} open now`,
    `emergency ${kind}`,
    `cheap ${kind}${city ? ` ${city}` : ''}`,
    `${kind} reviews`,
  ]
  let count = random.int(900, 1600)
  return [...new Set(terms)].map((keyword, i) => {
    count = Math.round(count * random.float(0.35, 0.7))
    // Google reports a rare term only as below a threshold: the last two are.
    return i < 5
      ? { keyword, impressions: Math.max(count, 15), below: null }
      : { keyword, impressions: null, below: 15 }
  })
}

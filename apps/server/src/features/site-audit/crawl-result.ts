// What a crawl produces (crawler.ts) and what the checks read: pages with their facts, robots.txt
// rules per origin, sitemaps and traps. Plus the crawl's default bounds (issue 11 item 1).
import type { AuditEndReason } from '@localseo/shared/site-audit'
import type { FetchFailureKind } from './fetcher.js'
import type { PageFacts } from './html.js'
import type { Robots } from './robots.js'
import type { SitemapReport } from './sitemaps.js'

export const CRAWL_DEFAULTS = {
  budget: 200,
  maxDepth: 5,
  connectionsPerHost: 2,
  requestTimeoutMs: 15_000,
  maxPageBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  watchdogMs: 5 * 60_000,
  /** Retries of a 429 or 503 before the page counts as blocked; Retry-After is honoured up to 10 s. */
  maxRetries: 2,
  retryBaseMs: 1_000,
  /** Consecutive blocked answers after which a host is left alone. */
  maxBlockedStreak: 5,
  /** URLs of one numbered shape (calendar-like / other) before the rest are skipped as a trap. */
  calendarPatternCap: 10,
  numberedPatternCap: 50,
} as const

/** Our robots.txt token; the fetcher sends the full User-Agent with a contact URL. */
export const CRAWL_AGENT = 'LocalSEO-AI'

export interface StartUrl {
  url: string
  /** null for the business website; a location id for that location's page. */
  locationId: string | null
}

export type BlockKind = 'rate-limited' | 'server-busy' | 'bot-wall'

export interface CrawledPage {
  /** As linked (or as given for a start page). */
  url: string
  finalUrl: string
  depth: number
  status?: number
  /** The URLs that answered with a redirect before finalUrl (empty when none did). */
  redirects: string[]
  contentType?: string
  xRobotsTag?: string
  linkHeader?: string
  failure?: FetchFailureKind
  blocked?: BlockKind
  truncated: boolean
  /** The start page of these (null = the website). */
  startFor: (string | null)[]
  /** Parsed HTML of a 2xx same-site page reached for the first time. */
  facts?: PageFacts
}

export interface RobotsBlockedUrl {
  url: string
  robotsUrl: string
  line?: number
  /** Googlebot may not fetch it; otherwise only our auditor is refused. */
  forGoogle: boolean
  /** We obeyed the rule and did not fetch it. */
  skipped: boolean
  startFor: (string | null)[]
}

export interface CrawlTrap {
  pattern: string
  example: string
  skipped: number
}

export type CrawlEndReason = Exclude<AuditEndReason, 'unreachable'>

export interface CrawlProgress {
  pagesCrawled: number
  budget: number
}

export interface CrawlResult {
  startUrls: StartUrl[]
  pages: CrawledPage[]
  robots: Robots[]
  robotsBlocked: RobotsBlockedUrl[]
  sitemaps: SitemapReport[]
  sitemapUrls: number
  traps: CrawlTrap[]
  endReason: CrawlEndReason
  budget: number
  durationMs: number
}

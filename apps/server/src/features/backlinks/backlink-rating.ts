// What a check stores besides the status (issue 32 item 4, ADR 032): the link's quality rated from
// measured signals (shared backlink-quality.ts), and the referring domain's rank and spam score from
// the backlink data provider when the instance has one. Asked at most once a month per domain and
// business; a provider that fails leaves the last figures (with their date) and never stores one.
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm'
import { getDomain } from 'tldts'
import { rateBacklink } from '@localseo/shared/backlink-quality'
import { backlinkStatusFor } from '@localseo/shared/backlinks'
import { platformsFor } from '@localseo/shared/listings'
import { platformUrl } from '@localseo/shared/local-places'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import type { Env } from '../../env.js'
import {
  BACKLINK_DATA_LABEL,
  BacklinkDataFailure,
  domainSummary,
  type DomainMetrics,
} from './dataforseo-backlinks.js'
import type { LinkCheck } from './verify.js'

/** Figures younger than this are used again instead of asking the provider. */
const METRICS_FRESH_MS = 30 * 24 * 60 * 60 * 1000

export interface BacklinkDataSource {
  label: string
  domainMetrics: (domain: string) => Promise<DomainMetrics>
}

/** DataForSEO when the instance has BACKLINK_DATA_PROVIDER=dataforseo and its login, else null. */
function backlinkDataSource(env: Env): BacklinkDataSource | null {
  if (
    env.BACKLINK_DATA_PROVIDER !== 'dataforseo' ||
    !env.DATAFORSEO_LOGIN ||
    !env.DATAFORSEO_PASSWORD
  ) {
    return null
  }
  const options = {
    baseUrl: env.DATAFORSEO_URL,
    login: env.DATAFORSEO_LOGIN,
    password: env.DATAFORSEO_PASSWORD,
    timeoutMs: env.BACKLINK_DATA_TIMEOUT_MS,
  }
  return { label: BACKLINK_DATA_LABEL, domainMetrics: (domain) => domainSummary(options, domain) }
}

/** The provider's name for the screens, or null when none is configured. */
export const backlinkDataLabel = (env: Env) => backlinkDataSource(env)?.label ?? null

export interface StoredMetrics {
  domainAuthority: number | null
  spamScore: number | null
  metricsSource: string | null
  metricsCheckedAt: Date | null
}

/** Registrable domain ('biz.yelp.com' and 'www.yelp.com' are 'yelp.com') to site name. */
export type CitationSites = ReadonlyMap<string, string>

/**
 * The listing and citation sites Local Listings tracks for the business (its category and country),
 * by registrable domain: a link from one of them is from a site the business is listed on.
 */
export async function citationSitesFor(db: Db, businessId: string): Promise<CitationSites> {
  const [row] = await db
    .select({ category: businesses.category, country: businesses.country })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  const sites = new Map<string, string>()
  for (const name of platformsFor(row?.category ?? '', row?.country ?? 'US')) {
    const url = platformUrl(name)
    const domain = url ? getDomain(url) : null
    if (domain && !sites.has(domain)) sites.set(domain, name)
  }
  return sites
}

const citationSiteOf = (sites: CitationSites, domain: string) =>
  sites.get(getDomain(domain) ?? domain) ?? null

/**
 * The referring domain's figures for a link being checked: the business's own figures for the
 * domain younger than a month, else the provider's answer now. Undefined when there is no provider,
 * or it failed (then the link keeps what it had).
 */
export async function metricsForCheck({
  db,
  env,
  businessId,
  domain,
  now,
  log,
}: {
  db: Db
  env: Env
  businessId: string
  domain: string
  now: Date
  log?: (reason: string) => void
}): Promise<StoredMetrics | undefined> {
  const source = backlinkDataSource(env)
  if (!source) return undefined
  const [fresh] = await db
    .select({
      domainAuthority: backlinks.domainAuthority,
      spamScore: backlinks.spamScore,
      metricsSource: backlinks.metricsSource,
      metricsCheckedAt: backlinks.metricsCheckedAt,
    })
    .from(backlinks)
    .where(
      and(
        eq(backlinks.businessId, businessId),
        eq(backlinks.domain, domain),
        isNotNull(backlinks.metricsSource),
        gte(backlinks.metricsCheckedAt, new Date(now.getTime() - METRICS_FRESH_MS)),
      ),
    )
    .orderBy(desc(backlinks.metricsCheckedAt))
    .limit(1)
  if (fresh) return fresh
  try {
    const figures = await source.domainMetrics(domain)
    return {
      domainAuthority: figures.domainRank,
      spamScore: figures.spamScore,
      metricsSource: source.label,
      metricsCheckedAt: now,
    }
  } catch (error) {
    if (!(error instanceof BacklinkDataFailure)) throw error
    log?.(error.message)
    return undefined
  }
}

/** The columns a check sets besides its status: the rating and, when asked, the figures. */
export function ratingChanges({
  check,
  now,
  link,
  metrics,
  sites,
}: {
  check: LinkCheck
  now: Date
  link: { url: string; domain: string } & Partial<StoredMetrics>
  sites: CitationSites
  /** Figures asked for this check; undefined keeps the link's stored ones. */
  metrics?: StoredMetrics | undefined
}) {
  const figures = metrics ?? link
  const { quality, basis } = rateBacklink({
    status: backlinkStatusFor(check.verification.outcome),
    outcome: check.verification.outcome,
    checkedAt: now.toISOString(),
    note: check.verification.note,
    linkType: check.linkType ?? 'nofollow',
    pageUrl: check.verification.finalUrl ?? link.url,
    citationSite: citationSiteOf(sites, link.domain),
    metrics: metricFacts(figures),
  })
  return { quality, qualityBasis: basis, ...(metrics ?? {}) }
}

const metricFacts = (figures: Partial<StoredMetrics>) =>
  figures.metricsSource
    ? {
        domainRank: figures.domainAuthority ?? null,
        spamScore: figures.spamScore ?? null,
        source: figures.metricsSource,
      }
    : null

/**
 * The rating after the owner marks a link broken or active: broken is Low; active is rated from the
 * last check when it found the link, else 'Not rated' (the owner's word is not a measurement).
 */
export function markedRating(
  row: Pick<
    typeof backlinks.$inferSelect,
    'url' | 'domain' | 'linkType' | 'verification' | 'lastCheckedAt'
  > &
    StoredMetrics,
  status: 'active' | 'broken',
  sites: CitationSites,
) {
  const { quality, basis } = rateBacklink({
    status,
    markedBroken: status === 'broken',
    outcome: row.verification?.outcome ?? null,
    checkedAt: row.lastCheckedAt?.toISOString() ?? null,
    note: row.verification?.note ?? null,
    linkType: row.linkType,
    pageUrl: row.verification?.finalUrl ?? row.url,
    citationSite: citationSiteOf(sites, row.domain),
    metrics: metricFacts(row),
  })
  return { quality, qualityBasis: basis }
}

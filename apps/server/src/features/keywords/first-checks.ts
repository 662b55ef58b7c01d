// The first check of keywords that were written without one (issue 30 item 8): the default keywords
// of a new business or location. Screens only read (docs/decisions/018-job-queue.md "No filling on
// view"): the request that writes the keywords sends a job, and the screens show them as 'Not
// checked yet' until it has stored their first positions. A keyword the owner tracks is checked by
// the request that tracks it.
import { createHash } from 'node:crypto'
import { resolveLocation } from '@localseo/shared/location-selection'
import { and, eq } from 'drizzle-orm'
import { keywords } from '../../db/schema/keywords.js'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessById } from '../../lib/tenant.js'
import { askKeywordFigures } from './ask-keyword-figures.js'
import { defineKeywordAnalysisJob } from './keyword-analyses.js'
import { rankProviderFor } from './provider-for.js'
import { checkNewKeywords } from './rank-checks.js'
import { checkToday } from './today-checks.js'

const FIRST_CHECKS_QUEUE = 'keywords.first-checks'
const ANALYSED_CHECK_QUEUE = 'keywords.analysed-check'
const ASK_FIGURES_QUEUE = 'keywords.ask-figures'

interface FiguresWanted {
  businessId: string
  locationId: string | null
  keywords: string[]
}

type FirstCheckDeps = Pick<
  AppDeps,
  | 'db'
  | 'env'
  | 'clock'
  | 'rank'
  | 'secrets'
  | 'metrics'
  | 'jobs'
  | 'firstChecks'
  | 'recordFoundPlace'
  | 'recordMapSightings'
  | 'measuredKeywords'
>

/**
 * Every scope's tracked keywords that were never checked get their first check, and with a keyword
 * data source, the business's keywords their figures.
 */
export async function runFirstChecks(deps: FirstCheckDeps, businessId: string) {
  const businessReadAt = deps.clock.now()
  const business = await getBusinessById(deps.db, businessId)
  if (!business) return
  // First, so the figures are stored when the positions land and the screens stop reading again.
  await askKeywordFigures(deps, business)
  const provider = await rankProviderFor(deps, businessId)
  for (const scope of ['main', ...business.locations.map((l) => l.id)]) {
    await checkNewKeywords({
      db: deps.db,
      provider,
      business,
      location: resolveLocation(business, scope),
      now: deps.clock.now(),
      firstChecks: deps.firstChecks,
      onPlaceFound: deps.recordFoundPlace,
      onMapSearched: deps.recordMapSightings,
      businessReadAt,
    })
  }
}

/**
 * Keywords were written without their first check: the queue checks them in a moment (one job
 * waiting per business).
 */
export async function requestFirstChecks(deps: Pick<AppDeps, 'jobs'>, businessId: string) {
  await deps.jobs.send(FIRST_CHECKS_QUEUE, { businessId }, businessId)
}

/**
 * Today's check of an analysed keyword (issue 36 item 3): a real search-results API pages through
 * up to 100 results, seconds a keyword, so the analysis answers at once and its position reads 'Not
 * checked' until this job stores it. A keyword removed meanwhile is left alone.
 */
export async function runAnalysedCheck(
  deps: FirstCheckDeps,
  { businessId, keywordId }: { businessId: string; keywordId: string },
) {
  const business = await getBusinessById(deps.db, businessId)
  if (!business) return
  const [keyword] = await deps.db
    .select({ id: keywords.id, keywordKey: keywords.keywordKey, locationId: keywords.locationId })
    .from(keywords)
    .where(and(eq(keywords.businessId, businessId), eq(keywords.id, keywordId)))
  if (!keyword) return
  await checkToday({
    db: deps.db,
    provider: await rankProviderFor(deps, businessId),
    business,
    location: resolveLocation(business, keyword.locationId),
    keyword,
    now: deps.clock.now(),
    onPlaceFound: deps.recordFoundPlace,
    onMapSearched: deps.recordMapSightings,
  })
}

/** An analysed keyword's check of today, in a moment (one job waiting per keyword). */
export async function requestAnalysedCheck(
  deps: Pick<AppDeps, 'jobs'>,
  businessId: string,
  keywordId: string,
) {
  await deps.jobs.send(ANALYSED_CHECK_QUEUE, { businessId, keywordId }, keywordId)
}

/**
 * The keyword data source's figures of a planner search's ideas (issue 36 item 3): DataForSEO
 * answers in about a second, so the search answers with the stored figures and the estimate, and the
 * planner reads it again until this job has stored the rest. One request per place (one tick).
 */
export async function askSearchFigures(deps: FirstCheckDeps, wanted: FiguresWanted) {
  const source = deps.measuredKeywords?.asking
  const business = source ? await getBusinessById(deps.db, wanted.businessId) : undefined
  if (!source || !business) return
  await Promise.all(wanted.keywords.map((k) => source.describe(k, business, wanted.locationId)))
}

/** A search's ideas' figures, in a moment (one job waiting per business, place and keywords). */
export async function requestSearchFigures(deps: Pick<AppDeps, 'jobs'>, wanted: FiguresWanted) {
  const key = [wanted.businessId, wanted.locationId ?? 'main', ...wanted.keywords].join('|')
  await deps.jobs.send(ASK_FIGURES_QUEUE, wanted, createHash('sha256').update(key).digest('hex'))
}

export function defineKeywordJobs(deps: FirstCheckDeps & Pick<AppDeps, 'ai' | 'logger'>) {
  defineKeywordAnalysisJob(deps)
  deps.jobs.define<{ businessId: string }>({
    name: FIRST_CHECKS_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    // A real provider pages through up to 100 results per keyword, one request after another.
    expireInSeconds: 15 * 60,
    handle: ({ businessId }) => runFirstChecks(deps, businessId),
  })
  deps.jobs.define<{ businessId: string; keywordId: string }>({
    name: ANALYSED_CHECK_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    handle: (data) => runAnalysedCheck(deps, data),
  })
  deps.jobs.define<FiguresWanted>({
    name: ASK_FIGURES_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    handle: (data) => askSearchFigures(deps, data),
  })
}

// The first check of keywords that were written without one (issue 30 item 8): the default keywords
// of a new business or location. Screens only read (docs/decisions/018-job-queue.md "No filling on
// view"): the request that writes the keywords sends a job, and the screens show them as 'Not
// checked yet' until it has stored their first positions. A keyword the owner tracks is checked by
// the request that tracks it.
import { resolveLocation } from '@localseo/shared/location-selection'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessById } from '../../lib/tenant.js'
import { askKeywordFigures } from './ask-keyword-figures.js'
import { rankProviderFor } from './provider-for.js'
import { checkNewKeywords } from './rank-checks.js'

const FIRST_CHECKS_QUEUE = 'keywords.first-checks'

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

export function defineKeywordJobs(deps: FirstCheckDeps) {
  deps.jobs.define<{ businessId: string }>({
    name: FIRST_CHECKS_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 30,
    // A real provider pages through up to 100 results per keyword, one request after another.
    expireInSeconds: 15 * 60,
    handle: ({ businessId }) => runFirstChecks(deps, businessId),
  })
}

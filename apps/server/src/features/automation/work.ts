// What each kind of automatic work does for one business (issue 16 item 2): it runs the owning
// feature's own check and answers the outcome in words, and whether to come back tomorrow.
import type { AutomationKind, Frequency } from '@localseo/shared/automation'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessById } from '../../lib/tenant.js'
import { URGENT_ALERT_KINDS } from '@localseo/shared/alerts'
import { dayOf } from '@localseo/shared/rank-tracker'
import {
  recordBacklinkChanges,
  recordCompetitorNews,
  recordNewReviews,
  sendAlertDigest,
} from '../alerts/public.js'
import { runScheduledBacklinkChecks } from '../backlinks/public.js'
import { competitorNews } from '../competitors/public.js'
import {
  importProfilePerformance,
  importProfileReviews,
  type LocationImport,
} from '../business-profile/public.js'
import { runScheduledGridScans } from '../geo-grid/public.js'
import { runGoogleImports } from '../integrations/public.js'
import { askKeywordFigures, checkTrackedToday, rankProviderFor } from '../keywords/public.js'
import { startScheduledAudit } from '../site-audit/public.js'
import { tellRankMoves } from './drop-rechecks.js'
import { scheduleFrequency } from './schedules.js'
import { unsubscribeToken } from './unsubscribe.js'

/** The app's dependencies: each kind's work runs with what its feature's own routes have. */
export type WorkDeps = AppDeps

interface RunOutcome {
  outcome: string
  /** Something is left to try again (a page that did not answer): the next run comes tomorrow. */
  retrySoon?: boolean
}

/** `signal`: aborted when the instance stops (jobs/queue.ts); a long kind stops between its steps. */
type Work = (
  businessId: string,
  frequency: Frequency,
  signal?: AbortSignal,
) => Promise<RunOutcome | undefined>

const DAY_MS = 86_400_000
const PERIOD_MS: Record<Frequency, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 28 * DAY_MS,
  off: 0,
}

/** The owner's alert email: the app's address and the link that stops these emails. */
function alertEmail(deps: WorkDeps, businessId: string) {
  const site = deps.env.SITE_URL.replace(/\/+$/, '')
  return {
    db: deps.db,
    mailer: deps.mailer,
    clock: deps.clock,
    businessId,
    appUrl: site,
    // Each member's own stop link, for their emails alone (ADR 043).
    unsubscribeUrl: async (userId: string) =>
      `${site}/alerts/unsubscribe?token=${await unsubscribeToken(deps.jwtKeys, deps.clock, businessId, userId)}`,
  }
}

export function workFor(deps: WorkDeps): Record<AutomationKind, Work> {
  /**
   * New reviews are alerts (issue 33 item 2), except on a place's first import (its past is not
   * news); a 1-3 star one is emailed now when the owner has alert emails on, the rest wait for the
   * daily email. A failed send leaves them to the daily email, never fails the import.
   */
  async function alertNewReviews(businessId: string, results: LocationImport[]) {
    const reviews = results
      .filter((result) => !result.first)
      .flatMap((result) => result.added.map((review) => ({ ...review, place: result.title })))
    const { urgent } = await recordNewReviews(deps.db, businessId, reviews, deps.clock.now())
    if (urgent === 0) return
    if ((await scheduleFrequency(deps.db, businessId, 'alert_emails')) === 'off') return
    try {
      await sendAlertDigest({ ...alertEmail(deps, businessId), kinds: URGENT_ALERT_KINDS })
    } catch (error) {
      deps.logger.warn({ err: error, businessId }, 'urgent review alert not sent')
    }
  }

  return {
    async rank_checks(businessId) {
      const business = await getBusinessById(deps.db, businessId)
      if (!business) return undefined
      const now = deps.clock.now()
      // The business's own search-results provider under its daily query budget (issue 17).
      const rank = await rankProviderFor(deps, businessId)
      const { checked, checkedBefore, failed, deferred, moves } = await checkTrackedToday({
        db: deps.db,
        provider: rank,
        business,
        now,
        onPlaceFound: deps.recordFoundPlace,
        onMapSearched: deps.recordMapSightings,
      })
      // Moves worth telling: a rise at once, a drop once a second check confirms it (ADR 039).
      await tellRankMoves(deps, businessId, moves, { now, simulated: rank.simulated })
      // A followed competitor that moved above the business today, or gained reviews fast (issue 34
      // item 6), from the checks just stored.
      const news = await competitorNews(deps.db, businessId, dayOf(now))
      await recordCompetitorNews(deps.db, businessId, news, now)
      // A new month's search figures, asked here so the screens only read them (ADR 024).
      await askKeywordFigures(deps, business)
      // How many have today's position, those checked earlier today included: a retry of a run
      // whose first try was cut off after its checks says what that try did, not '0 checked'.
      // In plain words (issue 32 item 9): '5 keywords checked, 1 failed', never '5 checked'.
      const total = checked + checkedBefore
      const words = [
        `${total} ${total === 1 ? 'keyword' : 'keywords'} checked`,
        failed > 0 ? `${failed} failed` : '',
        deferred > 0 ? `${deferred} wait for tomorrow's query budget` : '',
      ].filter(Boolean)
      // Checks past the day's budget are asked at tomorrow's run, even on a weekly schedule.
      return { outcome: words.join(', '), retrySoon: deferred > 0 }
    },
    async backlink_checks(businessId, frequency) {
      const run = await runScheduledBacklinkChecks({
        db: deps.db,
        fetcher: deps.fetcher,
        clock: deps.clock,
        env: deps.env,
        businessId,
        periodMs: PERIOD_MS[frequency],
      })
      await recordBacklinkChanges(deps.db, businessId, run, deps.clock.now())
      return run
    },
    async alert_emails(businessId) {
      return sendAlertDigest(alertEmail(deps, businessId))
    },
    // Each map grid scanned before, again with its settings, for a week-to-week comparison (issue 17).
    grid_scans: (businessId) => runScheduledGridScans(deps, businessId, deps.clock.now()),
    // The new days of the business's Google data, stored for the screens (issue 18), and the
    // Business Profile's new reviews and daily figures (issue 33; sample ones without a Google
    // client).
    async google_import(businessId, _frequency, signal) {
      const google = await runGoogleImports(deps, businessId)
      // A stop between the steps hands the run back (ADR 045): each step is safe to run again, and
      // one begun is finished with its alerts, so the run again finds no review new twice.
      signal?.throwIfAborted()
      const reviews = await importProfileReviews(deps, businessId)
      if (reviews) await alertNewReviews(businessId, reviews.results)
      signal?.throwIfAborted()
      // The profile's daily figures and search terms (issue 33 item 5, ADR 035).
      const performance = await importProfilePerformance(deps, businessId)
      if (!reviews && !performance) return google
      const outcomes = [google.outcome, reviews?.outcome, performance?.outcome]
      return { outcome: outcomes.filter((o) => o !== undefined).join('; ') }
    },
    site_audits: (businessId) =>
      startScheduledAudit({ ...deps, allowHosts: deps.env.FETCH_ALLOW_HOSTS, businessId }),
  }
}

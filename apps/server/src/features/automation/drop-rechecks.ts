// A drop is confirmed before it is told (issue 34 item 5, docs/decisions/039-confirmed-drops.md): the
// daily check sends each dropped keyword's second check to this queue, to run after a pause; the
// alert goes out only when that check confirms the drop, and says both checks. A rise is told at
// once. The keyword feature asks and stores (`recheckDrops`); the alert is the alerts feature's.
import { confirmedDropAlert, needsConfirmation } from '@localseo/shared/confirmed-drops'
import { dayOf } from '@localseo/shared/rank-tracker'
import { recordConfirmedDrops, recordRankMoves } from '../alerts/public.js'
import { recheckDrops, type DayDrops, type DayMove } from '../keywords/public.js'
import type { WorkDeps } from './work.js'

export const DROP_RECHECK_QUEUE = 'keywords.drop-recheck'

/**
 * The pause before the second check: long enough for a provider's passing glitch or a shuffled
 * results page to settle, short enough that a real drop is told the same morning.
 */
export const RECHECK_PAUSE_SECONDS = 30 * 60

/**
 * A day's moves in the notification list: a rise at once (shared `needsConfirmation` is false), each
 * drop once its second check confirms it.
 */
export async function tellRankMoves(
  deps: Pick<WorkDeps, 'db' | 'jobs'>,
  businessId: string,
  moves: DayMove[],
  { now, simulated }: { now: Date; simulated: boolean },
): Promise<void> {
  const told = moves.filter((move) => !needsConfirmation(move))
  await recordRankMoves(deps.db, businessId, told, { now, simulated })
  const drops = moves.filter((move) => needsConfirmation(move))
  await requestDropRechecks(deps, businessId, drops, dayOf(now))
}

/** One job per keyword and day, its organic and map drops together (one search each). */
async function requestDropRechecks(
  deps: Pick<WorkDeps, 'jobs'>,
  businessId: string,
  drops: DayMove[],
  day: string,
): Promise<void> {
  const byKeyword = new Map<string, DayMove[]>()
  for (const drop of drops)
    byKeyword.set(drop.keywordId, [...(byKeyword.get(drop.keywordId) ?? []), drop])
  for (const [keywordId, moves] of byKeyword) {
    const seen = moves[0]!
    const data: DayDrops = {
      businessId,
      keywordId,
      day,
      moves: moves.map(({ kind, keyword, from, to }) => ({ kind, keyword, from, to })),
      first: { provider: seen.provider, at: seen.checkedAt.toISOString() },
    }
    await deps.jobs.send(DROP_RECHECK_QUEUE, data, `${businessId}|${keywordId}|${day}`, {
      startAfterSeconds: RECHECK_PAUSE_SECONDS,
    })
  }
}

/**
 * The second check of one keyword's drops, and the alert of each one it confirmed. A refuted drop
 * is not told (its answer is the day's position now); a failed or unasked one is not told either,
 * and the log says why: an unconfirmed drop is never an alert.
 */
async function runDropRecheck(deps: WorkDeps, drops: DayDrops): Promise<void> {
  const checked = await recheckDrops(deps, drops)
  if (!checked) return
  const { results, first, simulated, timeZone } = checked
  const alerts = results.flatMap((result, i) => {
    const firstCheck = first[i]
    if (result.outcome !== 'confirmed' || !firstCheck) return []
    const alert = confirmedDropAlert(
      result.move,
      { first: firstCheck, second: result.second },
      { simulated, timeZone },
    )
    return alert ? [alert] : []
  })
  for (const result of results) {
    if (result.outcome === 'deferred' || result.outcome === 'failed') {
      const why =
        result.outcome === 'deferred'
          ? "the day's query budget is spent: no alert today"
          : `the second check failed (${result.reason}): no alert`
      deps.logger.info(
        { businessId: drops.businessId, keywordId: drops.keywordId, kind: result.move.kind },
        `drop not confirmed: ${why}`,
      )
    }
  }
  await recordConfirmedDrops(deps.db, drops.businessId, alerts, deps.clock.now())
}

export function defineDropRecheckJobs(deps: WorkDeps): void {
  deps.jobs.define<DayDrops>({
    name: DROP_RECHECK_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 60,
    // A real provider pages through up to 100 results: one keyword, about ten requests.
    expireInSeconds: 5 * 60,
    handle: (drops) => runDropRecheck(deps, drops),
  })
}

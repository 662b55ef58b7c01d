// A drop is confirmed before it is told (issue 34 item 5, docs/decisions/039-confirmed-drops.md): a
// day's move that would be a 'rank_drop' alert is checked again after a pause, and the alert goes out
// only when the second check shows the drop by the same rule, naming both checks. Rises are told at
// once. Apart from alerts.ts, which the header's bell loads on every screen: only the server needs
// these words (docs/decisions/019-compressed-assets-and-preloading.md).
import { BIG_MOVE, rankMoveAlert, type AlertKind } from './alerts.js'
import { MAP_PACK_SIZE } from './local-metrics.js'
import { MAX_RANK_POSITION } from './rank-tracker.js'

/**
 * A day's move of a tracked keyword, from its last successful check before the day: in the organic
 * results (positions 1-100), or in the map results of the daily map search (1-20; `to` null: the
 * business is not among the places returned). A failed check is never a move: it has no position.
 */
export interface RankMove {
  kind: 'organic' | 'map'
  keyword: string
  from: number
  to: number | null
}

type MoveAlert = { kind: AlertKind; message: string } | null

/**
 * The one sentence a day's move in the map results is worth, or null: leaving the results (no
 * longer among the places returned) comes first, then leaving the top 3, the map pack Google shows
 * under the map. Map rises are not told: the organic alerts say when a keyword climbs.
 */
export function mapMoveAlert(
  keyword: string,
  from: number,
  to: number | null,
  simulated = false,
): MoveAlert {
  const was = simulated ? `(was #${from}, simulated)` : `(was #${from})`
  if (to === null) {
    return {
      kind: 'rank_drop',
      message: `'${keyword}' left the map results: not among the places shown ${was}.`,
    }
  }
  if (from <= MAP_PACK_SIZE && to > MAP_PACK_SIZE) {
    return {
      kind: 'rank_drop',
      message: `'${keyword}' left the top 3 of the map pack: now #${to} ${was}.`,
    }
  }
  return null
}

/**
 * An organic check that no longer finds the website in the first 100 results: told when that is a
 * fall of BIG_MOVE places or more past #100, so a keyword at #98 that slips out and back in is no
 * news every day. (A failed check is never this: it has no answer at all.)
 */
function leftTop100Alert(keyword: string, from: number, simulated: boolean): MoveAlert {
  if (MAX_RANK_POSITION + 1 - from < BIG_MOVE) return null
  const was = simulated ? `(was #${from}, simulated)` : `(was #${from})`
  return { kind: 'rank_drop', message: `'${keyword}' is no longer in the top 100 ${was}.` }
}

/**
 * The alert a move is worth (alerts.ts `rankMoveAlert` for the organic results, `mapMoveAlert` for
 * the map), or null.
 */
export function moveAlert(move: RankMove, simulated = false): MoveAlert {
  if (move.kind === 'map') return mapMoveAlert(move.keyword, move.from, move.to, simulated)
  if (move.to === null) return leftTop100Alert(move.keyword, move.from, simulated)
  return rankMoveAlert(move.keyword, move.from, move.to, simulated)
}

/** A move that is told only once a second check confirms it: every drop (ADR 039). */
export function needsConfirmation(move: RankMove): boolean {
  return moveAlert(move)?.kind === 'rank_drop'
}

/**
 * Whether a second check confirms the drop: by the same rule, from the same earlier position, it is
 * a drop too. Outside the top 100 is below every organic position, so it confirms any organic drop.
 */
export function confirmsDrop(move: RankMove, second: number | null): boolean {
  if (move.kind === 'organic' && second === null) return true
  return needsConfirmation({ ...move, to: second })
}

/** One check as the alert names it: which provider answered, what it found, and when. */
export interface NamedCheck {
  provider: string
  position: number | null
  at: Date
}

/** '09:42' in the business's time zone, the clock the owner reads. */
function clockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at)
}

function found(kind: RankMove['kind'], position: number | null): string {
  if (position !== null) return `#${position}`
  return kind === 'map' ? 'not in the map results' : 'not in the top 100'
}

/** 'SerpApi #7 at 09:12': a check in the words of the alert and of the day's recheck note. */
export function describeCheck(kind: RankMove['kind'], check: NamedCheck, timeZone: string) {
  return `${check.provider} ${found(kind, check.position)} at ${clockTime(check.at, timeZone)}`
}

/**
 * The alert of a confirmed drop: the day's sentence (its position is the first check's, the one the
 * Rank Tracker shows for the day), then both checks, e.g. "'dentist austin' left the top 3: now #7
 * (was #2). Checked twice: SerpApi #7 at 09:12, Serper #8 at 09:42."
 */
export function confirmedDropAlert(
  move: RankMove,
  checks: { first: NamedCheck; second: NamedCheck },
  { simulated, timeZone }: { simulated: boolean; timeZone: string },
): { kind: AlertKind; message: string } | null {
  const alert = moveAlert(move, simulated)
  if (alert?.kind !== 'rank_drop') return null
  const both = [checks.first, checks.second].map((c) => describeCheck(move.kind, c, timeZone))
  return { ...alert, message: `${alert.message} Checked twice: ${both.join(', ')}.` }
}

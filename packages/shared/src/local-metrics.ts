// The open methods (issue 34 item 3): every figure the geo-grid and the competitors show is computed
// here, one function each, from stored results, and the Methods page (/methods) states the same
// formulas in words with the same worked examples as local-metrics.test.ts.
import type { ScanPoint } from './geo-grid.js'

/** A map search returns at most 20 places; a point where the business is not among them counts as 21. */
export const NOT_FOUND_RANK = 21

/** The map pack: the places Google shows under the map before "More places". */
export const MAP_PACK_SIZE = 3

/**
 * A point as the formulas read it. Only status 'ok' counts (the search answered, the business found or
 * not); 'failed', 'deferred' and 'pending' points have no answer and never enter a figure.
 */
export type MeasuredPoint = Pick<ScanPoint, 'status' | 'position'>

/**
 * What every formula reads: how many searches answered, and at how many of them the business was at
 * each rank. A competitor's figures over a year of scans are read from a tally summed in the
 * database, a scan's from its points (`tallyRanks`): the same formulas either way.
 */
export interface RankTally {
  /** Searches that answered (grid points with status 'ok', daily map checks that answered). */
  answered: number
  /** atRank[r - 1]: answered searches where it was at rank r (1-20); at the rest it was absent. */
  atRank: readonly number[]
}

/** The tally of points: only points that answered count; an absent business counts at none. */
export function tallyRanks(points: readonly MeasuredPoint[]): RankTally {
  const atRank: number[] = Array.from({ length: NOT_FOUND_RANK - 1 }, () => 0)
  let answered = 0
  for (const point of points) {
    if (point.status !== 'ok') continue
    answered += 1
    const rank = point.position
    if (rank !== null && rank >= 1 && rank < NOT_FOUND_RANK)
      atRank[rank - 1] = (atRank[rank - 1] ?? 0) + 1
  }
  return { answered, atRank }
}

/** Points, or a tally already summed. */
export type Measured = readonly MeasuredPoint[] | RankTally

const asTally = (input: Measured): RankTally => ('answered' in input ? input : tallyRanks(input))

/** Σ f(rank) over the answered searches, an absent business at NOT_FOUND_RANK. */
function sumOver(tally: RankTally, f: (rank: number) => number): number {
  const found = tally.atRank.reduce((sum, n) => sum + n, 0)
  const present = tally.atRank.reduce((sum, n, i) => sum + n * f(i + 1), 0)
  return present + (tally.answered - found) * f(NOT_FOUND_RANK)
}

/**
 * Average rank: the mean position over the points that answered, an absent business counting as
 * NOT_FOUND_RANK. Unrounded; null when no point answered.
 */
export function averageRank(input: Measured): number | null {
  const tally = asTally(input)
  return tally.answered ? sumOver(tally, (rank) => rank) / tally.answered : null
}

/** Top-3 share (0-1): of the points that answered, the share where the business is in positions 1-3. */
export function top3Share(input: Measured): number | null {
  const tally = asTally(input)
  if (!tally.answered) return null
  return sumOver(tally, (rank) => (rank <= MAP_PACK_SIZE ? 1 : 0)) / tally.answered
}

/** The weight of a position in the weighted share of local voice. */
export interface PositionWeight {
  /** The lowest position (largest number) this weight applies to; positions are read in order. */
  upTo: number
  weight: number
}

/**
 * Our weights for the weighted share of local voice: a place in the map pack is seen by nearly every
 * searcher and earns most, the rest of the first page (4-10) a little, below that nothing. No tool
 * publishes its weights, so these are ours, stated on the Methods page.
 */
export const SOLV_WEIGHTS: readonly PositionWeight[] = [
  { upTo: 1, weight: 1 },
  { upTo: 2, weight: 0.8 },
  { upTo: 3, weight: 0.6 },
  { upTo: 10, weight: 0.2 },
]

export function positionWeight(rank: number, weights: readonly PositionWeight[]): number {
  return weights.find((entry) => rank <= entry.upTo)?.weight ?? 0
}

export interface ShareOfLocalVoice {
  /** Local Falcon's SoLV: the share (0-1) of answered points where the business is in the map pack. */
  mapPack: number | null
  /** The mean weight of its position over the answered points (0-1); absent weighs 0. */
  weighted: number | null
}

/**
 * Share of local voice, two ways: Local Falcon's published definition (points in the map pack over
 * points answered) and a weighted variant that also credits the order within the pack and the rest of
 * the first page.
 */
export function shareOfLocalVoice(
  input: Measured,
  weights: readonly PositionWeight[] = SOLV_WEIGHTS,
): ShareOfLocalVoice {
  const tally = asTally(input)
  if (!tally.answered) return { mapPack: null, weighted: null }
  const weight = sumOver(tally, (rank) => positionWeight(rank, weights))
  return { mapPack: top3Share(tally), weighted: weight / tally.answered }
}

/** The average length of a month in days (365.25 / 12). */
export const DAYS_PER_MONTH = 30.44
/** Observations closer together than this say too little about a monthly rate. */
export const MIN_REVIEW_SPAN_DAYS = 7

const DAY_MS = 86_400_000

export interface ReviewObservation {
  at: Date | string
  reviewCount: number
}

/**
 * Reviews gained per month: the change between the first and the last review count seen, divided by
 * the months between them (days / 30.44). Reviews removed show as a lower figure, even a negative one.
 * Null with fewer than two observations or when they span under a week.
 */
export function reviewsPerMonth(observations: readonly ReviewObservation[]): number | null {
  if (observations.length < 2) return null
  const sorted = observations
    .map((observation) => ({
      at: new Date(observation.at).getTime(),
      count: observation.reviewCount,
    }))
    .sort((a, b) => a.at - b.at)
  const first = sorted[0]
  const last = sorted.at(-1)
  if (!first || !last) return null
  const days = (last.at - first.at) / DAY_MS
  if (days < MIN_REVIEW_SPAN_DAYS) return null
  return (last.count - first.count) / (days / DAYS_PER_MONTH)
}

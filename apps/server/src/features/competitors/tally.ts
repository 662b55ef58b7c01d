// Rank tallies as the competitors' tables keep them (docs/decisions/040-competitors.md): at_rank[r - 1]
// counts the answered searches at rank r (1-20); the formulas of shared/local-metrics read them.
import { NOT_FOUND_RANK } from '@localseo/shared/local-metrics'

/** A tally being summed: searches answered and their rank counts. */
export interface Tally {
  answered: number
  atRank: number[]
}

export const emptyRanks = () => Array.from({ length: NOT_FOUND_RANK - 1 }, () => 0)

export const emptyTally = (): Tally => ({ answered: 0, atRank: emptyRanks() })

/** Counts one search at `rank`; null or beyond 20 is absent and counts at no rank. */
export function countRank(atRank: number[], rank: number | null) {
  if (rank !== null && rank >= 1 && rank < NOT_FOUND_RANK) atRank[rank - 1]! += 1
}

/** Adds `answered` searches with their rank counts to a tally. */
export function addTally(tally: Tally, answered: number, atRank: readonly number[]) {
  tally.answered += answered
  atRank.forEach((n, i) => {
    if (i < tally.atRank.length) tally.atRank[i]! += n
  })
}

// What the Rank Tracker's chart card and its lines both need, apart from the chart library.
import type { RankingEntry } from '@localseo/shared/rank-tracker'

/** A keyword's successful checks in the range. */
export const okChecks = (entry: RankingEntry) =>
  entry.positions.filter((p) => p.status === 'ok').length

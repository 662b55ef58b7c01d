// How a position's move is defined and reads on every screen and in the CSV (docs/product.md §2
// "Change (+n or -n with arrow)"; issue 32 item 1): ONE definition, the latest successful check
// against the successful check before it, whatever range a screen shows. The server finds both
// positions in one place (the keyword store's `previousOk`), the Dashboard, Keyword Analysis, the
// Rank Tracker and its CSV compute the change here. Apart from rank-tracker.ts, whose schemas the
// dashboard's first screen does not need (docs/decisions/019-compressed-assets-and-preloading.md).

/** What every change is measured against, said next to the figure. */
export const CHANGE_BASIS = 'since the check before'

/** The column or card label of a change: 'Change since the check before'. */
export const CHANGE_LABEL = `Change ${CHANGE_BASIS}`

/**
 * Positions gained between the successful check before and the latest one (a smaller number is a
 * better place, so + is better); null without both, which reads as no change, never an invented move.
 */
export function positionChange(position: number | null, previous: number | null): number | null {
  return position === null || previous === null ? null : previous - position
}

/** '+3', '-2' or '0' (docs/product.md §2: "+n or -n"). */
export function formatChange(change: number): string {
  return change > 0 ? `+${change}` : String(change)
}

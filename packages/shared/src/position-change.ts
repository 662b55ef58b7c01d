// How a position's move reads on every screen (docs/product.md §2 "Change (+n or -n with arrow)").
// Apart from rank-tracker.ts, whose schemas the dashboard's first screen does not need
// (docs/decisions/019-compressed-assets-and-preloading.md).

/** '+3', '-2' or '0' (docs/product.md §2: "+n or -n"). */
export function formatChange(change: number): string {
  return change > 0 ? `+${change}` : String(change)
}

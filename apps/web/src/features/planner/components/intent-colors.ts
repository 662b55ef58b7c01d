// The intent hues of the planner's chart and of the counts listed beside it.
/** Four distinct hues; the counts are also listed as text, so colour is never the only signal. */
export const INTENT_COLORS = {
  commercial: 'oklch(0.55 0.15 255)',
  informational: 'oklch(0.62 0.15 150)',
  transactional: 'oklch(0.72 0.15 70)',
  local: 'oklch(0.5 0.1 186)',
} as const

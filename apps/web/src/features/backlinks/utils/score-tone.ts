// docs/product.md §9 score colours: above 70 green, above 40 yellow, otherwise red. Each tone also has a word,
// so colour is never the only signal.
export type ScoreTone = 'green' | 'yellow' | 'red'

export function scoreTone(score: number): ScoreTone {
  if (score > 70) return 'green'
  if (score > 40) return 'yellow'
  return 'red'
}

export const toneLabel: Record<ScoreTone, string> = {
  green: 'Good',
  yellow: 'Fair',
  red: 'Needs work',
}

export const toneBarClass: Record<ScoreTone, string> = {
  green: 'bg-success',
  yellow: 'bg-warning',
  red: 'bg-destructive',
}

// Display helpers more than one feature needs (features never import each other, ADR 014).

const numberFormat = new Intl.NumberFormat('en-US')

/** 1234 reads '1,234'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value)
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const units: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** '5 minutes ago', 'yesterday'; anything under a minute is 'just now'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit)
  }
  return 'just now'
}

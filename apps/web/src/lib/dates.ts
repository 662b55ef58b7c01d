// Dates as the owner reads them (issue 32 item 5): an instant is shown on the business's own clock
// (its time zone), in the browser's language and customs ('27 Nov 2026' in the UK, 'Nov 27, 2026'
// in the US), the same way on every screen. CSV files write ISO dates instead (docs/product.md).

const formats = new Map<string, Intl.DateTimeFormat>()

/**
 * One formatter per set of options, in the browser's locale (undefined), made once: making one
 * costs far more than formatting with it, which a table of dates otherwise does per cell.
 */
export function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options)
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, options)
    formats.set(key, format)
  }
  return format
}

/** A calendar day (YYYY-MM-DD): that day, never shifted by a time zone. */
export function formatDay(day: string): string {
  return formatter({ dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))
}

/** A calendar day, short: 'Nov 27' (US), '27 Nov' (UK); for chart axes and tight spaces. */
export function formatShortDay(day: string): string {
  return formatter({ month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )
}

/** The day an instant fell on where the business is. */
export function formatDate(iso: string, timeZone: string): string {
  return formatter({ dateStyle: 'medium', timeZone }).format(new Date(iso))
}

/** The day and time of an instant where the business is: 'Nov 27, 2026, 6:04 PM'. */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatter({ dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso))
}

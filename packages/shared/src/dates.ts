// Days in the business's own time zone (issue 32 item 5): a task completed at 6 pm in Austin is
// completed on that day in Austin, whatever the server's clock says in UTC.

// en-CA writes a date as YYYY-MM-DD; one formatter per time zone, made once.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar day (YYYY-MM-DD) it is at `at` in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    dayFormats.set(timeZone, format)
  }
  return format.format(at)
}

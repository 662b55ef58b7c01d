// Display rules of the Backlink Monitor (docs/product.md §9: URL truncated at 40 characters, anchor at 30).

export const URL_DISPLAY_MAX = 40
export const ANCHOR_DISPLAY_MAX = 30

/** The first `max` characters and an ellipsis when the text is longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text
}

import { formatter } from '@/lib/dates'

// Dates on the business's clock, in the browser's customs (issue 32 item 5, lib/dates.ts).
export { formatDate } from '@/lib/dates'

/** 'Mar 10, 9:30 AM' where the business is; the year only when it is not this year there. */
export function formatDateTime(iso: string, timeZone: string, now = new Date()): string {
  const year = (date: Date) => formatter({ year: 'numeric', timeZone }).format(date)
  const date = new Date(iso)
  return formatter({
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(year(date) === year(now) ? {} : { year: 'numeric' }),
  }).format(date)
}

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)

// Display rules of the Backlink Monitor (docs/product.md §9: URL truncated at 40 characters, anchor at 30).

export const URL_DISPLAY_MAX = 40
export const ANCHOR_DISPLAY_MAX = 30

/** The first `max` characters and an ellipsis when the text is longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const shortDateTime = {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
} as const
const thisYearFormat = new Intl.DateTimeFormat('en-US', shortDateTime)
const otherYearFormat = new Intl.DateTimeFormat('en-US', { ...shortDateTime, year: 'numeric' })

export const formatDate = (iso: string) => dateFormat.format(new Date(iso))

/** 'Mar 10, 9:30 AM'; the year only when it is not this year. */
export function formatDateTime(iso: string, now = new Date()): string {
  const date = new Date(iso)
  return (date.getFullYear() === now.getFullYear() ? thisYearFormat : otherYearFormat).format(date)
}

export const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)

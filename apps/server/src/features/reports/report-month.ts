// The month a report covers (issue 35 item 4): 'YYYY-MM' on the business's calendar, its first and
// last day, and the month before a given instant where the business is (the monthly send's month).
import { z } from 'zod'

export const reportMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Pick a month as YYYY-MM.')
  .refine((month) => month >= '2000-01', 'Pick a month as YYYY-MM.')

export interface ReportMonth {
  /** '2026-03' */
  month: string
  /** '2026-03-01' */
  from: string
  /** '2026-03-31' */
  to: string
  /** The business's time zone: the instants of the month's first and last moments are its. */
  timeZone: string
}

const pad = (n: number) => String(n).padStart(2, '0')

export function reportMonth(month: string, timeZone: string): ReportMonth {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate()
  return { month, from: `${month}-01`, to: `${month}-${pad(lastDay)}`, timeZone }
}

/** 'YYYY-MM' of `now` where the business is. */
export function monthAt(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {})
  return `${parts.year}-${parts.month}`
}

/** The month before `month`: '2026-01' for '2026-02', '2025-12' for '2026-01'. */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${year - 1}-12` : `${year}-${pad(m - 1)}`
}

/** 'March 2026' */
export function monthTitle(month: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))
}

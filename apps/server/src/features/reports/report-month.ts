// The month a report covers (issue 35 item 4): 'YYYY-MM' on the business's calendar, its first and
// last day, and its name.
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

/** 'March 2026' */
export function monthTitle(month: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))
}

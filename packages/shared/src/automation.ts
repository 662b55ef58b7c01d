// Work that runs by itself (issue 16): how often each kind runs for a business, and what the owner
// sees of it ('Next check: tomorrow 06:10'). The server's planner and Settings read these.
import { z } from 'zod'

export const AUTOMATION_KINDS = [
  'rank_checks',
  'backlink_checks',
  'site_audits',
  'grid_scans',
  'alert_emails',
  'google_import',
] as const
export type AutomationKind = (typeof AUTOMATION_KINDS)[number]

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'off'] as const
export const frequencySchema = z.enum(FREQUENCIES, {
  message: 'Choose daily, weekly, monthly or off.',
})
export type Frequency = z.infer<typeof frequencySchema>

/** The frequencies each kind offers: a site audit every day would crawl the site for nothing. */
export const KIND_FREQUENCIES: Record<AutomationKind, readonly Frequency[]> = {
  rank_checks: ['daily', 'weekly', 'off'],
  backlink_checks: ['daily', 'weekly', 'monthly', 'off'],
  site_audits: ['weekly', 'monthly', 'off'],
  grid_scans: ['weekly', 'monthly', 'off'],
  // One digest a day at most (issue 16 item 4).
  alert_emails: ['daily', 'off'],
  // Google adds one day of data a day (issue 18).
  google_import: ['daily', 'off'],
}

export const AUTOMATION_LABELS: Record<AutomationKind, { title: string; detail: string }> = {
  rank_checks: {
    title: 'Rank checks',
    detail: 'Checks the position of every tracked keyword, early in the morning in your time zone.',
  },
  backlink_checks: {
    title: 'Backlink checks',
    detail:
      'Visits each page that links to you to confirm the link is still there. A page that does not answer is tried again each day; after 3 days without an answer its link counts as lost.',
  },
  site_audits: {
    title: 'Website audit',
    detail:
      'Reads your website the way a search engine does and updates your Local SEO Score. You can also run one yourself on the Site Audit screen.',
  },
  grid_scans: {
    title: 'Geo-grid scans',
    detail:
      'Scans each map grid you ran on the Geo-grid screen again with the same keyword and settings, so you can compare week to week. Each point of a grid is one query from your daily budget.',
  },
  alert_emails: {
    title: 'Alert emails',
    detail:
      'At most one email a day with what changed, on the alert topics you choose in Alerts. Each email has a link to stop them.',
  },
  google_import: {
    title: 'Google data import',
    detail:
      "Copies what is new in your connected Google account into LocalSEO AI: Search Console clicks, queries and pages, Analytics visits, and your Business Profile's reviews, calls, direction requests and website clicks. Your screens show them without asking Google each time.",
  },
}

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: 'Every day',
  weekly: 'Every week',
  monthly: 'Every month',
  off: 'Off',
}

/** The frequency a business starts with. */
export const DEFAULT_FREQUENCY: Record<AutomationKind, Frequency> = {
  rank_checks: 'daily',
  backlink_checks: 'weekly',
  site_audits: 'monthly',
  grid_scans: 'weekly',
  alert_emails: 'daily',
  google_import: 'daily',
}

/** The queue a kind's jobs go through: the planner's and any feature asking for a run now. */
export const automationQueue = (kind: AutomationKind) => `automation.${kind}`

export const scheduleSchema = z.object({
  kind: z.enum(AUTOMATION_KINDS),
  frequency: frequencySchema,
  /** ISO time of the next run; null when off. */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** The last run's outcome in words, e.g. '12 checked, 1 failed'. */
  lastOutcome: z.string().nullable(),
  /** The IANA time zone the times are planned in (the business's). */
  timeZone: z.string(),
})
export type Schedule = z.infer<typeof scheduleSchema>

export const schedulesResponseSchema = z.object({ schedules: z.array(scheduleSchema) })

export const scheduleUpdateSchema = z
  .strictObject({
    kind: z.enum(AUTOMATION_KINDS, { message: 'Unknown kind of automatic work.' }),
    frequency: frequencySchema,
  })
  .refine((update) => KIND_FREQUENCIES[update.kind].includes(update.frequency), {
    message: 'That frequency is not offered for this kind of check.',
    path: ['frequency'],
  })
export type ScheduleUpdate = z.infer<typeof scheduleUpdateSchema>

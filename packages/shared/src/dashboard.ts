// Dashboard rules shared by the server and the screen (docs/product.md §2 Dashboard, §9), and what
// GET /api/dashboard answers. In zod/mini, as everything the dashboard's first screen imports
// (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'
import type { Business } from './business.js'
import { figureSourceSchema } from './figure-source.js'
import { keywordRecordSchema } from './keyword-figures.js'
import { zipMatchesState } from './zip-state.js'

/** docs/product.md §9: the Local SEO Score is fixed at 72/100 once a business name exists. */
export const LOCAL_SEO_SCORE = 72

const ISSUE_SEVERITIES = ['high', 'medium', 'low'] as const
export type IssueSeverity = (typeof ISSUE_SEVERITIES)[number]

/** Where an issue is fixed: the screen its link opens (issue 32 item 8). */
const ISSUE_AREAS = ['profile', 'site-audit', 'listings', 'backlinks', 'rank-tracker'] as const

const dashboardIssueSchema = z.object({
  id: z.string(),
  severity: z.enum(ISSUE_SEVERITIES),
  description: z.string(),
  area: z.enum(ISSUE_AREAS),
})
export type DashboardIssue = z.infer<typeof dashboardIssueSchema>

/** GET /api/dashboard: the score, top 3 keywords, issues to fix and recent activity. */
export const dashboardResponseSchema = z.object({
  score: z.nullable(z.number()),
  /** False while the score is the product's fixed 72 (no finished site audit yet). */
  measured: z._default(z.boolean(), false),
  /** The starting estimate, or measured by the site audit at its time (issue 15 item 2). */
  scoreSource: z._default(z.nullable(figureSourceSchema), null),
  breakdown: z._default(
    z.array(
      z.object({
        group: z.string(),
        label: z.string(),
        weight: z.number(),
        score: z.number(),
        explanation: z.string(),
      }),
    ),
    [],
  ),
  scoreNote: z._default(z.string(), ''),
  /**
   * finishedAt and createdAt below are ISO 8601 UTC times, kept as plain strings: z.iso.datetime()
   * would take the dashboard's first screen past its JavaScript budget (ADR 019).
   */
  scoreAudit: z._default(z.nullable(z.object({ runId: z.string(), finishedAt: z.string() })), null),
  topKeywords: z.array(keywordRecordSchema),
  /** Tracked keywords of the place still waiting for their first check (issue 30 item 8). */
  keywordsNotChecked: z._default(z.number(), 0),
  issues: z.array(dashboardIssueSchema),
  recentActivity: z.array(
    z.object({ id: z.string(), kind: z.string(), message: z.string(), createdAt: z.string() }),
  ),
})
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>

/** docs/product.md §2: under 10 green, over 20 red, otherwise yellow. */
export function positionTone(position: number): 'good' | 'fair' | 'poor' {
  if (position < 10) return 'good'
  if (position > 20) return 'poor'
  return 'fair'
}

const severityOrder: Record<IssueSeverity, number> = { high: 0, medium: 1, low: 2 }

/** Most severe first; of one severity, in the order found. */
export function sortIssues(issues: DashboardIssue[]): DashboardIssue[] {
  return issues.sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity])
}

/**
 * The gaps in the owner's own data, most severe first; the server adds the other sources' open
 * problems (features/dashboard/open-problems.ts).
 */
export function findIssues(business: Business): DashboardIssue[] {
  const issues: DashboardIssue[] = []
  if (!business.website) {
    issues.push({
      id: 'website-missing',
      severity: 'high',
      description: 'Add your website so search engines and customers can find more about you.',
      area: 'profile',
    })
  } else if (business.website.startsWith('http://')) {
    issues.push({
      id: 'website-not-https',
      severity: 'low',
      description: 'Your website address uses http://. Switch to https:// to keep visitors safe.',
      area: 'profile',
    })
  }
  if (
    business.zip &&
    business.state &&
    !zipMatchesState(business.zip, business.state, business.country)
  ) {
    issues.push({
      id: 'zip-state-mismatch:main',
      severity: 'high',
      description: `ZIP code ${business.zip} does not belong to ${business.state}. Check your business address.`,
      area: 'profile',
    })
  }
  for (const location of business.locations) {
    if (!zipMatchesState(location.zip, location.state, location.country)) {
      issues.push({
        id: `zip-state-mismatch:${location.id}`,
        severity: 'high',
        description: `${location.name}: ZIP code ${location.zip} does not belong to ${location.state}.`,
        area: 'profile',
      })
    }
    if (!location.phone) {
      issues.push({
        id: `location-phone-missing:${location.id}`,
        severity: 'medium',
        description: `${location.name} has no phone number of its own, so listings show your main number.`,
        area: 'profile',
      })
    }
  }
  return sortIssues(issues)
}

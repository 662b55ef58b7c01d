// Dashboard rules shared by the server and the screen (docs/product.md §2 Dashboard, §9).
import type { Business } from './business.js'
import { zipMatchesState } from './zip-state.js'

/** docs/product.md §9: the Local SEO Score is fixed at 72/100 once a business name exists. */
export const LOCAL_SEO_SCORE = 72

export type IssueSeverity = 'high' | 'medium' | 'low'

export interface DashboardIssue {
  id: string
  severity: IssueSeverity
  description: string
}

/** docs/product.md §2: under 10 green, over 20 red, otherwise yellow. */
export function positionTone(position: number): 'good' | 'fair' | 'poor' {
  if (position < 10) return 'good'
  if (position > 20) return 'poor'
  return 'fair'
}

const severityOrder: Record<IssueSeverity, number> = { high: 0, medium: 1, low: 2 }

/** Issues to Fix: real gaps in the owner's own data, most severe first. */
export function findIssues(business: Business): DashboardIssue[] {
  const issues: DashboardIssue[] = []
  if (!business.website) {
    issues.push({
      id: 'website-missing',
      severity: 'high',
      description: 'Add your website so search engines and customers can find more about you.',
    })
  } else if (business.website.startsWith('http://')) {
    issues.push({
      id: 'website-not-https',
      severity: 'low',
      description: 'Your website address uses http://. Switch to https:// to keep visitors safe.',
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
    })
  }
  for (const location of business.locations) {
    if (!zipMatchesState(location.zip, location.state, location.country)) {
      issues.push({
        id: `zip-state-mismatch:${location.id}`,
        severity: 'high',
        description: `${location.name}: ZIP code ${location.zip} does not belong to ${location.state}.`,
      })
    }
    if (!location.phone) {
      issues.push({
        id: `location-phone-missing:${location.id}`,
        severity: 'medium',
        description: `${location.name} has no phone number of its own, so listings show your main number.`,
      })
    }
  }
  return issues.sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity])
}

// Roots of the query keys that more than one part of the app touches. Dependency-free, so the
// provider can invalidate by prefix without pulling API code into the landing bundle.
import type { GoogleService } from '@localseo/shared/integrations'

/** The signed-in user's business. */
export const businessQueryKey = (userId: string) => ['business', userId] as const

/** The signed-in user's live auth record (email, pending email change, two-factor factors). */
export const accountQueryKey = (userId: string) => ['account', userId] as const

export const dashboardKey = ['dashboard'] as const

export const integrationsKey = ['integrations'] as const

/** SEO tasks and progress: ['recommendations', businessId]. */
export const recommendationsKey = ['recommendations'] as const

/** Local Listings: ['listings', businessId, locationId]. */
export const listingsKey = ['listings'] as const

/** Keyword Analysis: ['keywords', 'list' | 'suggestions', businessId, ...]. */
export const keywordsKey = ['keywords'] as const

/** Keyword Planner: ['planner', 'ideas' | 'saved', businessId, ...]. */
export const plannerKey = ['planner'] as const

/** Simulated Google data: ['integrations', service, businessId, locationId]. */
export const googleDataKey = (service: GoogleService) => [...integrationsKey, service] as const

/** Rank Tracker: ['rank-tracker', businessId, locationId, 'keywords' | 'history', …]. */
export const rankTrackerKey = ['rank-tracker'] as const

/** Backlink Monitor: ['backlinks', businessId, 'data' | 'ai', locationId, …]. */
export const backlinksKey = ['backlinks'] as const

/** Site audits: ['site-audit', businessId, 'runs' | 'run', runId]. */
export const siteAuditKey = ['site-audit'] as const

/** Automatic work (issue 16): ['automation', businessId]. */
export const automationKey = ['automation'] as const

/** Alerts (issue 16): ['alerts', businessId] (the bell) and ['alerts', businessId, 'preferences']. */
export const alertsKey = ['alerts'] as const

/** Everything derived from the business: refetched whenever the saved business changes. */
export const businessDerivedKeys = [
  dashboardKey,
  // The first save adds the starter tasks.
  recommendationsKey,
  googleDataKey('search-console'),
  googleDataKey('analytics'),
  listingsKey,
  keywordsKey,
  plannerKey,
  rankTrackerKey,
  backlinksKey,
  siteAuditKey,
  // A new time zone moves the next run.
  automationKey,
  // A new phone or address can leave a listing no longer matching: an alert in the bell.
  alertsKey,
] as const

/**
 * Every screen that shows a keyword's figures (one keyword entity, docs/decisions/016-one-keyword-entity.md):
 * refetched together when a keyword is analysed, tracked, saved or refreshed.
 */
export const keywordFigureKeys = [keywordsKey, dashboardKey, plannerKey, rankTrackerKey] as const

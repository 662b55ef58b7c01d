// What the archive holds of each table that carries a business_id (issue 35 item 6,
// docs/decisions/048-export-and-delete.md): a file with a line for README.txt, or the reason it is
// left out. export-files.test.ts reads every such table from the database and fails while one is
// in neither list, so a new table is exported or excluded on purpose, never forgotten.
import type { PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { activities } from '../../db/schema/activities.js'
import { alertPreferences, notifications } from '../../db/schema/alerts.js'
import {
  analyticsBreakdowns,
  analyticsImports,
  analyticsTotals,
} from '../../db/schema/analytics.js'
import { jobSchedules } from '../../db/schema/automation.js'
import { backlinkVerifyRuns } from '../../db/schema/backlinks.js'
import {
  businessProfileDailyMetrics,
  businessProfilePerformanceImports,
  businessProfileSearchTerms,
} from '../../db/schema/business-profile-performance.js'
import {
  businessProfilePostEdits,
  businessProfilePosts,
} from '../../db/schema/business-profile-posts.js'
import { businessProfileLinks, businessProfileReviews } from '../../db/schema/business-profile.js'
import {
  competitorDayTallies,
  competitorReviewCounts,
  competitors,
  competitorSightings,
  mapSearches,
} from '../../db/schema/competitors.js'
import { geoGridPoints, geoGridScans } from '../../db/schema/geo-grid.js'
import { googleConnections } from '../../db/schema/google.js'
import { keywordAnalyses } from '../../db/schema/keyword-analyses.js'
import { keywords } from '../../db/schema/keywords.js'
import { listingRecords } from '../../db/schema/listings.js'
import { businessInvitations, businessMembers } from '../../db/schema/members.js'
import { queryLedger } from '../../db/schema/query-ledger.js'
import { rankProviderSettings, rankQueryUsage } from '../../db/schema/rank-providers.js'
import { rankPositions, rankScopes } from '../../db/schema/rank-tracker.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { reportSends, reportSettings } from '../../db/schema/reports.js'
import { searchConsoleImports, searchConsoleRows } from '../../db/schema/search-console.js'
import { shareLinks } from '../../db/schema/share-links.js'
import { siteAuditIssues, siteAuditPages, siteAuditRuns } from '../../db/schema/site-audit.js'

/** A table written as CSV, every column under its SQL name except `omit`. */
export interface TableFile {
  table: PgTable
  file: string
  about: string
  /** Columns left out: secrets sealed at rest and hashes of tokens are never exported. */
  omit?: readonly string[]
}

const csv = (table: PgTable, file: string, about: string, omit?: string[]): TableFile => ({
  table,
  file,
  about,
  ...(omit ? { omit } : {}),
})

/** The tables exported as they are stored, in the order README.txt lists them. */
export const TABLE_FILES: readonly TableFile[] = [
  csv(
    keywords,
    'keywords.csv',
    'Keywords: tracked, saved in the planner or analysed, one row each.',
  ),
  csv(
    keywordAnalyses,
    'keyword-analyses.csv',
    "Your latest keyword analyses (keyword_id), with the AI's advice (result) or why one failed.",
  ),
  csv(
    rankPositions,
    'keyword-positions.csv',
    "Every position check of every keyword, one row per keyword (keyword_id) and day: its whole history, with the source ('simulated' or 'measured'), provider and time.",
  ),
  csv(rankScopes, 'keyword-scopes.csv', 'The places whose default keywords were filled in once.'),
  csv(geoGridScans, 'grid-scans.csv', 'Geo-grid scans: keyword, grid, status and when they ran.'),
  csv(
    geoGridPoints,
    'grid-points.csv',
    'Each point of each grid scan (scan_id) with its position.',
  ),
  csv(backlinkVerifyRuns, 'backlink-checks.csv', 'Each run of backlink checks and how it ended.'),
  csv(listingRecords, 'listings.csv', 'Local listings: each directory and what it shows.'),
  csv(recommendations, 'tasks.csv', 'Tasks and recommendations with their status.'),
  csv(notifications, 'alerts.csv', 'Alerts the app raised.'),
  csv(alertPreferences, 'alert-settings.csv', 'Which alerts are emailed and how often.'),
  csv(activities, 'activity.csv', 'The activity log.'),
  csv(jobSchedules, 'schedules.csv', 'How often each kind of automatic work runs, and when next.'),
  csv(competitors, 'competitors.csv', 'Competitors the map searches found.'),
  csv(
    competitorSightings,
    'competitor-sightings.csv',
    'What each map search saw of each competitor.',
  ),
  csv(
    competitorReviewCounts,
    'competitor-review-counts.csv',
    "Each competitor's review count, day by day.",
  ),
  csv(
    competitorDayTallies,
    'competitor-day-tallies.csv',
    "Each competitor's appearances, day by day.",
  ),
  csv(mapSearches, 'map-searches.csv', 'The map searches behind the competitors and grid scans.'),
  csv(
    businessProfileLinks,
    'business-profile-locations.csv',
    'Which Google Business Profile location each of your places is linked to.',
  ),
  csv(
    businessProfileReviews,
    'reviews.csv',
    'Google reviews with your replies (reply_comment) and their state.',
  ),
  csv(businessProfilePosts, 'posts.csv', 'Business Profile posts.'),
  csv(businessProfilePostEdits, 'post-edits.csv', 'Changes made to Business Profile posts.'),
  csv(
    businessProfileDailyMetrics,
    'business-profile-performance.csv',
    'Business Profile performance, one row per linked location and day.',
  ),
  csv(
    businessProfileSearchTerms,
    'business-profile-search-terms.csv',
    'Searches that showed your Business Profile.',
  ),
  csv(
    businessProfilePerformanceImports,
    'business-profile-imports.csv',
    'When Business Profile performance was last imported from Google, and how it ended.',
  ),
  csv(analyticsImports, 'analytics-imports.csv', 'Google Analytics imports and how they ended.'),
  csv(analyticsTotals, 'analytics-totals.csv', 'Google Analytics totals per period.'),
  csv(analyticsBreakdowns, 'analytics-breakdowns.csv', 'Google Analytics figures per dimension.'),
  csv(searchConsoleRows, 'search-console.csv', 'Google Search Console figures per day and key.'),
  csv(searchConsoleImports, 'search-console-imports.csv', 'Search Console imports.'),
  csv(siteAuditRuns, 'site-audits.csv', 'Site audits and their scores.'),
  csv(siteAuditPages, 'site-audit-pages.csv', 'The pages each audit read.'),
  csv(siteAuditIssues, 'site-audit-issues.csv', 'What each audit found.'),
  csv(queryLedger, 'query-ledger.csv', 'Paid provider queries, per day, kind and provider.'),
  csv(rankQueryUsage, 'query-usage.csv', 'Search-results queries spent per UTC day.'),
  csv(
    rankProviderSettings,
    'rank-provider.csv',
    "The search-results provider you chose; the key's last 4 characters only.",
    ['key_ciphertext'],
  ),
  csv(
    googleConnections,
    'google-connection.csv',
    'The Google connection: account, scopes and state; never its tokens.',
    ['refresh_token_sealed', 'access_token_sealed', 'access_token_expires_at'],
  ),
  csv(
    reportSettings,
    'report-settings.csv',
    "The monthly report's title, colour, recipients and logo (base64, in logo).",
  ),
  csv(reportSends, 'report-sends.csv', 'The monthly reports sent, by month and to whom.'),
  csv(businessMembers, 'members.csv', 'Who belongs to the business, by user id, and their role.'),
  csv(
    businessInvitations,
    'invitations.csv',
    'Invitations sent, with their state; never the link.',
    ['token_hash'],
  ),
  csv(
    shareLinks,
    'share-links.csv',
    'Read-only share links: what each shows, its expiry and opens; never the link.',
    ['token_hash'],
  ),
]

export const BUSINESS_JSON = 'business.json'
export const BACKLINKS_CSV = 'backlinks.csv'

/** Tables with a business_id that are in the archive another way: the file they are in. */
export const OTHER_FILES: Readonly<Record<string, string>> = {
  locations: BUSINESS_JSON,
  backlinks: BACKLINKS_CSV,
}

/** Tables with a business_id that the archive leaves out, and why. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  dashboard_versions: "a counter that tells the server when the dashboard's figures changed",
  backlink_counts: 'running counts of backlinks.csv, kept for speed',
  google_oauth_states: 'a Google sign-in in progress for ten minutes, holding a one-time secret',
}

export const tableName = (table: PgTable) => getTableConfig(table).name

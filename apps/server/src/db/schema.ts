// The schema object Drizzle's query builder is typed with: the product's tables, the auth tables and
// the AI usage counter.
import * as ai from './schema/ai.js'
import * as activities from './schema/activities.js'
import * as alerts from './schema/alerts.js'
import * as analytics from './schema/analytics.js'
import * as automation from './schema/automation.js'
import * as backlinks from './schema/backlinks.js'
import * as business from './schema/business.js'
import * as competitors from './schema/competitors.js'
import * as businessProfile from './schema/business-profile.js'
import * as businessProfilePosts from './schema/business-profile-posts.js'
import * as businessProfilePerformance from './schema/business-profile-performance.js'
import * as geoGrid from './schema/geo-grid.js'
import * as keywords from './schema/keywords.js'
import * as keywordVolumes from './schema/keyword-volumes.js'
import * as keywordAnalyses from './schema/keyword-analyses.js'
import * as recommendations from './schema/recommendations.js'
import * as auth from './schema/auth.js'
import * as backlinkCounts from './schema/backlink-counts.js'
import * as listings from './schema/listings.js'
import * as members from './schema/members.js'
import * as rankProviders from './schema/rank-providers.js'
import * as rankTracker from './schema/rank-tracker.js'
import * as reports from './schema/reports.js'
import * as searchConsole from './schema/search-console.js'
import * as siteAudit from './schema/site-audit.js'
import * as shareLinks from './schema/share-links.js'

export const schema = {
  ...business,
  ...competitors,
  ...keywords,
  ...keywordVolumes,
  ...keywordAnalyses,
  ...backlinks,
  ...recommendations,
  ...activities,
  ...auth,
  ...ai,
  ...rankTracker,
  ...rankProviders,
  ...listings,
  ...members,
  ...backlinkCounts,
  ...siteAudit,
  ...automation,
  ...alerts,
  ...geoGrid,
  ...searchConsole,
  ...analytics,
  ...businessProfile,
  ...businessProfilePosts,
  ...businessProfilePerformance,
  ...reports,
  ...shareLinks,
}
export type Schema = typeof schema

// The schema of every /api answer (issue 30 item 7), each from packages/shared as the web app parses
// it, with a valid request on a seeded business. response-contracts.test.ts runs them in this order
// (later requests use the ids earlier answers gave) and fails for a route listed nowhere here.
import { aiStatusSchema, backlinkAnalysisSchema, contentIdeasSchema } from '@localseo/shared/ai'
import { alertPreferencesSchema } from '@localseo/shared/alert-preferences'
import { notificationsResponseSchema } from '@localseo/shared/alerts'
import { analyticsPropertiesSchema, analyticsStatusSchema } from '@localseo/shared/analytics'
import { schedulesResponseSchema } from '@localseo/shared/automation'
import {
  backlinkPageSchema,
  backlinkSchema,
  backlinkSummarySchema,
  backlinkVerifyRunAnswerSchema,
} from '@localseo/shared/backlinks'
import {
  profileLocationsSchema,
  profileReviewSchema,
  profileStatusSchema,
  reviewDraftSchema,
  reviewsPageSchema,
  reviewsSummarySchema,
} from '@localseo/shared/business-profile'
import {
  postDeletedSchema,
  postSchema,
  postsCreatedSchema,
  postsPageSchema,
} from '@localseo/shared/business-profile-posts'
import { profilePerformanceSchema } from '@localseo/shared/business-profile-performance'
import { reviewRequestSchema } from '@localseo/shared/review-requests'
import {
  businessResponseSchema,
  locationsResponseSchema,
  sampleDataResponseSchema,
} from '@localseo/shared/business'
import {
  competitorUpdatedSchema,
  competitorsResponseSchema,
  followedCompetitorsResponseSchema,
  mapHistoryResponseSchema,
} from '@localseo/shared/competitors'
import { dashboardResponseSchema } from '@localseo/shared/dashboard'
import {
  gridSetupSchema,
  mapTilesResponseSchema,
  scanDetailSchema,
  scanListSchema,
} from '@localseo/shared/geo-grid'
import {
  analyticsDataResponseSchema,
  connectionsResponseSchema,
  connectServiceResponseSchema,
  googleAccountResponseSchema,
  googleConnectResponseSchema,
  googleDisconnectResponseSchema,
  integrationsStateSchema,
  searchConsoleDataResponseSchema,
  searchConsoleSitesSchema,
} from '@localseo/shared/integrations'
import {
  keywordAnalyseResponseSchema,
  keywordAnalysisResponseSchema,
  keywordListResponseSchema,
} from '@localseo/shared/keywords'
import {
  alertEmailsSchema,
  businessIdResponseSchema,
  invitationPreviewSchema,
  invitedResponseSchema,
  membershipsResponseSchema,
  teamResponseSchema,
} from '@localseo/shared/members'
import { deleteBusinessResponseSchema } from '@localseo/shared/owner-data'
import { listingsViewSchema } from '@localseo/shared/listings'
import {
  estimatedKeywordsResponseSchema,
  savedKeywordResponseSchema,
  savedKeywordsResponseSchema,
} from '@localseo/shared/planner'
import { queryLedgerSchema } from '@localseo/shared/query-ledger'
import { connectionTestSchema, rankProviderSettingsSchema } from '@localseo/shared/rank-provider'
import { reportMonthsSchema, reportSettingsSchema } from '@localseo/shared/reports'
import {
  shareLinkCreatedSchema,
  shareLinkRevokedSchema,
  shareLinksResponseSchema,
  sharedViewSchema,
} from '@localseo/shared/share-links'
import {
  rankHistorySchema,
  rankKeywordsHistorySchema,
  refreshRankingsResponseSchema,
  trackedKeywordsResponseSchema,
  trackKeywordResponseSchema,
  untrackKeywordResponseSchema,
} from '@localseo/shared/rank-tracker'
import {
  auditTaskResponseSchema,
  generateTasksResponseSchema,
  recommendationsResponseSchema,
  taskStatusResponseSchema,
} from '@localseo/shared/recommendations'
import {
  searchConsolePerformanceAnswerSchema,
  searchConsoleRowsSchema,
} from '@localseo/shared/search-console'
import {
  auditCancelResponseSchema,
  auditRunDetailSchema,
  auditRunsResponseSchema,
  auditStartResponseSchema,
} from '@localseo/shared/site-audit'
import type { $ZodType } from 'zod/v4/core'
import { businessInput } from '../src/testing/factories.js'

/** Ids the seeded business has, and those earlier answers gave. */
export interface World {
  locationId: string
  auditRunId: string
  ids: Record<string, string>
}

type Answer =
  /** A JSON answer parsed with its schema. */
  | { schema: $ZodType }
  /** No JSON: 204, a CSV file, a ZIP archive or a PDF. */
  | { answers: 'no content' | 'csv' | 'zip' | 'pdf' }

export type Contract = Answer & {
  /** 'METHOD /api/path/:param', as the route is declared. */
  route: string
  /** The path to call (params filled in), defaulting to the route's. */
  path?: (w: World) => string
  body?: (w: World) => unknown
  /** Headers besides the session's: the business a request names (ADR 043). */
  headers?: (w: World) => Record<string, string>
  /** Keeps ids from the answer for later requests. */
  keep?: (body: never, w: World) => void
  /** The server with Google sign-in configured (its fake Google), else the simulated one. */
  google?: true
}

/** The first sample review of the main place linked to its sample profile (sample-reviews.ts). */
const SAMPLE_REVIEW = 'accounts/sample/locations/sample-main/reviews/sample-1'

const id = (w: World, name: string) => {
  const value = w.ids[name]
  if (!value) throw new Error(`no ${name} yet: an earlier request keeps it`)
  return value
}

export const CONTRACTS: Contract[] = [
  // business
  { route: 'GET /api/business', schema: businessResponseSchema },
  {
    route: 'PUT /api/business',
    schema: businessResponseSchema,
    body: () => ({ ...businessInput, website: 'https://brightsmile.example' }),
  },
  {
    route: 'PUT /api/business/coordinates',
    schema: businessResponseSchema,
    body: () => ({ lat: 30.2672, lng: -97.7431 }),
  },
  { route: 'GET /api/business/sample-data', schema: sampleDataResponseSchema },
  { route: 'GET /api/business/locations', schema: locationsResponseSchema },
  {
    route: 'POST /api/business/locations',
    schema: locationsResponseSchema,
    body: () => ({
      name: 'Cedar Park',
      address: '1 Oak St',
      city: 'Cedar Park',
      state: 'TX',
      zip: '78613',
    }),
    keep: (body: { locations: { id: string; name: string }[] }, w) => {
      w.ids.location = body.locations.find((l) => l.name === 'Cedar Park')!.id
    },
  },
  {
    route: 'PATCH /api/business/locations/:id',
    path: (w) => `/api/business/locations/${id(w, 'location')}`,
    schema: locationsResponseSchema,
    body: () => ({ phone: '(512) 555-0199' }),
  },
  {
    route: 'PUT /api/business/locations/:id/coordinates',
    path: (w) => `/api/business/locations/${id(w, 'location')}/coordinates`,
    schema: locationsResponseSchema,
    body: () => ({ lat: 30.5052, lng: -97.8203 }),
  },
  // dashboard
  { route: 'GET /api/dashboard', schema: dashboardResponseSchema },
  {
    route: 'GET /api/dashboard',
    path: (w) => `/api/dashboard?location=${w.locationId}`,
    schema: dashboardResponseSchema,
  },
  // keywords and the planner
  { route: 'GET /api/keywords', schema: keywordListResponseSchema },
  { route: 'GET /api/keywords/suggestions', schema: estimatedKeywordsResponseSchema },
  {
    route: 'POST /api/keywords/analyse',
    schema: keywordAnalyseResponseSchema,
    body: () => ({ keyword: 'dentist austin', locationId: null }),
    keep: (body: { analysis: { id: string } }, w) => {
      w.ids.analysis = body.analysis.id
    },
  },
  {
    route: 'GET /api/keywords/analyses/:id',
    path: (w) => `/api/keywords/analyses/${id(w, 'analysis')}`,
    schema: keywordAnalysisResponseSchema,
  },
  {
    route: 'POST /api/planner/search',
    schema: estimatedKeywordsResponseSchema,
    body: () => ({ q: 'dentist' }),
  },
  {
    route: 'POST /api/planner/saved',
    schema: savedKeywordResponseSchema,
    body: () => ({ keyword: 'emergency dentist', locationId: null }),
    keep: (body: { keyword: { id: string } }, w) => {
      w.ids.saved = body.keyword.id
    },
  },
  { route: 'GET /api/planner/saved', schema: savedKeywordsResponseSchema },
  {
    route: 'DELETE /api/planner/saved/:id',
    path: (w) => `/api/planner/saved/${id(w, 'saved')}`,
    answers: 'no content',
  },
  // rank tracker and its provider
  {
    route: 'POST /api/rank-tracker/keywords',
    schema: trackKeywordResponseSchema,
    body: () => ({ keyword: 'teeth whitening austin', location: 'main' }),
    keep: (body: { keyword: { id: string } }, w) => {
      w.ids.tracked = body.keyword.id
    },
  },
  { route: 'GET /api/rank-tracker/keywords', schema: trackedKeywordsResponseSchema },
  {
    route: 'GET /api/rank-tracker/history',
    path: () => '/api/rank-tracker/history?range=7',
    schema: rankHistorySchema,
  },
  {
    route: 'GET /api/rank-tracker/history/keywords',
    path: (w) => `/api/rank-tracker/history/keywords?range=7&ids=${id(w, 'tracked')}`,
    schema: rankKeywordsHistorySchema,
  },
  {
    route: 'POST /api/rank-tracker/refresh',
    schema: refreshRankingsResponseSchema,
    body: () => ({ location: 'main' }),
  },
  { route: 'GET /api/rank-provider', schema: rankProviderSettingsSchema },
  {
    route: 'PUT /api/rank-provider',
    schema: rankProviderSettingsSchema,
    body: () => ({ provider: 'serpapi', key: 'serpapi-test-key-1234' }),
  },
  { route: 'POST /api/rank-provider/test', schema: connectionTestSchema },
  { route: 'DELETE /api/rank-provider', schema: rankProviderSettingsSchema },
  // geo grid
  { route: 'GET /api/geo-grid/tiles', schema: mapTilesResponseSchema },
  {
    route: 'GET /api/geo-grid/setup',
    schema: gridSetupSchema,
    keep: (body: { keywords: { id: string }[] }, w) => {
      w.ids.gridKeyword = body.keywords[0]!.id
    },
  },
  {
    route: 'POST /api/geo-grid/scans',
    schema: scanDetailSchema,
    body: (w) => ({ keywordId: id(w, 'gridKeyword'), gridSize: 3, spacingKm: 1 }),
    keep: (body: { scan: { id: string } }, w) => {
      w.ids.scan = body.scan.id
    },
  },
  { route: 'GET /api/geo-grid/scans', schema: scanListSchema },
  {
    route: 'GET /api/geo-grid/scans/:id',
    path: (w) => `/api/geo-grid/scans/${id(w, 'scan')}`,
    schema: scanDetailSchema,
  },
  // competitors (issue 34 item 1)
  {
    route: 'GET /api/competitors',
    schema: competitorsResponseSchema,
    keep: (body: { competitors: { id: string }[] }, w) => {
      w.ids.competitor = body.competitors[0]!.id
    },
  },
  {
    route: 'PATCH /api/competitors/:id',
    path: (w) => `/api/competitors/${id(w, 'competitor')}`,
    schema: competitorUpdatedSchema,
    body: () => ({ followed: true }),
  },
  { route: 'GET /api/competitors/followed', schema: followedCompetitorsResponseSchema },
  {
    route: 'GET /api/competitors/map-history',
    path: (w) => `/api/competitors/map-history?keywordId=${id(w, 'gridKeyword')}`,
    schema: mapHistoryResponseSchema,
  },
  // the month's queries and their cost (issue 34 item 4)
  { route: 'GET /api/query-ledger', schema: queryLedgerSchema },
  {
    route: 'DELETE /api/rank-tracker/keywords/:id',
    path: (w) => `/api/rank-tracker/keywords/${id(w, 'tracked')}`,
    schema: untrackKeywordResponseSchema,
  },
  // backlinks
  { route: 'GET /api/backlinks', schema: backlinkPageSchema },
  { route: 'GET /api/backlinks/summary', schema: backlinkSummarySchema },
  { route: 'GET /api/backlinks/export', answers: 'csv' },
  {
    route: 'POST /api/backlinks',
    schema: backlinkSchema,
    body: () => ({ url: 'https://www.austinnews.example/best-dentists' }),
    keep: (body: { id: string }, w) => {
      w.ids.backlink = body.id
    },
  },
  {
    route: 'PATCH /api/backlinks/:id',
    path: (w) => `/api/backlinks/${id(w, 'backlink')}`,
    schema: backlinkSchema,
    body: () => ({ status: 'active' }),
  },
  {
    route: 'POST /api/backlinks/:id/verify',
    path: (w) => `/api/backlinks/${id(w, 'backlink')}/verify`,
    schema: backlinkSchema,
  },
  {
    route: 'POST /api/backlinks/verify-runs',
    schema: backlinkVerifyRunAnswerSchema,
    body: () => ({ location: 'main' }),
    keep: (body: { run: { id: string } }, w) => {
      w.ids.verifyRun = body.run.id
    },
  },
  { route: 'GET /api/backlinks/verify-runs/latest', schema: backlinkVerifyRunAnswerSchema },
  {
    route: 'GET /api/backlinks/verify-runs/:id',
    path: (w) => `/api/backlinks/verify-runs/${id(w, 'verifyRun')}`,
    schema: backlinkVerifyRunAnswerSchema,
  },
  {
    route: 'POST /api/backlinks/verify-runs/:id/stop',
    path: (w) => `/api/backlinks/verify-runs/${id(w, 'verifyRun')}/stop`,
    schema: backlinkVerifyRunAnswerSchema,
  },
  {
    route: 'POST /api/backlinks/analysis',
    schema: backlinkAnalysisSchema,
    body: () => ({ location: 'main' }),
  },
  {
    route: 'POST /api/backlinks/content-ideas',
    schema: contentIdeasSchema,
    body: () => ({ location: 'main' }),
  },
  {
    route: 'DELETE /api/backlinks/:id',
    path: (w) => `/api/backlinks/${id(w, 'backlink')}`,
    answers: 'no content',
  },
  // listings
  { route: 'GET /api/listings', schema: listingsViewSchema },
  {
    route: 'PUT /api/listings/records',
    schema: listingsViewSchema,
    body: () => ({
      platform: 'Yelp',
      status: 'claimed',
      url: 'https://www.yelp.com/biz/bright-smile',
    }),
  },
  {
    route: 'DELETE /api/listings/records',
    path: () => '/api/listings/records?platform=Yelp',
    schema: listingsViewSchema,
  },
  // recommendations and the site audit
  {
    route: 'GET /api/recommendations',
    schema: recommendationsResponseSchema,
  },
  {
    route: 'POST /api/recommendations/generate',
    schema: generateTasksResponseSchema,
    keep: (body: { added: { id: string }[] }, w) => {
      w.ids.task = body.added[0]!.id
    },
  },
  {
    route: 'PATCH /api/recommendations/:id',
    path: (w) => `/api/recommendations/${id(w, 'task')}`,
    schema: taskStatusResponseSchema,
    body: () => ({ status: 'in-progress' }),
  },
  { route: 'GET /api/site-audit/runs', schema: auditRunsResponseSchema },
  {
    route: 'GET /api/site-audit/runs/:id',
    path: (w) => `/api/site-audit/runs/${w.auditRunId}`,
    schema: auditRunDetailSchema,
  },
  {
    route: 'POST /api/site-audit/runs/:id/issues/:checkId/task',
    path: (w) => `/api/site-audit/runs/${w.auditRunId}/issues/tel-link-missing/task`,
    schema: auditTaskResponseSchema,
  },
  {
    route: 'POST /api/site-audit/runs',
    schema: auditStartResponseSchema,
    keep: (body: { run: { id: string } }, w) => {
      w.ids.audit = body.run.id
    },
  },
  {
    route: 'POST /api/site-audit/runs/:id/cancel',
    path: (w) => `/api/site-audit/runs/${id(w, 'audit')}/cancel`,
    schema: auditCancelResponseSchema,
  },
  // settings: AI, automatic checks, alerts
  { route: 'GET /api/ai/status', schema: aiStatusSchema },
  { route: 'GET /api/automation', schema: schedulesResponseSchema },
  {
    route: 'PUT /api/automation',
    schema: schedulesResponseSchema,
    body: () => ({ kind: 'rank_checks', frequency: 'weekly' }),
  },
  { route: 'GET /api/alerts', schema: notificationsResponseSchema },
  { route: 'POST /api/alerts/read', schema: notificationsResponseSchema },
  { route: 'GET /api/alerts/preferences', schema: alertPreferencesSchema },
  {
    route: 'PUT /api/alerts/preferences',
    schema: alertPreferencesSchema,
    body: () => ({ topics: ['rankings', 'site_audit'] }),
  },
  // Google Business Profile without a Google client: sample profiles (ADR 034)
  { route: 'GET /api/business-profile', schema: profileStatusSchema },
  { route: 'GET /api/business-profile/locations', schema: profileLocationsSchema },
  {
    route: 'PUT /api/business-profile/links/:location',
    path: () => '/api/business-profile/links/main',
    body: () => ({ googleLocation: 'locations/sample-main' }),
    schema: profileStatusSchema,
  },
  {
    route: 'GET /api/business-profile/reviews',
    path: () => '/api/business-profile/reviews?location=main&rating=5&page=1',
    schema: reviewsPageSchema,
  },
  {
    route: 'GET /api/business-profile/reviews/summary',
    path: () => '/api/business-profile/reviews/summary?location=main',
    schema: reviewsSummarySchema,
  },
  {
    route: 'GET /api/business-profile/review-requests',
    path: () => '/api/business-profile/review-requests?location=main',
    schema: reviewRequestSchema,
  },
  {
    route: 'GET /api/business-profile/performance',
    path: () => '/api/business-profile/performance?location=main',
    schema: profilePerformanceSchema,
  },
  // The simulated owner's sample reviews were imported when the test linked the place.
  {
    route: 'POST /api/business-profile/reviews/draft',
    body: () => ({ review: SAMPLE_REVIEW }),
    schema: reviewDraftSchema,
  },
  {
    route: 'POST /api/business-profile/reviews/reply',
    body: () => ({ review: SAMPLE_REVIEW, comment: 'Thank you for coming in!' }),
    schema: profileReviewSchema,
  },
  {
    route: 'DELETE /api/business-profile/reviews/reply',
    path: () => `/api/business-profile/reviews/reply?review=${encodeURIComponent(SAMPLE_REVIEW)}`,
    schema: profileReviewSchema,
  },
  {
    route: 'POST /api/business-profile/posts',
    body: () => ({
      locations: ['main'],
      when: 'now',
      content: { topicType: 'STANDARD', summary: 'Open late on Fridays.' },
    }),
    schema: postsCreatedSchema,
    keep: (body: { posts: { id: string }[] }, w) => {
      w.ids.post = body.posts[0]!.id
    },
  },
  {
    route: 'GET /api/business-profile/posts',
    path: () => '/api/business-profile/posts?location=main',
    schema: postsPageSchema,
  },
  {
    route: 'PATCH /api/business-profile/posts/:id',
    path: (w) => `/api/business-profile/posts/${id(w, 'post')}`,
    body: () => ({
      content: { topicType: 'STANDARD', summary: 'Open late on Fridays and Saturdays.' },
    }),
    schema: postSchema,
  },
  {
    route: 'DELETE /api/business-profile/posts/:id',
    path: (w) => `/api/business-profile/posts/${id(w, 'post')}`,
    schema: postDeletedSchema,
  },
  {
    route: 'DELETE /api/business-profile/links/:location',
    path: () => '/api/business-profile/links/main',
    schema: profileStatusSchema,
  },
  // simulated Google
  { route: 'GET /api/integrations', schema: integrationsStateSchema },
  {
    route: 'POST /api/integrations/:service/connect',
    path: () => '/api/integrations/search-console/connect',
    schema: connectServiceResponseSchema,
  },
  {
    route: 'POST /api/integrations/:service/connect',
    path: () => '/api/integrations/analytics/connect',
    schema: connectServiceResponseSchema,
  },
  { route: 'GET /api/integrations/search-console/data', schema: searchConsoleDataResponseSchema },
  { route: 'GET /api/integrations/analytics/data', schema: analyticsDataResponseSchema },
  {
    route: 'GET /api/integrations/google/search-console/performance',
    schema: searchConsolePerformanceAnswerSchema,
  },
  { route: 'GET /api/integrations/google/analytics', schema: analyticsStatusSchema },
  {
    route: 'DELETE /api/integrations/:service',
    path: () => '/api/integrations/analytics',
    schema: connectionsResponseSchema,
  },
  // Issue 35 items 1-2: the team (a viewer joined in the set-up), the person's own businesses, an
  // invitation from another owner's business accepted and left, another business of their own.
  {
    route: 'GET /api/team',
    schema: teamResponseSchema,
  },
  {
    route: 'POST /api/team/invitations',
    schema: invitedResponseSchema,
    body: () => ({ email: 'new-manager@example.com', role: 'manager' }),
    keep: (body: { invitation: { id: string } }, w) => {
      w.ids.invitationId = body.invitation.id
    },
  },
  {
    route: 'DELETE /api/team/invitations/:id',
    path: (w) => `/api/team/invitations/${id(w, 'invitationId')}`,
    answers: 'no content',
  },
  {
    route: 'PATCH /api/team/members/:userId',
    path: (w) => `/api/team/members/${id(w, 'member')}`,
    schema: teamResponseSchema,
    body: () => ({ role: 'manager' }),
  },
  {
    route: 'DELETE /api/team/members/:userId',
    path: (w) => `/api/team/members/${id(w, 'member')}`,
    answers: 'no content',
  },
  { route: 'GET /api/membership', schema: membershipsResponseSchema },
  {
    route: 'PUT /api/membership/alert-emails',
    schema: alertEmailsSchema,
    body: () => ({ on: false }),
  },
  {
    route: 'POST /api/membership/invitations/preview',
    schema: invitationPreviewSchema,
    body: (w) => ({ token: id(w, 'invitation') }),
  },
  {
    route: 'POST /api/membership/invitations/accept',
    schema: businessIdResponseSchema,
    body: (w) => ({ token: id(w, 'invitation') }),
  },
  {
    route: 'DELETE /api/membership',
    headers: (w) => ({ 'x-business-id': id(w, 'otherBusiness') }),
    answers: 'no content',
  },
  {
    route: 'POST /api/businesses',
    schema: businessIdResponseSchema,
    body: () => ({ ...businessInput, name: 'Bright Smile North' }),
  },
  // Issue 35 item 4: the months with data, the white label, a month's PDF.
  {
    route: 'GET /api/reports/months',
    schema: reportMonthsSchema,
    keep: (body: { months: string[] }, w) => {
      w.ids.month = body.months[0]!
    },
  },
  { route: 'GET /api/reports/settings', schema: reportSettingsSchema },
  {
    route: 'PUT /api/reports/settings',
    schema: reportSettingsSchema,
    body: () => ({
      title: 'Monthly report',
      color: '#0f766e',
      recipients: ['owner@example.com'],
    }),
  },
  {
    route: 'GET /api/reports/pdf',
    path: (w) => `/api/reports/pdf?month=${id(w, 'month')}&location=main`,
    answers: 'pdf',
  },
  // Issue 35 item 5: a share link to that month's report, its public view and PDF, then turned off.
  {
    route: 'POST /api/share-links',
    schema: shareLinkCreatedSchema,
    body: (w) => ({ kind: 'report', month: id(w, 'month'), location: 'main', label: 'Marketer' }),
    keep: (body: { link: { id: string }; url: string }, w) => {
      w.ids.shareLink = body.link.id
      w.ids.shareToken = body.url.split('/shared/')[1]!
    },
  },
  { route: 'GET /api/share-links', schema: shareLinksResponseSchema },
  {
    route: 'GET /api/shared/:token',
    path: (w) => `/api/shared/${id(w, 'shareToken')}`,
    schema: sharedViewSchema,
  },
  {
    route: 'GET /api/shared/:token/report.pdf',
    path: (w) => `/api/shared/${id(w, 'shareToken')}/report.pdf`,
    answers: 'pdf',
  },
  {
    route: 'DELETE /api/share-links/:id',
    path: (w) => `/api/share-links/${id(w, 'shareLink')}`,
    schema: shareLinkRevokedSchema,
  },
  // the business's own data last: these change what the requests above read
  {
    route: 'DELETE /api/business/sample-data',
    schema: sampleDataResponseSchema,
  },
  {
    route: 'DELETE /api/business/locations/:id',
    path: (w) => `/api/business/locations/${id(w, 'location')}`,
    schema: locationsResponseSchema,
  },
  // Google sign-in configured (the fake Google), an owner connected through it
  { route: 'GET /api/integrations', schema: integrationsStateSchema, google: true },
  {
    route: 'GET /api/integrations/google/connect',
    schema: googleConnectResponseSchema,
    google: true,
  },
  {
    route: 'GET /api/integrations/google/search-console/sites',
    schema: searchConsoleSitesSchema,
    google: true,
  },
  {
    route: 'PUT /api/integrations/google/search-console/site',
    schema: googleAccountResponseSchema,
    body: () => ({ siteUrl: 'https://www.sunrisedental.com/' }),
    google: true,
  },
  {
    route: 'GET /api/integrations/google/search-console/performance',
    schema: searchConsolePerformanceAnswerSchema,
    google: true,
  },
  {
    route: 'GET /api/integrations/google/search-console/rows',
    path: () => '/api/integrations/google/search-console/rows?dimension=query',
    schema: searchConsoleRowsSchema,
    google: true,
  },
  {
    route: 'GET /api/integrations/google/analytics/properties',
    schema: analyticsPropertiesSchema,
    google: true,
  },
  {
    route: 'PUT /api/integrations/google/analytics/property',
    schema: analyticsStatusSchema,
    body: () => ({ property: 'properties/314159265' }),
    google: true,
  },
  { route: 'GET /api/integrations/google/analytics', schema: analyticsStatusSchema, google: true },
  // Connected for Search Console and Analytics only: the profile asks for its own consent.
  { route: 'GET /api/business-profile', schema: profileStatusSchema, google: true },
  { route: 'GET /api/business-profile/locations', schema: profileLocationsSchema, google: true },
  {
    route: 'DELETE /api/integrations/google',
    schema: googleDisconnectResponseSchema,
    google: true,
  },
  // Issue 35 item 6: everything of the business, then the business gone; last, as nothing follows.
  { route: 'GET /api/business/export', answers: 'zip' },
  {
    route: 'DELETE /api/business',
    schema: deleteBusinessResponseSchema,
    body: () => ({ confirm: businessInput.name }),
  },
]

// The HTTP application: middleware, routes and the one error mapping. index.ts gives it its deps.
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { authRoutes } from './auth/auth.routes.js'
import { aiRoutes } from './features/ai/ai.routes.js'
import { alertRoutes } from './features/alerts/alerts.routes.js'
import { automationRoutes } from './features/automation/automation.routes.js'
import { unsubscribeRoutes } from './features/automation/unsubscribe.js'
import { reportUnsubscribeRoutes } from './features/reports/public.js'
import { backlinkRoutes } from './features/backlinks/backlinks.routes.js'
import { businessRoutes, businessesRoutes } from './features/business/business.routes.js'
import { ownerDataRoutes } from './features/owner-data/owner-data.routes.js'
import { businessProfileRoutes } from './features/business-profile/business-profile.routes.js'
import { locationRoutes } from './features/business/locations.routes.js'
import { dashboardRoutes } from './features/dashboard/dashboard.routes.js'
import { competitorsRoutes } from './features/competitors/competitors.routes.js'
import { geoGridRoutes } from './features/geo-grid/geo-grid.routes.js'
import { integrationRoutes } from './features/integrations/integrations.routes.js'
import { keywordRoutes } from './features/keywords/keywords.routes.js'
import { rankProviderRoutes } from './features/keywords/provider-settings.routes.js'
import { listingRoutes } from './features/listings/listings.routes.js'
import { plannerRoutes } from './features/planner/planner.routes.js'
import { queryLedgerRoutes } from './features/query-ledger/query-ledger.routes.js'
import { reportRoutes } from './features/reports/reports.routes.js'
import { recommendationRoutes } from './features/recommendations/recommendations.routes.js'
import { rankTrackerRoutes } from './features/rank-tracker/rank-tracker.routes.js'
import { siteAuditRoutes } from './features/site-audit/site-audit.routes.js'
import { sharedRoutes, shareLinkRoutes } from './features/share-links/share-links.routes.js'
import { membershipRoutes, teamRoutes } from './features/team/team.routes.js'
import { admitInOrder } from './lib/admit-in-order.js'
import { closeConnectionOn413 } from './lib/close-on-413.js'
import { compressResponses } from './lib/compress-responses.js'
import type { AppDeps } from './lib/deps.js'
import { AppError, errorBody } from './lib/errors.js'
import { DATABASE_UNAVAILABLE, serverFault } from './lib/server-faults.js'
import { inputGuard } from './lib/input-guard.js'
import { httpMetrics, metricsEndpoint } from './lib/metrics-route.js'
import { requestLogger } from './lib/request-logger.js'
import { securityHeaders } from './lib/security-headers.js'
import { staticWeb } from './lib/static-web.js'
import { devMailRoutes } from './mail/dev-mail.routes.js'
import { limitBody } from './lib/body-limit.js'
import { noStore } from './lib/no-store.js'
import { APP_VERSION } from './version.js'

export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Requests handled at once when MAX_ACTIVE_REQUESTS is unset, as measured under 200 connections
 * (docs/decisions/054-requests-admitted-in-order.md): the embedded database answers one statement
 * at a time on this thread, so fewer at once keep each turn of the event loop short.
 */
const ACTIVE_REQUESTS: Record<AppDeps['dbKind'], number> = { postgres: 32, pglite: 8 }

function apiRoutes(deps: AppDeps) {
  const api = new Hono()
    .use('*', compressResponses())
    .use('*', noStore())
    .use(
      '*',
      limitBody({
        maxSize: MAX_BODY_BYTES,
        onError: (c) =>
          c.json(errorBody('payload_too_large', 'The request body is larger than 1 MiB.'), 413),
      }),
    )
    .use(
      '*',
      inputGuard((c, problem) =>
        c.json(
          errorBody('validation_failed', 'Some fields are missing or invalid.', [
            { path: problem.where, message: problem.message },
          ]),
          422,
        ),
      ),
    )
    // Ahead of the business's routes: export and delete answer before them (owner-data.routes.ts).
    .route('/business', ownerDataRoutes(deps))
    .route('/business', businessRoutes(deps))
    .route('/business/locations', locationRoutes(deps))
    .route('/businesses', businessesRoutes(deps))
    .route('/integrations', integrationRoutes(deps))
    .route('/dashboard', dashboardRoutes(deps))
    .route('/listings', listingRoutes(deps))
    .route('/ai', aiRoutes(deps))
    .route('/keywords', keywordRoutes(deps))
    .route('/planner', plannerRoutes(deps))
    .route('/recommendations', recommendationRoutes(deps))
    .route('/rank-tracker', rankTrackerRoutes(deps))
    .route('/rank-provider', rankProviderRoutes(deps))
    .route('/geo-grid', geoGridRoutes(deps))
    .route('/competitors', competitorsRoutes(deps))
    .route('/query-ledger', queryLedgerRoutes(deps))
    .route('/backlinks', backlinkRoutes(deps))
    .route('/site-audit', siteAuditRoutes(deps))
    .route('/automation', automationRoutes(deps))
    .route('/alerts', alertRoutes(deps))
    .route('/business-profile', businessProfileRoutes(deps))
    .route('/reports', reportRoutes(deps))
    .route('/team', teamRoutes(deps))
    .route('/membership', membershipRoutes(deps))
    .route('/share-links', shareLinkRoutes(deps))
    // A share link's view, for anyone holding the link: no session (issue 35 item 5, ADR 050).
    .route('/shared', sharedRoutes(deps))

  // A sub-app's notFound is not used once mounted, so the catch-all route answers instead.
  api.all('*', (c) => c.json(errorBody('not_found', 'No such API endpoint.'), 404))
  api.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(errorBody(error.code, error.message, error.issues), error.status)
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own client errors, for example malformed JSON from a validator.
      const code = error.status === 401 ? 'unauthorized' : 'bad_request'
      return c.json(errorBody(code, error.message || 'Bad request.'), error.status)
    }
    const fault = serverFault(error, deps, c.var.logger)
    if (fault) return c.json(errorBody(fault.code, fault.message), fault.status, fault.headers)
    c.var.logger.error({ err: error }, 'unhandled error')
    return c.json(errorBody('internal_error', 'Something went wrong on our side.'), 500)
  })
  return api
}

export function createApp(deps: AppDeps, options: { webDistDir?: string } = {}) {
  // One queue for the API and auth, after the logger and metrics so their times include the wait.
  const admission = admitInOrder(deps.env.MAX_ACTIVE_REQUESTS ?? ACTIVE_REQUESTS[deps.dbKind])
  deps.metrics.readAdmission(admission)
  const app = new Hono()
    .use('*', requestId())
    .use('*', httpMetrics(deps.metrics))
    .use('*', requestLogger(deps.logger))
    .use('*', securityHeaders(deps.env))
    .use('*', closeConnectionOn413())
    .get('/healthz', async (c) => {
      let queue
      try {
        // Counts only: no job's data, which names businesses (issue 16 item 6).
        queue = await deps.jobs.state()
      } catch (error) {
        // The one query reads the database: if it cannot, say so, for a load balancer (ADR 026).
        c.var.logger.warn({ err: error }, 'health check: the database did not answer')
        c.header('Retry-After', String(DATABASE_UNAVAILABLE.retryAfterSeconds))
        return c.json(
          {
            status: 'unavailable' as const,
            version: APP_VERSION,
            database: 'unavailable' as const,
          },
          503,
        )
      }
      return c.json({ status: 'ok' as const, version: APP_VERSION, database: deps.dbKind, queue })
    })
    // For an operator's scraper, behind METRICS_TOKEN, not a session (docs/decisions/041-metrics.md).
    .get('/metrics', metricsEndpoint(deps.metrics, deps.env.METRICS_TOKEN))
    .use('/auth/v1/*', admission.middleware)
    .use('/api/*', admission.middleware)
    .route('/auth/v1', authRoutes(deps))
    .route('/api', apiRoutes(deps))
    // The alert email's 'Stop these emails' link works without signing in (issue 16 item 4).
    .route('/alerts', unsubscribeRoutes(deps))
    // And the monthly report's, for a recipient who may have no account (issue 35 item 4).
    .route('/report-emails', reportUnsubscribeRoutes(deps))

  // The local outbox holds sign-in links: never served in production (mail/dev-mail.routes.ts).
  if (deps.env.NODE_ENV !== 'production') app.route('/dev', devMailRoutes(deps))
  if (options.webDistDir) app.route('/', staticWeb(options.webDistDir))
  app.onError((error, c) => {
    const fault = serverFault(error, deps, c.var.logger)
    if (fault) return c.text(fault.message, fault.status, fault.headers)
    c.var.logger.error({ err: error }, 'unhandled error')
    return c.text('Internal Server Error', 500)
  })
  return app
}

export type AppType = ReturnType<typeof createApp>

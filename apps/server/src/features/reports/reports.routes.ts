// GET /api/reports/months and /api/reports/pdf (issue 35 item 4): the months with data and the
// monthly report as a PDF download, for the business ('main') or one of its own locations.
import { Hono } from 'hono'
import { z } from 'zod'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { googleOAuthConfig } from '../integrations/public.js'
import { reportMonthSchema } from './report-month.js'
import { DEFAULT_BRANDING } from './report-pdf.js'
import { buildReportPdf, monthsWithData } from './reports.service.js'

const location = z.string().trim().min(1).max(100).default(MAIN_LOCATION)

export function reportRoutes(deps: AppDeps) {
  // Without Google sign-in the Business Profile figures are the sample ones (ADR 034).
  const sample = !googleOAuthConfig(deps.env)
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/months', validate('query', z.object({ location })), async (c) => {
      const scope = await c.var.tenant.scope(c.req.valid('query').location)
      return c.json({ months: await monthsWithData(deps.db, scope.business, scope.location) })
    })
    .get('/pdf', validate('query', z.object({ month: reportMonthSchema, location })), async (c) => {
      const query = c.req.valid('query')
      const { business, location } = await c.var.tenant.scope(query.location)
      const { pdf, filename } = await buildReportPdf({
        db: deps.db,
        business,
        location,
        month: query.month,
        now: deps.clock.now(),
        sample,
        branding: DEFAULT_BRANDING,
      })
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      })
    })
}

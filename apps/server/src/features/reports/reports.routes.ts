// /api/reports (issue 35 item 4): the months with data, the monthly report as a PDF download for the
// business ('main') or one of its own locations, and the white label and recipients (PUT /settings:
// owners and managers; viewers read and download).
import { Hono } from 'hono'
import { z } from 'zod'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { reportSettingsInputSchema } from '@localseo/shared/reports'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { googleOAuthConfig } from '../integrations/public.js'
import { reportMonthSchema } from './report-month.js'
import { brandingOf, getReportSettings, saveReportSettings } from './report-settings.js'
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
    .get('/settings', async (c) => {
      return c.json(await getReportSettings(deps.db, await c.var.tenant.businessId()))
    })
    .put('/settings', validate('json', reportSettingsInputSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const input = c.req.valid('json')
      return c.json(await saveReportSettings(deps.db, businessId, input, deps.clock.now()))
    })
    .get('/pdf', validate('query', z.object({ month: reportMonthSchema, location })), async (c) => {
      const query = c.req.valid('query')
      const { business, location } = await c.var.tenant.scope(query.location)
      const settings = await getReportSettings(deps.db, business.id)
      const { pdf, filename } = await buildReportPdf({
        db: deps.db,
        business,
        location,
        month: query.month,
        now: deps.clock.now(),
        sample,
        branding: brandingOf(settings),
      })
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
      })
    })
}

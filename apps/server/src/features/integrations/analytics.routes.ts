// /api/integrations/google/analytics (issue 18 item 3, ADR 023), mounted behind the bearer check of
// the Google routes: GET answers what the Website Analytics card shows (stored figures, never a
// call to Google); GET /properties lists the account's GA4 properties; PUT /property picks one and
// queues its first import.
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { validate } from '../../lib/validate.js'
import { analyticsProperties, chooseAnalyticsProperty } from './analytics-import.js'
import { queueAnalyticsImport } from './analytics-jobs.js'
import { analyticsStatus } from './analytics-status.js'
import { googleOAuthConfig } from './google-oauth.js'

const propertyBody = z
  .object({
    property: z
      .string()
      .regex(/^properties\/\d{1,20}$/, "A property is written 'properties/' and its number."),
  })
  .strict()

export function analyticsRoutes(deps: AppDeps) {
  const config = googleOAuthConfig(deps.env)

  function requireConfig() {
    if (!config) {
      throw new AppError(
        'not_found',
        'Google sign-in is not set up on this server (GOOGLE_CLIENT_ID): the connections are simulated.',
      )
    }
    return config
  }

  return new Hono()
    .get('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json(await analyticsStatus(deps.db, config !== undefined, businessId))
    })
    .get('/properties', async (c) => {
      const oauth = requireConfig()
      const business = await c.var.tenant.named()
      return c.json(await analyticsProperties(deps, oauth, business))
    })
    .put('/property', validate('json', propertyBody), async (c) => {
      const oauth = requireConfig()
      const business = await c.var.tenant.named()
      await chooseAnalyticsProperty(deps, oauth, business, c.req.valid('json').property)
      await queueAnalyticsImport(deps, business.id)
      return c.json(await analyticsStatus(deps.db, true, business.id))
    })
}

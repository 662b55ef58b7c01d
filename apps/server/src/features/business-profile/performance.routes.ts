// /api/business-profile/performance (issue 33 item 5, ADR 035): one place's Business Profile
// performance as the daily import stored it. Mounted under the Business Profile's routes, which
// require a session for every request; another owner's location is a 404 (tenant.scope).
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { googleOAuthConfig } from '../integrations/public.js'
import { profilePerformance } from './performance.js'

export function performanceRoutes(deps: AppDeps) {
  const sample = !googleOAuthConfig(deps.env)
  return new Hono().get(
    '/',
    validate('query', z.object({ location: z.string().min(1).max(100).default('main') })),
    async (c) => {
      const { business, location } = await c.var.tenant.scope(c.req.valid('query').location)
      return c.json(await profilePerformance(deps.db, business.id, location.id, sample))
    },
  )
}

import { Hono } from 'hono'
import { z } from 'zod'
import type { DashboardResponse } from '@localseo/shared/dashboard'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { requireLocation } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { keywordProviders } from '../keywords/public.js'
import { createDashboardCache } from './dashboard-cache.js'
import { getDashboard, type DashboardReads } from './dashboard.service.js'

const query = z.object({ location: z.string().trim().min(1).max(100).default(MAIN_LOCATION) })

export function dashboardRoutes(deps: AppDeps) {
  const providers = keywordProviders(deps)
  const cache = createDashboardCache<DashboardReads>()
  return new Hono().use('*', requireAuth(deps)).get('/', validate('query', query), async (c) => {
    const { business, dashboardVersion } = await c.var.tenant.read()
    const { location } = c.req.valid('query')
    // An unknown location is a 404 (another owner's location id included), never the main data.
    if (business.id) requireLocation(business, location)
    const dashboard = await getDashboard({
      db: deps.db,
      business,
      locationId: location,
      now: deps.clock.now(),
      keywordData: providers.keywordData,
      cache,
      version: dashboardVersion,
    })
    // The shape the web app parses (packages/shared/src/dashboard.ts).
    return c.json(dashboard satisfies DashboardResponse)
  })
}

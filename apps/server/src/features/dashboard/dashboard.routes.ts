import { Hono } from 'hono'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessForUser } from '../../lib/tenant.js'
import { getDashboard } from './dashboard.service.js'

export function dashboardRoutes(deps: AppDeps) {
  return new Hono().use('*', requireAuth(deps)).get('/', async (c) => {
    const business = await getBusinessForUser({ db: deps.db, userId: c.var.auth.userId })
    return c.json(await getDashboard({ db: deps.db, business, now: deps.clock.now() }))
  })
}

// /api/alerts (issue 16 item 4): the owner's notification list, newest first with the unread count,
// and marking them read. The business comes from the session; nobody reads another's.
import { Hono } from 'hono'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { requireNamedBusiness } from '../../lib/tenant.js'
import { listNotifications, markAllRead } from './alerts.service.js'

export function alertRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await requireNamedBusiness(db, c.var.auth.userId)
      return c.json(await listNotifications(db, business.id))
    })
    .post('/read', async (c) => {
      const business = await requireNamedBusiness(db, c.var.auth.userId)
      await markAllRead(db, business.id, clock.now())
      return c.json(await listNotifications(db, business.id))
    })
}

// /api/alerts (issue 16 item 4): the owner's notification list, newest first with the unread count,
// marking them read, and the alert topics chosen in Settings. The business comes from the session;
// nobody reads another's.
import { Hono } from 'hono'
import { alertPreferencesUpdateSchema } from '@localseo/shared/alert-preferences'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import {
  getAlertPreferences,
  listNotifications,
  markAllRead,
  setAlertPreferences,
} from './alerts.service.js'

export function alertRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await listNotifications(db, business.id))
    })
    .get('/preferences', async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await getAlertPreferences(db, business.id))
    })
    .put('/preferences', validate('json', alertPreferencesUpdateSchema), async (c) => {
      const business = await c.var.tenant.named()
      const input = c.req.valid('json')
      return c.json(await setAlertPreferences(db, business.id, input, clock.now()))
    })
    .post('/read', async (c) => {
      const business = await c.var.tenant.named()
      await markAllRead(db, business.id, clock.now())
      return c.json(await listNotifications(db, business.id))
    })
}

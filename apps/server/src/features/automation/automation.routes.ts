// Settings → Automatic checks (issue 16 item 2): how often each kind of work runs for the owner's
// business, when it runs next and how the last run ended.
import { Hono } from 'hono'
import { scheduleUpdateSchema } from '@localseo/shared/automation'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { listSchedules, setFrequency } from './schedules.js'

export function automationRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await c.var.tenant.named()
      return c.json({ schedules: await listSchedules(db, business.id, clock.now()) })
    })
    .put('/', validate('json', scheduleUpdateSchema), async (c) => {
      const business = await c.var.tenant.named()
      const now = clock.now()
      await setFrequency(db, { businessId: business.id, ...c.req.valid('json'), now })
      return c.json({ schedules: await listSchedules(db, business.id, now) })
    })
}

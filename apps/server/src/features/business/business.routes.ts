import { Hono } from 'hono'
import { businessInputSchema } from '@localseo/shared/business-input'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { getBusinessForUser } from '../../lib/tenant.js'
import { saveBusiness } from './business.service.js'

export function businessRoutes(deps: AppDeps) {
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await getBusinessForUser({ db: deps.db, userId: c.var.auth.userId })
      return c.json({ business })
    })
    .put('/', validate('json', businessInputSchema), async (c) => {
      const business = await saveBusiness({
        db: deps.db,
        userId: c.var.auth.userId,
        input: c.req.valid('json'),
        now: deps.clock.now(),
      })
      return c.json({ business })
    })
}

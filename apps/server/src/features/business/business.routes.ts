import { Hono } from 'hono'
import { businessInputSchema } from '@localseo/shared/business-input'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { getBusinessForUser, requireBusinessId } from '../../lib/tenant.js'
import { saveBusiness } from './business.service.js'
import { getSampleData, removeSampleData } from './sample-data.js'

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
    .get('/sample-data', async (c) => {
      const businessId = await requireBusinessId(deps.db, c.var.auth.userId)
      return c.json({ sampleData: await getSampleData(deps.db, businessId) })
    })
    .delete('/sample-data', async (c) => {
      const businessId = await requireBusinessId(deps.db, c.var.auth.userId)
      const sampleData = await removeSampleData(deps.db, businessId, deps.clock.now())
      return c.json({ sampleData })
    })
}

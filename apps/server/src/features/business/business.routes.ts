import { Hono } from 'hono'
import { businessInputSchema } from '@localseo/shared/business-input'
import { coordinatesInputSchema } from '@localseo/shared/coordinates'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { requestFirstChecks } from '../keywords/public.js'
import { createAnotherBusiness, saveBusiness } from './business.service.js'
import { saveCoordinates } from './coordinates.js'
import { getSampleData, removeSampleData } from './sample-data.js'

export function businessRoutes(deps: AppDeps) {
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await c.var.tenant.business()
      return c.json({ business })
    })
    .put('/', validate('json', businessInputSchema), async (c) => {
      const { business, seeded } = await saveBusiness({
        db: deps.db,
        userId: c.var.auth.userId,
        tenant: c.var.tenant,
        input: c.req.valid('json'),
        now: deps.clock.now(),
      })
      // The default keywords' first positions come from a job; the screens read them (issue 30).
      if (seeded) await requestFirstChecks(deps, business.id)
      return c.json({ business })
    })
    .put('/coordinates', validate('json', coordinatesInputSchema), async (c) => {
      // The main business's pin (issue 17 item 3); nulls clear it. Answers the business as GET does.
      const { db, clock } = deps
      const businessId = await c.var.tenant.businessId()
      const input = c.req.valid('json')
      await saveCoordinates({ db, businessId, locationId: 'main', input, now: clock.now() })
      c.var.tenant.forget()
      return c.json({ business: await c.var.tenant.business() })
    })
    .get('/sample-data', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json({ sampleData: await getSampleData(deps.db, businessId) })
    })
    .delete('/sample-data', async (c) => {
      const businessId = await c.var.tenant.businessId()
      const sampleData = await removeSampleData(deps.db, businessId, deps.clock.now())
      return c.json({ sampleData })
    })
}

/**
 * /api/businesses: another business for the signed-in person, whatever their role elsewhere (an
 * agency's next client). They own it; the web then names it on its requests (ADR 043).
 */
export function businessesRoutes(deps: AppDeps) {
  return new Hono()
    .use('*', requireAuth(deps, { writes: 'anyone' }))
    .post('/', validate('json', businessInputSchema), async (c) => {
      const { businessId, seeded } = await createAnotherBusiness({
        db: deps.db,
        userId: c.var.auth.userId,
        input: c.req.valid('json'),
        now: deps.clock.now(),
      })
      if (seeded) await requestFirstChecks(deps, businessId)
      return c.json({ businessId }, 201)
    })
}

import { Hono } from 'hono'
import { z } from 'zod'
import { locationCreateSchema, locationUpdateSchema } from '@localseo/shared/business-input'
import { coordinatesInputSchema } from '@localseo/shared/coordinates'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { requestFirstChecks } from '../keywords/public.js'
import { saveCoordinates } from './coordinates.js'
import { addLocation, deleteLocation, listLocations, updateLocation } from './locations.service.js'

const idParam = z.object({ id: z.string().min(1).max(100) })

/** Every answer is the whole, updated list of the business's locations. */
export function locationRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json({ locations: await listLocations(db, businessId) })
    })
    .post('/', validate('json', locationCreateSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const input = c.req.valid('json')
      const list = await addLocation({ db, businessId, input, now: clock.now() })
      // Its default keywords' first positions come from a job; the screens read them (issue 30).
      await requestFirstChecks(deps, businessId)
      return c.json({ locations: list }, 201)
    })
    .patch(
      '/:id',
      validate('param', idParam),
      validate('json', locationUpdateSchema),
      async (c) => {
        const businessId = await c.var.tenant.businessId()
        const list = await updateLocation({
          db,
          businessId,
          locationId: c.req.valid('param').id,
          input: c.req.valid('json'),
          now: clock.now(),
        })
        return c.json({ locations: list })
      },
    )
    .put(
      '/:id/coordinates',
      validate('param', idParam),
      validate('json', coordinatesInputSchema),
      async (c) => {
        // A location's pin (issue 17 item 3); nulls clear it.
        const businessId = await c.var.tenant.businessId()
        const locationId = c.req.valid('param').id
        const input = c.req.valid('json')
        await saveCoordinates({ db, businessId, locationId, input, now: clock.now() })
        return c.json({ locations: await listLocations(db, businessId) })
      },
    )
    .delete('/:id', validate('param', idParam), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const locationId = c.req.valid('param').id
      const list = await deleteLocation({ db, businessId, locationId, now: clock.now() })
      return c.json({ locations: list })
    })
}

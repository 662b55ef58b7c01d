import { Hono } from 'hono'
import { z } from 'zod'
import { listingRecordInputSchema } from '@localseo/shared/listings'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { forgetListing, getListings, recordListing } from './listings.service.js'

const locationQuery = z.object({ location: z.string().max(100).optional() })
const forgetQuery = locationQuery.extend({ platform: z.string().trim().min(1).max(60) })

export function listingRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', validate('query', locationQuery), async (c) => {
      const view = await getListings({
        db,
        business: await c.var.tenant.named(),
        location: c.req.valid('query').location,
        now: clock.now(),
      })
      return c.json(view)
    })
    .put('/records', validate('json', listingRecordInputSchema), async (c) => {
      const view = await recordListing({
        db,
        business: await c.var.tenant.named(),
        input: c.req.valid('json'),
        now: clock.now(),
      })
      return c.json(view)
    })
    .delete('/records', validate('query', forgetQuery), async (c) => {
      const { platform, location } = c.req.valid('query')
      const view = await forgetListing({
        db,
        business: await c.var.tenant.named(),
        platform,
        location,
        now: clock.now(),
      })
      return c.json(view)
    })
}

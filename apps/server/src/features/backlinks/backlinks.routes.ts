import { Hono } from 'hono'
import { z } from 'zod'
import {
  backlinkInputSchema,
  backlinkQuerySchema,
  backlinkStatusSchema,
} from '@localseo/shared/backlinks'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { requireBusinessId } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import {
  addBacklink,
  deleteBacklink,
  listBacklinks,
  setBacklinkStatus,
  summarizeBacklinks,
} from './backlinks.service.js'

const locationQuery = z.object({ location: z.string().max(100).optional() })

export function backlinkRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', validate('query', backlinkQuerySchema), async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      const filter = c.req.valid('query')
      return c.json(await listBacklinks({ db, businessId, filter, now: clock.now() }))
    })
    .get('/summary', validate('query', locationQuery), async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      const { location } = c.req.valid('query')
      return c.json(await summarizeBacklinks({ db, businessId, location, now: clock.now() }))
    })
    .post('/', validate('json', backlinkInputSchema), async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      const input = c.req.valid('json')
      return c.json(await addBacklink({ db, businessId, input, now: clock.now() }), 201)
    })
    .patch('/:id', validate('json', backlinkStatusSchema), async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      const id = c.req.param('id')
      const { status } = c.req.valid('json')
      return c.json(await setBacklinkStatus({ db, businessId, id, status }))
    })
    .delete('/:id', async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      await deleteBacklink({ db, businessId, id: c.req.param('id') })
      return c.body(null, 204)
    })
}

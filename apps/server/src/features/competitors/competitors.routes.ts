// /api/competitors (issue 34 item 1): a location's competitors with their figures, following and
// hiding one, the followed ones for the geo-grid's point view and their daily map positions for the
// Rank Tracker's chart. Every request is the signed-in owner's business; another's is a 404.
import { Hono } from 'hono'
import { z } from 'zod'
import {
  competitorUpdateSchema,
  competitorsQuerySchema,
  mapHistoryQuerySchema,
} from '@localseo/shared/competitors'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import {
  followedCompetitors,
  listCompetitors,
  mapHistory,
  updateCompetitor,
} from './competitors.service.js'

const idParam = z.object({ id: z.uuid({ message: 'That competitor does not exist.' }) })
const locationQuery = competitorsQuerySchema.pick({ location: true })

export function competitorsRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', validate('query', competitorsQuerySchema), async (c) => {
      const { location, days } = c.req.valid('query')
      const found = await c.var.tenant.scope(location)
      const where = { businessId: found.business.id, scope: found.location.id }
      return c.json(await listCompetitors(db, where, { days, now: clock.now() }))
    })
    .get('/followed', validate('query', locationQuery), async (c) => {
      const found = await c.var.tenant.scope(c.req.valid('query').location)
      return c.json(
        await followedCompetitors(db, { businessId: found.business.id, scope: found.location.id }),
      )
    })
    .get(
      '/map-history',
      validate('query', locationQuery.extend(mapHistoryQuerySchema.shape)),
      async (c) => {
        const { location, keywordId, range } = c.req.valid('query')
        const found = await c.var.tenant.scope(location)
        const where = { businessId: found.business.id, scope: found.location.id }
        return c.json(await mapHistory(db, where, { keywordId, range, now: clock.now() }))
      },
    )
    .patch(
      '/:id',
      validate('param', idParam),
      validate('json', competitorUpdateSchema),
      async (c) => {
        const businessId = await c.var.tenant.businessId()
        const { id } = c.req.valid('param')
        return c.json(await updateCompetitor(db, businessId, id, c.req.valid('json')))
      },
    )
}

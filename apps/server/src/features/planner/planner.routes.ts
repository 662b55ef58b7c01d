import { Hono } from 'hono'
import { z } from 'zod'
import {
  KEYWORD_MAX_LENGTH,
  normaliseKeyword,
  plannerQuerySchema,
} from '@localseo/shared/keyword-engine'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { getBusinessForUser, requireScope } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { createSimulatedKeywordProvider } from './keyword-data.js'
import {
  listSavedKeywords,
  removeSavedKeyword,
  saveKeyword,
  searchPlanner,
} from './planner.service.js'

const locationId = z.string().max(100).optional()
const searchQuery = plannerQuerySchema.extend({ location: locationId })
const saveBody = z.object({
  keyword: z
    .string()
    .transform(normaliseKeyword)
    .pipe(z.string().min(1, 'Enter a keyword.').max(KEYWORD_MAX_LENGTH)),
  locationId: locationId.nullable(),
})
const idParam = z.object({ id: z.uuid('Unknown saved keyword.') })

export function plannerRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const provider = createSimulatedKeywordProvider({ delays: deps.env.SIMULATED_DELAYS })
  const business = async (userId: string, location?: string | null) =>
    (await requireScope(db, userId, location)).business

  return new Hono()
    .use('*', requireAuth(deps))
    .get('/ideas', validate('query', searchQuery), async (c) => {
      const { location, ...query } = c.req.valid('query')
      const owner = await business(c.var.auth.userId, location)
      const keywords = await searchPlanner({
        provider,
        business: owner,
        locationId: location,
        query,
      })
      return c.json({ keywords, estimated: true as const })
    })
    .get('/saved', async (c) => {
      const owner = await getBusinessForUser({ db, userId: c.var.auth.userId })
      if (!owner.id) return c.json({ keywords: [] })
      return c.json({ keywords: await listSavedKeywords({ db, businessId: owner.id }) })
    })
    .post('/saved', validate('json', saveBody), async (c) => {
      const { keyword, locationId } = c.req.valid('json')
      const owner = await business(c.var.auth.userId, locationId)
      const figures = await provider.describe(keyword, owner, locationId)
      const saved = await saveKeyword({
        db,
        businessId: owner.id,
        keyword: figures,
        now: clock.now(),
      })
      return c.json({ keyword: saved }, 201)
    })
    .delete('/saved/:id', validate('param', idParam), async (c) => {
      const owner = await getBusinessForUser({ db, userId: c.var.auth.userId })
      if (!owner.id) throw new AppError('not_found', 'That saved keyword does not exist.')
      await removeSavedKeyword({ db, businessId: owner.id, id: c.req.valid('param').id })
      return c.body(null, 204)
    })
}

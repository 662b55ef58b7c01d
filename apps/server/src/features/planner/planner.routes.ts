import { Hono } from 'hono'
import { z } from 'zod'
import {
  KEYWORD_MAX_LENGTH,
  normaliseKeyword,
  plannerQuerySchema,
} from '@localseo/shared/keyword-engine'
import { singleLineText } from '@localseo/shared/single-line'
import { requireAuth, requireRole } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import type { Tenant } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { keywordProviders, requestSearchFigures } from '../keywords/public.js'
import {
  listSavedKeywords,
  removeSavedKeyword,
  saveKeyword,
  searchPlanner,
} from './planner.service.js'

const locationId = z.string().max(100).optional()
const searchQuery = plannerQuerySchema.extend({ location: locationId })
const saveBody = z.object({
  // Refused before the spaces are collapsed: a line break is never quietly made a space.
  keyword: singleLineText('A keyword')
    .transform(normaliseKeyword)
    .pipe(z.string().min(1, 'Enter a keyword.').max(KEYWORD_MAX_LENGTH)),
  locationId: locationId.nullable(),
})
const idParam = z.object({ id: z.uuid('Unknown saved keyword.') })

export function plannerRoutes(deps: AppDeps) {
  const { db, clock } = deps
  // Only the planner's searches wait like a keyword API (docs/product.md §9); figures are the same.
  const { keywordData, askingKeywordData } = keywordProviders(deps, {
    delays: deps.env.SIMULATED_DELAYS,
  })
  /** A list shows the stored figures; a search or a save may ask the keyword data source. */
  const scope = async (tenant: Tenant, location?: string | null, { asking = false } = {}) => ({
    db,
    provider: asking ? askingKeywordData : keywordData,
    ...(await tenant.scope(location)),
  })

  return (
    new Hono()
      // A search reads, though it is a POST: a viewer searches too (issue 35 item 1). Saving and
      // removing are a manager's, as everywhere.
      .use('*', requireAuth(deps, { writes: 'anyone' }))
      // A POST: with a keyword data source, a search has it asked for the ideas' figures (issue 30
      // item 8). It answers with those stored and the estimate for the rest at once; a job asks the
      // rest (about a second of DataForSEO's) and the planner reads the search again (issue 36 item 3).
      .post('/search', validate('json', searchQuery), async (c) => {
        const { location, ...query } = c.req.valid('json')
        const { business, provider } = await scope(c.var.tenant, location)
        const keywords = await searchPlanner({ provider, business, locationId: location, query })
        const unasked =
          (await deps.measuredKeywords?.unasked(
            business,
            location,
            keywords.map((k) => k.keyword),
          )) ?? []
        if (unasked.length > 0) {
          await requestSearchFigures(deps, {
            businessId: business.id,
            locationId: location ?? null,
            keywords: unasked,
          })
        }
        return c.json({ keywords, estimated: true as const, pending: unasked.length > 0 })
      })
      .get('/saved', validate('query', z.object({ location: locationId })), async (c) => {
        const owner = await c.var.tenant.business()
        if (!owner.id) return c.json({ keywords: [] })
        const saved = await scope(c.var.tenant, c.req.valid('query').location)
        return c.json({ keywords: await listSavedKeywords(saved) })
      })
      .post('/saved', requireRole('manager'), validate('json', saveBody), async (c) => {
        const { keyword, locationId } = c.req.valid('json')
        const saved = await saveKeyword({
          ...(await scope(c.var.tenant, locationId, { asking: true })),
          keyword,
          now: clock.now(),
        })
        return c.json({ keyword: saved }, 201)
      })
      .delete('/saved/:id', requireRole('manager'), validate('param', idParam), async (c) => {
        const owner = await c.var.tenant.business()
        if (!owner.id) throw new AppError('not_found', 'That saved keyword does not exist.')
        const id = c.req.valid('param').id
        await removeSavedKeyword({ db, businessId: owner.id, id, now: clock.now() })
        return c.body(null, 204)
      })
  )
}

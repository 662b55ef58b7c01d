import { Hono } from 'hono'
import { z } from 'zod'
import { KEYWORD_MAX_LENGTH } from '@localseo/shared/keyword-engine'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessForUser, requireScope } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { listKeywords, saveAnalysedKeyword, suggestKeywords } from './keywords.service.js'

const locationId = z.string().max(100).optional()

const analyseBody = z.object({
  // docs/product.md §5: an empty or whitespace keyword is refused.
  keyword: z
    .string()
    .trim()
    .min(1, 'Please enter a keyword to analyze')
    .max(KEYWORD_MAX_LENGTH, `Keywords are at most ${KEYWORD_MAX_LENGTH} characters.`),
  locationId: locationId.nullable(),
})

export function keywordRoutes(deps: AppDeps) {
  const { db, clock, ai } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await getBusinessForUser({ db, userId: c.var.auth.userId })
      if (!business.id) return c.json({ keywords: [] })
      return c.json({ keywords: await listKeywords({ db, businessId: business.id }) })
    })
    .get('/suggestions', validate('query', z.object({ location: locationId })), async (c) => {
      const { location } = c.req.valid('query')
      const { business } = await requireScope(db, c.var.auth.userId, location)
      return c.json({
        keywords: await suggestKeywords({ db, business, locationId: location }),
        estimated: true as const,
      })
    })
    .post('/analyse', validate('json', analyseBody), async (c) => {
      const { keyword, locationId } = c.req.valid('json')
      const userId = c.var.auth.userId
      const { business } = await requireScope(db, userId, locationId)
      const analysis = await ai.analyseKeyword({ userId, business, locationId, keyword })
      const record = await saveAnalysedKeyword({
        db,
        businessId: business.id,
        analysis,
        now: clock.now(),
      })
      return c.json({ analysis, keyword: record })
    })
}

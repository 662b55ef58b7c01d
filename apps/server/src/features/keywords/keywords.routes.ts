import { Hono } from 'hono'
import { z } from 'zod'
import { hasBusinessName } from '@localseo/shared/business'
import { KEYWORD_MAX_LENGTH } from '@localseo/shared/keyword-engine'
import { singleLineText } from '@localseo/shared/single-line'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import type { Tenant } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { keywordProviders } from './providers.js'
import { rankProviderFor } from './provider-for.js'
import { requestAnalysedCheck } from './first-checks.js'
import { getKeywordAnalysis, queueKeywordAnalysis, wakeAnalyses } from './keyword-analyses.js'
import { analyseKeyword, listKeywords, suggestKeywords } from './keywords.service.js'

const locationId = z.string().max(100).optional()

const analysisParam = z.object({ id: z.uuid({ message: 'That analysis does not exist.' }) })

const analyseBody = z.object({
  // docs/product.md §5: an empty or whitespace keyword is refused.
  keyword: singleLineText('A keyword')
    .min(1, 'Please enter a keyword to analyze')
    .max(KEYWORD_MAX_LENGTH, `Keywords are at most ${KEYWORD_MAX_LENGTH} characters.`),
  locationId: locationId.nullable(),
})

export function keywordRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const { keywordData } = keywordProviders(deps)
  /**
   * The caller's business and the chosen location (main when none); an unknown location is a 404.
   * Every figure is a stored one: an analysis asks the keyword data source in its job.
   */
  const scopeOf = async (tenant: Tenant, location?: string | null) => {
    const scope = await tenant.scope(location)
    const rank = await rankProviderFor(deps, scope.business.id)
    return {
      db,
      keywordData,
      rank,
      ...scope,
      now: clock.now(),
      onPlaceFound: deps.recordFoundPlace,
      onMapSearched: deps.recordMapSightings,
    }
  }
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', validate('query', z.object({ location: locationId })), async (c) => {
      const owner = await c.var.tenant.business()
      if (!hasBusinessName(owner)) return c.json({ keywords: [] })
      const scope = await scopeOf(c.var.tenant, c.req.valid('query').location)
      return c.json({ keywords: await listKeywords(scope) })
    })
    .get('/suggestions', validate('query', z.object({ location: locationId })), async (c) => {
      const scope = await scopeOf(c.var.tenant, c.req.valid('query').location)
      return c.json({ keywords: await suggestKeywords(scope), estimated: true as const })
    })
    .post('/analyse', validate('json', analyseBody), async (c) => {
      const { keyword, locationId } = c.req.valid('json')
      const userId = c.var.auth.userId
      const scope = await scopeOf(c.var.tenant, locationId)
      const businessId = scope.business.id
      // The figures and the AI's advice are a job's (issue 36 item 3): the answer is the analysis as
      // stored, pending, which the screen reads at /analyses/:id until it is done.
      const { analysis, keyword: record } = await analyseKeyword(scope, {
        keyword,
        queue: (tx, stored) =>
          queueKeywordAnalysis(tx, deps, {
            businessId,
            locationId: stored.locationId,
            keywordId: stored.id,
            keyword: stored.keyword,
            userId,
            now: scope.now,
          }),
        queued: () => wakeAnalyses(deps),
        checkLater: (keywordId) => requestAnalysedCheck(deps, businessId, keywordId),
      })
      return c.json({ analysis, keyword: record }, 202)
    })
    .get('/analyses/:id', validate('param', analysisParam), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const analysis = await getKeywordAnalysis(deps, businessId, c.req.valid('param').id)
      return c.json({ analysis })
    })
}

import { Hono } from 'hono'
import { z } from 'zod'
import {
  RANK_LOAD_DELAY_MS,
  rankHistoryQuerySchema,
  rankKeywordsHistoryQuerySchema,
  rankLocationQuerySchema,
  trackKeywordInputSchema,
} from '@localseo/shared/rank-tracker'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import type { Tenant } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import {
  keywordProviders,
  rankProviderFor,
  refreshTracked,
  requestFirstChecks,
} from '../keywords/public.js'
import { getRankHistory, getRankKeywordsHistory } from './rank-history.js'
import { listTrackedKeywords, trackKeyword, untrackKeyword } from './rank-tracker.service.js'

const idParam = z.object({ id: z.uuid({ message: 'That keyword is not tracked.' }) })
const refreshBody = rankLocationQuerySchema

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function rankTrackerRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const { keywordData } = keywordProviders(deps)

  /**
   * The caller's business and the chosen location (an unknown location is a 404, not main), with
   * the business's rank provider under its daily query budget (issue 17), and where a map search
   * that finds the business keeps its place.
   */
  const scope = async (tenant: Tenant, locationId: string) => {
    const found = await tenant.scope(locationId)
    const provider = await rankProviderFor(deps, found.business.id)
    return {
      ...found,
      provider,
      onPlaceFound: deps.recordFoundPlace,
      onMapSearched: deps.recordMapSightings,
    }
  }

  return new Hono()
    .use('*', requireAuth(deps))
    .get('/keywords', validate('query', rankLocationQuerySchema), async (c) => {
      const location = c.req.valid('query').location
      const found = await c.var.tenant.scope(location)
      return c.json({ keywords: await listTrackedKeywords({ db, ...found }) })
    })
    .post('/keywords', validate('json', trackKeywordInputSchema), async (c) => {
      const input = c.req.valid('json')
      const request = await scope(c.var.tenant, input.location)
      const result = await trackKeyword({
        db,
        ...request,
        keyword: input.keyword,
        now: clock.now(),
        firstChecks: deps.firstChecks,
        measuredFigures: deps.measuredKeywords !== undefined,
      })
      // A real provider's check or figures take seconds: the first-checks job asks them, and the
      // screens show the keyword 'Not checked yet' until they land (issue 36 item 3).
      if (result.added && result.checkLater) await requestFirstChecks(deps, request.business.id)
      return c.json({ keyword: result.keyword, added: result.added }, result.added ? 201 : 200)
    })
    .delete('/keywords/:id', validate('param', idParam), async (c) => {
      const { business } = await scope(c.var.tenant, MAIN_LOCATION)
      const keywordId = c.req.valid('param').id
      await untrackKeyword({ db, businessId: business.id, keywordId, now: clock.now() })
      return c.json({ removed: keywordId })
    })
    .get('/history', validate('query', rankHistoryQuerySchema), async (c) => {
      const query = c.req.valid('query')
      const { business, location, provider } = await scope(c.var.tenant, query.location)
      // docs/product.md §4: the screen shows a loading state for 1.5 s; off in tests (SIMULATED_DELAYS).
      // It is the screen's load: another page of the table is not (ADR 052).
      if (deps.env.SIMULATED_DELAYS && query.page === 1) await wait(RANK_LOAD_DELAY_MS)
      const history = await getRankHistory({
        db,
        keywordData,
        business,
        location,
        range: query.range,
        page: query.page,
        limit: query.limit,
        now: clock.now(),
        simulated: provider.simulated,
        budgetLimit: deps.env.SERP_DAILY_QUERY_BUDGET,
      })
      return c.json(history)
    })
    .get('/history/keywords', validate('query', rankKeywordsHistoryQuerySchema), async (c) => {
      // Every keyword's checks for Export CSV, or the chart's chosen keywords' (issue 36 item 2):
      // no load delay, the screen is already shown.
      const query = c.req.valid('query')
      const { business, location, provider } = await scope(c.var.tenant, query.location)
      const history = await getRankKeywordsHistory({
        db,
        keywordData,
        business,
        location,
        range: query.range,
        ids: query.ids,
        now: clock.now(),
        simulated: provider.simulated,
      })
      return c.json(history)
    })
    .post('/refresh', validate('json', refreshBody), async (c) => {
      const request = await scope(c.var.tenant, c.req.valid('json').location)
      return c.json(await refreshTracked({ db, ...request, now: clock.now() }))
    })
}

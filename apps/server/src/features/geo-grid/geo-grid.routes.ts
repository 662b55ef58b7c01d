// /api/geo-grid (issue 17 item 4): what the screen needs before a scan, starting one, and the scans as
// stored. Every request is the signed-in owner's business; another's scan or location is a 404.
import { Hono } from 'hono'
import { z } from 'zod'
import { pointOf } from '@localseo/shared/coordinates'
import { queryPrice, scanCost, scanInputSchema, type GridSetup } from '@localseo/shared/geo-grid'
import { mainLocationLabel } from '@localseo/shared/location-selection'
import { and, asc, eq } from 'drizzle-orm'
import { requireAuth } from '../../auth/require-auth.js'
import { keywords } from '../../db/schema/keywords.js'
import type { AppDeps } from '../../lib/deps.js'
import { mapTiles } from '../../lib/map-tiles.js'
import { validate } from '../../lib/validate.js'
import { requireBudgetFor, todaysBudget } from './budget.js'
import { gridProvider, startScan } from './scan-runs.js'
import { getScan, listScans } from './scan-store.js'

const idParam = z.object({ id: z.uuid({ message: 'That scan does not exist.' }) })
const listQuery = z.object({
  before: z.uuid({ message: 'That scan does not exist.' }).optional(),
  keyword: z.string().trim().min(1).max(200).optional(),
})
/** The tracked keywords a scan may use: bounded like the Rank Tracker's list. */
const MAX_KEYWORDS = 500

export function geoGridRoutes(deps: AppDeps) {
  const { db } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/tiles', (c) => c.json({ tiles: mapTiles(deps.env) }))
    .get('/setup', async (c) => {
      const business = await c.var.tenant.named()
      const tracked = await db
        .select({ id: keywords.id, keyword: keywords.keyword, locationId: keywords.locationId })
        .from(keywords)
        .where(and(eq(keywords.businessId, business.id), eq(keywords.tracked, true)))
        .orderBy(asc(keywords.keyword))
        .limit(MAX_KEYWORDS)
      const provider = await gridProvider(deps, business.id)
      const setup: GridSetup = {
        keywords: tracked.map((k) => ({ ...k, locationId: k.locationId ?? 'main' })),
        locations: [
          { id: 'main', label: mainLocationLabel(business), point: pointOf(business) },
          ...business.locations.map((l) => ({ id: l.id, label: l.name, point: pointOf(l) })),
        ],
        budget: await todaysBudget(deps, business.id, provider),
        simulated: provider.simulated,
        sourceLabel: provider.label,
        price: queryPrice(provider.label, provider.simulated, deps.env.SERP_QUERY_PRICE),
        tiles: mapTiles(deps.env),
      }
      return c.json(setup)
    })
    .get('/scans', validate('query', listQuery), async (c) => {
      const business = await c.var.tenant.named()
      const { before, keyword } = c.req.valid('query')
      return c.json(await listScans(db, business, { before, keywordKey: keyword }))
    })
    .get('/scans/:id', validate('param', idParam), async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await getScan(db, business, c.req.valid('param').id))
    })
    .post('/scans', validate('json', scanInputSchema), async (c) => {
      const business = await c.var.tenant.named()
      const input = c.req.valid('json')
      const provider = await gridProvider(deps, business.id)
      await requireBudgetFor(deps, business.id, provider, scanCost(input.gridSize))
      const scan = await startScan(deps, business, input)
      return c.json(await getScan(db, business, scan.id), 202)
    })
}

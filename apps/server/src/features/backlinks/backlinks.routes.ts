import { Hono } from 'hono'
import { z } from 'zod'
import {
  BACKLINK_URL_NOT_ALLOWED,
  backlinkInputSchema,
  backlinkQuerySchema,
  backlinkStatusSchema,
} from '@localseo/shared/backlinks'
import { backlinkAiRequestSchema } from '@localseo/shared/backlink-ai'
import { BACKLINKS_CSV_FILENAME } from '@localseo/shared/backlinks-csv'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { streamedBody } from '../../lib/streamed-body.js'
import { validate } from '../../lib/validate.js'
import { isAddableUrl, urlPolicy } from '../../net/safe-fetch.js'
import { backlinkDataLabel } from './backlink-rating.js'
import { analyseBacklinkProfile, generateBacklinkContentIdeas } from './backlink-ai.js'
import { backlinkCsvParts } from './backlinks-export.js'
import {
  addBacklink,
  backlinkFilter,
  deleteBacklink,
  listBacklinks,
  setBacklinkStatus,
  summarizeBacklinks,
} from './backlinks.service.js'
import { verifyRoutes } from './verify.routes.js'

const locationQuery = z.object({ location: z.string().max(100).optional() })
const exportQuery = backlinkQuerySchema.omit({ page: true, pageSize: true })

export function backlinkRoutes(deps: AppDeps) {
  const { db, clock, ai, logger } = deps
  const addablePolicy = urlPolicy({ allowHosts: deps.env.FETCH_ALLOW_HOSTS })
  return new Hono()
    .use('*', requireAuth(deps))
    .route('/', verifyRoutes(deps))
    .get('/', validate('query', backlinkQuerySchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const filter = c.req.valid('query')
      return c.json(await listBacklinks({ db, businessId, filter, now: clock.now() }))
    })
    .get('/summary', validate('query', locationQuery), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const { location } = c.req.valid('query')
      return c.json(
        await summarizeBacklinks({
          db,
          businessId,
          location,
          now: clock.now(),
          metricsProvider: backlinkDataLabel(deps.env),
        }),
      )
    })
    .get('/export', validate('query', exportQuery), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const { timeZone } = await c.var.tenant.business()
      // Resolved before the first byte, so a foreign location is still a 404 in the error shape.
      const condition = await backlinkFilter({
        db,
        businessId,
        filter: c.req.valid('query'),
        now: clock.now(),
      })
      const parts = backlinkCsvParts({
        db,
        condition,
        timeZone,
        provider: backlinkDataLabel(deps.env),
      })
      const body = await streamedBody(c, parts, logger)
      return c.body(body, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${BACKLINKS_CSV_FILENAME}"`,
        'cache-control': 'no-store',
      })
    })
    .post('/analysis', validate('json', backlinkAiRequestSchema), async (c) => {
      const userId = c.var.auth.userId
      const business = await c.var.tenant.business()
      const { location } = c.req.valid('json')
      return c.json(await analyseBacklinkProfile({ db, ai, userId, business, location }))
    })
    .post('/content-ideas', validate('json', backlinkAiRequestSchema), async (c) => {
      const userId = c.var.auth.userId
      const business = await c.var.tenant.business()
      const { location } = c.req.valid('json')
      return c.json(await generateBacklinkContentIdeas({ ai, userId, business, location }))
    })
    .post('/', validate('json', backlinkInputSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const input = c.req.valid('json')
      // Security §1f: a link on a private or local address could later make Verify reach inside;
      // a name that resolves to one is refused here too (Verify checks again when it connects).
      if (!(await isAddableUrl(input.url, { policy: addablePolicy, resolve: deps.resolve }))) {
        throw new AppError('url_not_allowed', BACKLINK_URL_NOT_ALLOWED)
      }
      return c.json(await addBacklink({ db, businessId, input, now: clock.now() }), 201)
    })
    .patch('/:id', validate('json', backlinkStatusSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const id = c.req.param('id')
      const { status } = c.req.valid('json')
      return c.json(await setBacklinkStatus({ db, businessId, id, status }))
    })
    .delete('/:id', async (c) => {
      const businessId = await c.var.tenant.businessId()
      await deleteBacklink({ db, businessId, id: c.req.param('id') })
      return c.body(null, 204)
    })
}

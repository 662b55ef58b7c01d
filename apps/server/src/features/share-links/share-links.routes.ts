// Share links (issue 35 item 5, docs/decisions/050-share-links.md).
// /api/share-links: the business's links. Everyone in it may read the list; owners and managers make
// and turn off links (requireAuth's default: a viewer's write is a 403).
// /api/shared/:token: what a link shows, to anyone holding it, without an account. No session, cookie
// or Authorization header is read; a per-IP limit keeps guessing slow, and every answer says not to
// store, index or pass on the address.
import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import { hasBusinessName } from '@localseo/shared/business'
import { SHARE_LINK_GONE, shareLinkInputSchema } from '@localseo/shared/share-links'
import { requireAuth } from '../../auth/require-auth.js'
import { takeToken, type Bucket } from '../../auth/rate-limit.js'
import { clientIp, rateLimitSubject } from '../../lib/client-ip.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError, errorBody } from '../../lib/errors.js'
import { getBusinessById } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { createDashboardCache, type DashboardReads } from '../dashboard/public.js'
import { googleOAuthConfig } from '../integrations/public.js'
import { keywordProviders } from '../keywords/public.js'
import { brandingOf, buildReportPdf, getReportSettings } from '../reports/public.js'
import {
  createShareLink,
  listShareLinks,
  openShareLink,
  revokeShareLink,
  sharedPlace,
  sharedView,
} from './share-links.service.js'

const idParam = z.object({ id: z.uuid({ message: 'That share link does not exist.' }) })

export function shareLinkRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const business = await c.var.tenant.named()
      return c.json({ links: await listShareLinks(db, business, clock.now()) })
    })
    .post('/', validate('json', shareLinkInputSchema), async (c) => {
      const business = await c.var.tenant.named()
      const created = await createShareLink(db, {
        business,
        input: c.req.valid('json'),
        userId: c.var.auth.userId,
        now: clock.now(),
        siteUrl: deps.env.SITE_URL,
      })
      return c.json(created, 201)
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      const business = await c.var.tenant.named()
      const { id } = c.req.valid('param')
      return c.json({ link: await revokeShareLink(db, { business, id, now: clock.now() }) })
    })
}

/** Opens a page and its PDF with room to spare; a guesser gets one try a second. */
const SHARED_OPENS: Bucket = { burst: 60, perSecond: 1 }

/**
 * The per-IP limit of the public routes, which AUTH_RATE_LIMITS turns off with the others (the test
 * runners). Its state is in the database, shared by every instance (auth/rate-limit.ts).
 */
const limitPerIp = (deps: AppDeps) =>
  createMiddleware(async (c, next) => {
    if (deps.env.AUTH_RATE_LIMITS !== 'off') {
      const decision = await takeToken({
        db: deps.db,
        clock: deps.clock,
        key: `ip:shared:${rateLimitSubject(clientIp(c, deps.env.TRUST_PROXY))}`,
        bucket: SHARED_OPENS,
      })
      if (!decision.allowed) {
        return c.json(errorBody('rate_limited', 'Too many requests. Try again in a minute.'), 429, {
          'Retry-After': String(decision.retryAfterSeconds),
        })
      }
    }
    await next()
  })

/** Never cached, never indexed, never sent on as a referrer: the address is the key (ADR 050). */
const privateAnswers = () =>
  createMiddleware(async (_c, next) => {
    await next()
    const { headers } = _c.res
    headers.set('Cache-Control', 'no-store')
    headers.set('Referrer-Policy', 'no-referrer')
    headers.set('X-Robots-Tag', 'noindex, nofollow')
  })

export function sharedRoutes(deps: AppDeps) {
  const { db, clock } = deps
  const sample = !googleOAuthConfig(deps.env)
  const { keywordData } = keywordProviders(deps)
  const cache = createDashboardCache<DashboardReads>()

  /** The link and its business, or the one 404 for every link that does not open. */
  async function opened(c: Context, count: boolean) {
    const row = await openShareLink(db, {
      token: c.req.param('token') ?? '',
      now: clock.now(),
      count,
    })
    const business = await getBusinessById(db, row.businessId)
    if (!business || !hasBusinessName(business)) throw new AppError('not_found', SHARE_LINK_GONE)
    return { row, business }
  }

  return new Hono()
    .use('*', privateAnswers())
    .use('*', limitPerIp(deps))
    .get('/:token', async (c) => {
      const { row, business } = await opened(c, true)
      const view = await sharedView(
        { db, now: clock.now(), sample, keywordData, cache },
        business,
        row,
      )
      return c.json(view)
    })
    .get('/:token/report.pdf', async (c) => {
      const { row, business } = await opened(c, false)
      if (row.kind !== 'report' || !row.month) throw new AppError('not_found', SHARE_LINK_GONE)
      const settings = await getReportSettings(db, business.id)
      const { pdf, filename } = await buildReportPdf({
        db,
        business,
        location: sharedPlace(business, row),
        month: row.month,
        now: clock.now(),
        sample,
        branding: brandingOf(settings),
      })
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
      })
    })
}

// /api/business-profile (issue 33 item 1, ADR 034): GET answers the connection and the saved links
// from our tables; GET /locations lists the owner's profiles (Google's, or samples without a Google
// client) with a suggested link per location; PUT and DELETE /links/:location save and remove the
// owner's confirmed link; GET /reviews and /reviews/summary read one place's imported reviews
// (ADR 034 "Reviews import"); POST and DELETE /reviews/reply send and remove the owner's reply
// to one, once, and POST /reviews/draft drafts one (ADR 037). Every read and write is the caller's business's (docs/house-rules.md
// "Tenant scoping inside the query"): another owner's location is a 404.
import {
  profileLinkInputSchema,
  reviewRefSchema,
  reviewReplyInputSchema,
  reviewsQuerySchema,
} from '@localseo/shared/business-profile'
import { Hono } from 'hono'
import { z } from 'zod'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { enqueueGoogleImport, googleOAuthConfig } from '../integrations/public.js'
import { performanceRoutes } from './performance.routes.js'
import { postsRoutes } from './posts.routes.js'
import { profileLocations, profileStatus, removeLink, saveLink } from './links.js'
import { draftReply, removeReply, sendReply } from './replies.js'
import { listProfileReviews, profileReviewsSummary } from './reviews.js'
import { reviewRequest } from './review-requests.js'

/** 'main' or a location id, as every location route takes it. */
const locationParam = z.object({ location: z.string().min(1).max(100) })
/** ?location=: 'main' (the default) or a location id. */
const locationQuery = z.object({ location: z.string().min(1).max(100).default('main') })

export function businessProfileRoutes(deps: AppDeps) {
  const config = googleOAuthConfig(deps.env)
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json(await profileStatus(deps, config, businessId))
    })
    .get('/locations', async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await profileLocations(deps, config, business))
    })
    .get('/reviews', validate('query', reviewsQuerySchema), async (c) => {
      const query = c.req.valid('query')
      const { business, location } = await c.var.tenant.scope(query.location)
      return c.json(await listProfileReviews(deps.db, business, location.id, !config, query))
    })
    .get(
      '/reviews/summary',
      validate('query', z.object({ location: z.string().min(1).max(100).default('main') })),
      async (c) => {
        const { business, location } = await c.var.tenant.scope(c.req.valid('query').location)
        return c.json(
          await profileReviewsSummary(deps.db, business, location.id, !config, deps.clock.now()),
        )
      },
    )
    .get('/review-requests', validate('query', locationQuery), async (c) => {
      // The review link and texts to send customers (issue 33 item 4, ADR 034 "Review requests").
      const { business, location } = await c.var.tenant.scope(c.req.valid('query').location)
      return c.json(await reviewRequest(deps.db, business, location, !config))
    })
    .put(
      '/links/:location',
      validate('param', locationParam),
      validate('json', profileLinkInputSchema),
      async (c) => {
        const business = await c.var.tenant.named()
        const { location } = c.req.valid('param')
        const { googleLocation } = c.req.valid('json')
        const saved = await saveLink(deps, config, business, location, googleLocation)
        // The place's reviews are imported now, by the daily import's job (ADR 034 "Reviews
        // import"), not at tomorrow's run; the request does not wait for Google.
        await enqueueGoogleImport(deps, business.id)
        return c.json(saved)
      },
    )
    .post('/reviews/reply', validate('json', reviewReplyInputSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json(await sendReply(deps, config, businessId, c.req.valid('json')))
    })
    .delete('/reviews/reply', validate('query', reviewRefSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json(await removeReply(deps, config, businessId, c.req.valid('query').review))
    })
    .post('/reviews/draft', validate('json', reviewRefSchema), async (c) => {
      const business = await c.var.tenant.named()
      const { review } = c.req.valid('json')
      return c.json(await draftReply(deps, config, business, c.var.auth.userId, review))
    })
    .route('/performance', performanceRoutes(deps))
    .route('/posts', postsRoutes(deps))
    .delete('/links/:location', validate('param', locationParam), async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await removeLink(deps, config, business, c.req.valid('param').location))
    })
}

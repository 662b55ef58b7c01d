// Link verification routes (issue 8 item 4), mounted inside backlinkRoutes behind its requireAuth:
// POST /api/backlinks/verify (one "Verify all" batch) and POST /api/backlinks/:id/verify.
import { Hono } from 'hono'
import {
  backlinkVerifyBatchResultSchema,
  backlinkVerifyBatchSchema,
} from '@localseo/shared/backlinks'
import type { AppDeps } from '../../lib/deps.js'
import { requireBusinessId } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { createSafeFetcher, type SafeFetcher } from '../../net/safe-fetch.js'
import { verifyBacklink, verifyBacklinks } from './verify.js'

export function verifyRoutes(deps: AppDeps) {
  const { db, clock } = deps
  let own: SafeFetcher | undefined
  // index.ts passes the process's fetcher; without one (tests that never verify) it is made on demand.
  const fetcher = () =>
    deps.fetcher ??
    (own ??= createSafeFetcher({ allowHosts: deps.env.FETCH_ALLOW_HOSTS, resolve: deps.resolve }))
  return new Hono()
    .post('/verify', validate('json', backlinkVerifyBatchSchema), async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      const { location } = c.req.valid('json')
      const batch = await verifyBacklinks({ db, fetcher: fetcher(), clock, businessId, location })
      // The documented answer only: what the scheduled checks use stays on the server.
      return c.json(backlinkVerifyBatchResultSchema.parse(batch))
    })
    .post('/:id/verify', async (c) => {
      const businessId = await requireBusinessId(db, c.var.auth.userId)
      const id = c.req.param('id')
      return c.json(await verifyBacklink({ db, fetcher: fetcher(), clock, businessId, id }))
    })
}

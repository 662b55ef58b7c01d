// Link verification routes (issue 8 item 4), mounted inside backlinkRoutes behind its requireAuth:
// POST /api/backlinks/:id/verify checks one link now; "Verify all" is a run the queue works through
// (issue 30 item 8): POST /api/backlinks/verify-runs starts it (or answers the one going on), the
// GETs read its progress, POST …/:id/stop ends it. One link's check is limited (verify-limits.ts):
// a 429 says how long to wait, in its message and in Retry-After.
import { Hono } from 'hono'
import { backlinkVerifyStartSchema } from '@localseo/shared/backlinks'
import type { AppDeps } from '../../lib/deps.js'
import { errorBody } from '../../lib/errors.js'
import { validate } from '../../lib/validate.js'
import { getVerifyRun, latestVerifyRun, startVerifyRun, stopVerifyRun } from './verify-runs.js'
import { verifyBacklink } from './verify.js'
import { VerifyLimitError } from './verify-limits.js'

export function verifyRoutes(deps: AppDeps) {
  const { db, clock, fetcher, env } = deps
  return new Hono()
    .post('/verify-runs', validate('json', backlinkVerifyStartSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const { location } = c.req.valid('json')
      const { run, started } = await startVerifyRun(deps, { businessId, location })
      return c.json({ run }, started ? 202 : 200)
    })
    .get('/verify-runs/latest', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json({ run: await latestVerifyRun(db, businessId) })
    })
    .get('/verify-runs/:id', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json({ run: await getVerifyRun(db, businessId, c.req.param('id')) })
    })
    .post('/verify-runs/:id/stop', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json({ run: await stopVerifyRun({ db, clock }, businessId, c.req.param('id')) })
    })
    .post('/:id/verify', async (c) => {
      const businessId = await c.var.tenant.businessId()
      const id = c.req.param('id')
      try {
        return c.json(await verifyBacklink({ db, fetcher, clock, env, businessId, id }))
      } catch (error) {
        // The one error shape, with the wait in Retry-After (docs/house-rules.md "One error shape").
        if (!(error instanceof VerifyLimitError)) throw error
        return c.json(errorBody(error.code, error.message), 429, {
          'Retry-After': String(error.retryAfterSeconds),
        })
      }
    })
}

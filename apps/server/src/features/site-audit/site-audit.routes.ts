// /api/site-audit (issue 11 item 3): start a run (it goes on in the background), poll it, list the
// history, cancel it. Tenant scoping: the business comes from the session; another owner's run is a 404.
import { Hono } from 'hono'
import { z } from 'zod'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { startAuditRun } from './audit-runs.js'
import { createTaskFromIssue } from './issue-task.js'
import { cancelAuditRunFor, getAuditRun, listAuditRuns } from './site-audit.service.js'

const runParam = z.object({ id: z.uuid({ message: 'That audit does not exist.' }) })
const issueParam = runParam.extend({
  checkId: z.string().regex(/^[a-z0-9-]{1,60}$/, 'That issue was not found in this audit.'),
})

export function siteAuditRoutes(deps: AppDeps) {
  const { db, clock, logger, env } = deps

  return (
    new Hono()
      .use('*', requireAuth(deps))
      .post('/runs', async (c) => {
        const owner = await c.var.tenant.named()
        const run = await startAuditRun({
          db,
          clock,
          logger,
          allowHosts: env.FETCH_ALLOW_HOSTS,
          resolve: deps.resolve,
          jobs: deps.jobs,
          runs: deps.runs,
          business: owner,
        })
        return c.json({ run: { id: run.id, status: run.status, budget: run.budget } }, 202)
      })
      .get('/runs', async (c) => {
        const owner = await c.var.tenant.named()
        return c.json({ runs: await listAuditRuns({ db, businessId: owner.id }) })
      })
      .get('/runs/:id', validate('param', runParam), async (c) => {
        const owner = await c.var.tenant.named()
        return c.json(
          await getAuditRun({ db, businessId: owner.id, runId: c.req.valid('param').id }),
        )
      })
      // A failed local check becomes a pending SEO task, once per business and check (issue 11 item 6):
      // 201 with the task the first time, then 200 with the task already made.
      .post('/runs/:id/issues/:checkId/task', validate('param', issueParam), async (c) => {
        const owner = await c.var.tenant.named()
        const { id, checkId } = c.req.valid('param')
        const result = await createTaskFromIssue({
          db,
          businessId: owner.id,
          runId: id,
          checkId,
          now: clock.now(),
        })
        return c.json(result, result.created ? 201 : 200)
      })
      .post('/runs/:id/cancel', validate('param', runParam), async (c) => {
        const owner = await c.var.tenant.named()
        const run = await cancelAuditRunFor({
          db,
          jobs: deps.jobs,
          businessId: owner.id,
          runId: c.req.valid('param').id,
          cancel: (id) => deps.runs.audits.cancel(id),
          now: clock.now(),
        })
        return c.json({ run })
      })
  )
}

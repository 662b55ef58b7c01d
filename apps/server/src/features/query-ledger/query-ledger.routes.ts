// /api/query-ledger (issue 34 item 4): the signed-in owner's business's queries and their cost for a
// month (the current UTC month by default); the ledger is read only, so nothing here writes.
import { Hono } from 'hono'
import { z } from 'zod'
import { monthSchema } from '@localseo/shared/query-ledger'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { readQueryLedger } from './query-ledger.service.js'

const ledgerQuery = z.object({ month: monthSchema.optional() })

export function queryLedgerRoutes(deps: AppDeps) {
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', validate('query', ledgerQuery), async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await readQueryLedger(deps, business, c.req.valid('query').month))
    })
}

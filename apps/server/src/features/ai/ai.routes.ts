// GET /api/ai/status for the Settings AI card (docs/product.md §2 "API Settings", issue 5): the spec's fixed
// message plus which engine answers and today's quota. Never the key or the endpoint address.
import type { AiStatus } from '@localseo/shared/ai'
import { Hono } from 'hono'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'

export function aiRoutes(deps: AppDeps) {
  return new Hono().use('*', requireAuth(deps)).get('/status', async (c) => {
    const status = await deps.ai.getStatus({ userId: c.var.auth.userId })
    return c.json(status satisfies AiStatus)
  })
}

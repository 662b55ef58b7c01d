// /api/business-profile/performance (issue 33): mounted under the Business Profile's routes, which require a
// session for every request.
import { Hono } from 'hono'
import type { AppDeps } from '../../lib/deps.js'

export function performanceRoutes(deps: AppDeps) {
  void deps
  return new Hono()
}

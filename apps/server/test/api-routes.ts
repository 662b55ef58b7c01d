// Every /api route of the app, once per method and path, with path parameters filled as `x-name`:
// the gates that must hold for every route, present and future (route-inventory, roles).
import type { TestApp } from '../src/testing/app.js'
import { PUBLIC_API_ROUTES } from './public-api-routes.js'
import { REDIRECT_TARGETS } from './redirect-targets.js'

export function apiRoutes(app: TestApp['app']): { method: string; path: string }[] {
  const seen = new Set<string>()
  return app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
    .filter((r) => !REDIRECT_TARGETS.has(r.path) && !PUBLIC_API_ROUTES.has(r.path))
    .map((r) => ({ method: r.method, path: r.path.replace(/:(\w+)/g, 'x-$1') }))
    .filter((r) => {
      const key = `${r.method} ${r.path}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
}

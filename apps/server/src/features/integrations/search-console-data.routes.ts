// /api/integrations/google/search-console/{performance,rows} (issue 18 item 2, ADR 022), mounted
// behind the bearer check of the Google routes: what the Search Performance card and the 'Search
// queries' tab show, read from the imported rows, never from Google. No Google connection: 404;
// no Google client on this server: the card answers `simulated` (it shows the sample card).
import { searchConsoleRowsQuerySchema } from '@localseo/shared/search-console'
import { Hono } from 'hono'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import type { Tenant } from '../../lib/tenant.js'
import { validate } from '../../lib/validate.js'
import { googleOAuthConfig } from './google-oauth.js'
import { searchConsolePerformance, searchConsoleTable } from './search-console-report.js'

export function searchConsoleDataRoutes(deps: AppDeps) {
  const configured = googleOAuthConfig(deps.env) !== undefined

  async function businessOf(tenant: Tenant) {
    if (!configured) {
      throw new AppError('not_found', 'Google is simulated on this server: nothing is imported.')
    }
    return tenant.businessId()
  }

  return new Hono()
    .get('/performance', async (c) => {
      if (!configured) return c.json({ simulated: true as const })
      const businessId = await businessOf(c.var.tenant)
      return c.json({
        simulated: false as const,
        ...(await searchConsolePerformance(deps.db, businessId)),
      })
    })
    .get('/rows', validate('query', searchConsoleRowsQuerySchema), async (c) => {
      const businessId = await businessOf(c.var.tenant)
      return c.json(await searchConsoleTable(deps.db, businessId, c.req.valid('query')))
    })
}

import { Hono } from 'hono'
import { z } from 'zod'
import {
  GOOGLE_SERVICE_NAMES,
  GOOGLE_SERVICES,
  type GoogleAccount,
  type GoogleConnections,
} from '@localseo/shared/integrations'
import { requireAuth } from '../../auth/require-auth.js'
import type { Db } from '../../db/client.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { validate } from '../../lib/validate.js'
import type { Tenant } from '../../lib/tenant.js'
import { keywordProviders, simulatedPosition } from '../keywords/public.js'
import { googleAccount } from './google-connection.js'
import { googleOAuthConfig } from './google-oauth.js'
import { googleRoutes } from './google.routes.js'
import {
  connectService,
  getConnections,
  googleDataRequest,
  setConnection,
} from './integrations.service.js'

const serviceParam = z.object({ service: z.enum(GOOGLE_SERVICES) })
const locationQuery = z.object({ location: z.string().max(100).optional() })

/** With Google configured, the business's OAuth connection; else the simulated flags. */
async function connectionState(
  db: Db,
  oauth: boolean,
  { auth, tenant }: { auth: { userId: string }; tenant: Tenant },
): Promise<{ connections: GoogleConnections; google: GoogleAccount }> {
  if (!oauth) {
    return {
      connections: await getConnections({ db, userId: auth.userId }),
      google: { status: 'simulated' },
    }
  }
  const { id } = await tenant.business()
  const account: GoogleAccount = id ? await googleAccount(db, id) : { status: 'not_connected' }
  const services = account.status === 'connected' ? account.services : []
  return {
    connections: {
      searchConsole: services.includes('search-console'),
      analytics: services.includes('analytics'),
    },
    google: account,
  }
}

export function integrationRoutes(deps: AppDeps) {
  const { db, clock, google } = deps
  // The stored figures only: a simulated report never spends a keyword data source's queries.
  const { keywordData } = keywordProviders(deps)
  const oauth = googleOAuthConfig(deps.env) !== undefined
  const state = (request: { auth: { userId: string }; tenant: Tenant }) =>
    connectionState(db, oauth, request)

  function refuseSimulatedWhenReal() {
    if (oauth) {
      throw new AppError(
        'conflict',
        'Google is connected for real on this server: use Connect with Google.',
      )
    }
  }

  async function dataRequest(
    { auth, tenant }: { auth: { userId: string }; tenant: Tenant },
    service: 'search-console' | 'analytics',
    location?: string,
  ) {
    const { connections } = await state({ auth, tenant })
    const connected = service === 'analytics' ? connections.analytics : connections.searchConsole
    if (!connected) {
      throw new AppError('conflict', `Connect ${GOOGLE_SERVICE_NAMES[service]} in Settings first.`)
    }
    const business = await tenant.named()
    return googleDataRequest({
      business,
      locationId: location,
      now: clock.now(),
      keywordData,
      positionOf: simulatedPosition,
    })
  }

  return new Hono()
    .route('/google', googleRoutes(deps))
    .use('*', requireAuth(deps))
    .get('/', async (c) => c.json(await state(c.var)))
    .post('/:service/connect', validate('param', serviceParam), async (c) => {
      refuseSimulatedWhenReal()
      const result = await connectService({
        db,
        provider: google,
        userId: c.var.auth.userId,
        businessId: (await c.var.tenant.business()).id || null,
        service: c.req.valid('param').service,
        now: clock.now(),
      })
      return c.json(result)
    })
    .delete('/:service', validate('param', serviceParam), async (c) => {
      refuseSimulatedWhenReal()
      const connections = await setConnection({
        db,
        userId: c.var.auth.userId,
        businessId: (await c.var.tenant.business()).id || null,
        service: c.req.valid('param').service,
        connected: false,
        now: clock.now(),
      })
      return c.json({ connections })
    })
    .get('/search-console/data', validate('query', locationQuery), async (c) => {
      const request = await dataRequest(c.var, 'search-console', c.req.valid('query').location)
      const data = await google.searchConsole(request)
      return c.json({ data, simulated: true as const, period: request.period })
    })
    .get('/analytics/data', validate('query', locationQuery), async (c) => {
      const request = await dataRequest(c.var, 'analytics', c.req.valid('query').location)
      const data = await google.analytics(request)
      return c.json({ data, simulated: true as const, period: request.period })
    })
}

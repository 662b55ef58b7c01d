import { Hono } from 'hono'
import { z } from 'zod'
import { GOOGLE_SERVICE_NAMES, GOOGLE_SERVICES } from '@localseo/shared/integrations'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { validate } from '../../lib/validate.js'
import { requireNamedBusiness } from '../../lib/tenant.js'
import {
  connectService,
  getConnections,
  googleDataRequest,
  setConnection,
} from './integrations.service.js'

const serviceParam = z.object({ service: z.enum(GOOGLE_SERVICES) })
const locationQuery = z.object({ location: z.string().max(100).optional() })

export function integrationRoutes(deps: AppDeps) {
  const { db, clock, google } = deps

  async function dataRequest(
    userId: string,
    service: 'search-console' | 'analytics',
    location?: string,
  ) {
    const connections = await getConnections({ db, userId })
    const connected = service === 'analytics' ? connections.analytics : connections.searchConsole
    if (!connected) {
      throw new AppError('conflict', `Connect ${GOOGLE_SERVICE_NAMES[service]} in Settings first.`)
    }
    const business = await requireNamedBusiness(db, userId)
    return googleDataRequest(business, location, clock.now())
  }

  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) =>
      c.json({ connections: await getConnections({ db, userId: c.var.auth.userId }) }),
    )
    .post('/:service/connect', validate('param', serviceParam), async (c) => {
      const result = await connectService({
        db,
        provider: google,
        userId: c.var.auth.userId,
        service: c.req.valid('param').service,
        now: clock.now(),
      })
      return c.json(result)
    })
    .delete('/:service', validate('param', serviceParam), async (c) => {
      const connections = await setConnection({
        db,
        userId: c.var.auth.userId,
        service: c.req.valid('param').service,
        connected: false,
        now: clock.now(),
      })
      return c.json({ connections })
    })
    .get('/search-console/data', validate('query', locationQuery), async (c) => {
      const request = await dataRequest(
        c.var.auth.userId,
        'search-console',
        c.req.valid('query').location,
      )
      return c.json({ data: await google.searchConsole(request), simulated: true })
    })
    .get('/analytics/data', validate('query', locationQuery), async (c) => {
      const request = await dataRequest(
        c.var.auth.userId,
        'analytics',
        c.req.valid('query').location,
      )
      return c.json({ data: await google.analytics(request), simulated: true })
    })
}

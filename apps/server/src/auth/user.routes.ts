// The signed-in user's own endpoints (docs/auth-api.md §3): POST /logout (global, local or others),
// GET /user and PUT /user (metadata, password, email change).
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../lib/deps.js'
import { validationFailed } from './errors.js'
import { metadataField } from './metadata.js'
import { safeRedirect } from './redirect.js'
import { readJsonBody } from './request.js'
import { authRouteContext } from './route-context.js'
import { deleteSessions, type LogoutScope } from './sessions.js'
import { updateUser } from './update-user.js'
import { listFactors, serializeUser, validEmail } from './users.js'

const updateUserBody = z.object({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  data: metadataField.nullish(),
})
const logoutScope = z.enum(['global', 'local', 'others']).default('global')

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined

export function userRoutes(deps: AppDeps) {
  const { db, env } = deps
  // Every change to a user or their sessions drops them from the session cache (session-cache.ts).
  const { authenticate, forget, limit } = authRouteContext(deps)

  return new Hono()
    .post('/logout', async (c) => {
      const { claims } = await authenticate(c)
      const scope = logoutScope.safeParse(c.req.query('scope'))
      if (!scope.success) {
        throw validationFailed('Unsupported logout scope: use global, local or others')
      }
      await deleteSessions({
        db,
        userId: claims.sub,
        sessionId: claims.session_id,
        scope: scope.data satisfies LogoutScope,
      })
      forget(claims.sub)
      return c.body(null, 204)
    })
    .get('/user', async (c) => {
      const { user, factors } = await authenticate(c)
      return c.json(serializeUser(user, factors), 200)
    })
    .put('/user', limit('user_update'), async (c) => {
      const authenticated = await authenticate(c)
      const body = await readJsonBody(c, updateUserBody)
      const user = await updateUser({
        deps,
        auth: authenticated,
        patch: {
          email: body.email ? validEmail(body.email) : undefined,
          phone: orUndefined(body.phone),
          password: orUndefined(body.password),
          data: orUndefined(body.data),
        },
        redirectTo: safeRedirect(c.req.query('redirect_to'), env),
      })
      forget(user.id)
      return c.json(serializeUser(user, await listFactors(db, user.id)), 200)
    })
}

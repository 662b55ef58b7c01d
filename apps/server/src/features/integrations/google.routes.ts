// /api/integrations/google (issue 18 item 1, ADR 021). `connect` answers the consent-screen address for
// the browser to open and sets a short-lived HttpOnly cookie; Google sends the browser back to
// `callback` (no bearer token there: the state and that cookie authenticate it), which redirects to
// /settings?google=<outcome>. DELETE revokes the grant and forgets it.
import { GOOGLE_CONNECT_OUTCOMES, type GoogleConnectOutcome } from '@localseo/shared/integrations'
import { Hono, type Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { z } from 'zod'
import { requireAuth, requireRole } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { validate } from '../../lib/validate.js'
import { analyticsRoutes } from './analytics.routes.js'
import {
  disconnectGoogle,
  finishGoogleConnect,
  googleAccount,
  startGoogleConnect,
} from './google-connection.js'
import { enqueueGoogleImport } from './google-imports.js'
import { GOOGLE_PRODUCTS, googleOAuthConfig } from './google-oauth.js'
import { chooseSearchConsoleSite, searchConsoleSites } from './search-console.js'
import { searchConsoleDataRoutes } from './search-console-data.routes.js'

const COOKIE = 'google_connect'
const COOKIE_PATH = '/api/integrations/google'

const callbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
})

const siteBody = z.object({ siteUrl: z.string().min(1).max(2048) }).strict()

/** `?product=business-profile` asks for the Business Profile's scope alone (ADR 034). */
const connectQuery = z.object({ product: z.enum(GOOGLE_PRODUCTS).optional() })

const NOT_CONFIGURED =
  'Google sign-in is not set up on this server (GOOGLE_CLIENT_ID): the connections are simulated.'

export function googleRoutes(deps: AppDeps) {
  const config = googleOAuthConfig(deps.env)
  const secure = new URL(deps.env.SITE_URL).protocol === 'https:'

  function requireConfig() {
    if (!config) throw new AppError('not_found', NOT_CONFIGURED)
    return config
  }

  const back = (c: Context, outcome: GoogleConnectOutcome) => {
    deleteCookie(c, COOKIE, { path: COOKIE_PATH, secure })
    if (!GOOGLE_CONNECT_OUTCOMES.includes(outcome)) outcome = 'failed'
    return c.redirect(`/settings?google=${outcome}`, 303)
  }

  return (
    new Hono()
      .get('/callback', async (c) => {
        const query = callbackQuery.safeParse(c.req.query())
        if (!config) return back(c, 'failed')
        if (!query.success) return back(c, 'invalid_state')
        const outcome = await finishGoogleConnect(deps, config, {
          ...query.data,
          browserKey: getCookie(c, COOKIE),
        })
        return back(c, outcome)
      })
      .use('*', requireAuth(deps))
      // GA4 (issue 18 item 3): the property picker and the Website Analytics card's figures.
      .route('/analytics', analyticsRoutes(deps))
      // The imported Search Console figures (issue 18 item 2, ADR 022).
      .route('/search-console', searchConsoleDataRoutes(deps))
      // Connecting and disconnecting the business's Google account is the owner's (ADR 043).
      .get('/connect', requireRole('owner'), async (c) => {
        // Parsed here, not by a validator, so the web client's call stays without a query.
        const query = connectQuery.safeParse(c.req.query())
        if (!query.success) {
          throw new AppError('validation_failed', 'Some fields are missing or invalid.', [
            { path: 'product', message: "Only 'business-profile' can be asked for." },
          ])
        }
        const oauth = requireConfig()
        const { userId, sessionId } = c.var.auth
        const businessId = await c.var.tenant.businessId()
        const { url, browserKey } = await startGoogleConnect(
          deps,
          oauth,
          { userId, sessionId, businessId },
          query.data.product,
        )
        setCookie(c, COOKIE, browserKey, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'Lax',
          secure,
          maxAge: 600,
        })
        return c.json({ url })
      })
      .delete('/', requireRole('owner'), async (c) => {
        const oauth = requireConfig()
        const businessId = await c.var.tenant.businessId()
        const { revokedAtGoogle } = await disconnectGoogle(deps, oauth, businessId)
        return c.json({ google: await googleAccount(deps.db, businessId), revokedAtGoogle })
      })
      .get('/search-console/sites', async (c) => {
        const oauth = requireConfig()
        const business = await c.var.tenant.named()
        return c.json(await searchConsoleSites(deps, oauth, business))
      })
      .put('/search-console/site', validate('json', siteBody), async (c) => {
        const oauth = requireConfig()
        const business = await c.var.tenant.named()
        await chooseSearchConsoleSite(deps, oauth, business, c.req.valid('json').siteUrl)
        // The first import runs on the queue; the owner does not wait for it.
        await enqueueGoogleImport(deps, business.id)
        return c.json({ google: await googleAccount(deps.db, business.id) })
      })
  )
}

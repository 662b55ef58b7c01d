// A fake Google OAuth 2.0 server on 127.0.0.1 (issue 18 item 5), answering as Google documents its
// web-server flow (developers.google.com/identity/protocols/oauth2/web-server):
//   GET  /o/oauth2/v2/auth  the consent screen: redirects to redirect_uri with ?code&state, or with
//                           ?error=access_denied&state when `consent` is 'deny'
//   POST /token             authorization_code (client secret, redirect_uri and the PKCE S256
//                           verifier checked), refresh_token; 400 invalid_grant once revoked
//   POST /revoke            ends the grant of a refresh or access token
//   POST /webmasters/v3/sites/{site}/searchAnalytics/query  recorded Search Analytics rows
//                           (fake-search-analytics.ts)
//   GET  /webmasters/v3/sites  Search Console's properties for a valid access token (401 otherwise;
//                           429 with Google's quota answer after `failSearchConsole(429)`)
//   GA4's Admin and Data APIs: see fake-google-analytics.ts (`failAnalytics`, `analyticsReports`)
//   The Business Profile's four APIs: see fake-business-profile.ts (`businessProfile`)
// Point GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and GOOGLE_REVOKE_URL at `urls`. Loopback only.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createFakeSearchAnalytics } from './fake-search-analytics.js'
import { createFakeAnalytics } from './fake-google-analytics.js'
import { BUSINESS_PROFILE_PATHS, createFakeBusinessProfile } from './fake-business-profile.js'

export const FAKE_CLIENT_ID = 'fake-client-id.apps.googleusercontent.com'
const FAKE_CLIENT_SECRET = 'fake-client-secret'

interface Grant {
  refreshToken: string
  scope: string
  revoked: boolean
}

interface PendingCode {
  grant: Grant
  redirectUri: string
  challenge: string
  used: boolean
}

export interface FakeGoogleOptions {
  /** Seconds an access token lasts (Google: 3599). */
  expiresIn?: number
  /** Sent as an id_token claim, as Google does when the grant includes `openid email`. */
  email?: string
}

/** Shaped as Search Console's sites.list documents its siteEntry. */
export const DEFAULT_SITES = [
  { siteUrl: 'https://blog.example.org/', permissionLevel: 'siteFullUser' },
  { siteUrl: 'sc-domain:sunrisedental.com', permissionLevel: 'siteOwner' },
  { siteUrl: 'https://www.sunrisedental.com/', permissionLevel: 'siteOwner' },
  { siteUrl: 'https://unverified.example.net/', permissionLevel: 'siteUnverifiedUser' },
]

const b64url = (bytes: Buffer) => bytes.toString('base64url')
const token = (prefix: string) => `${prefix}${b64url(randomBytes(24))}`

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))))
    req.on('error', reject)
  })
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const invalidGrant = (res: ServerResponse, description: string) =>
  json(res, 400, { error: 'invalid_grant', error_description: description })

export async function startFakeGoogle(options: FakeGoogleOptions = {}) {
  const codes = new Map<string, PendingCode>()
  const grants = new Map<string, Grant>()
  const accessTokens = new Map<string, Grant>()
  /** What the one Google account of this fake has granted the app so far (incremental consent). */
  const accountScopes = new Set<string>()
  /** Every call, e.g. 'GET /o/oauth2/v2/auth', 'POST /token authorization_code', 'POST /revoke'. */
  const calls: string[] = []
  const settings = {
    consent: 'allow' as 'allow' | 'deny',
    scope: undefined as string | undefined,
    sites: DEFAULT_SITES,
    searchConsoleStatus: 200,
    /** Every request is taken up this much later (a slow Google: a stop lands mid-import). */
    delayMs: 0,
  }

  function issueAccess(grant: Grant) {
    const access = token('ya29.fake-')
    accessTokens.set(access, grant)
    return { access_token: access, expires_in: options.expiresIn ?? 3599, token_type: 'Bearer' }
  }

  function idToken() {
    if (!options.email) return {}
    const part = (value: object) => b64url(Buffer.from(JSON.stringify(value)))
    return { id_token: `${part({ alg: 'none' })}.${part({ email: options.email })}.sig` }
  }

  function authorize(url: URL, res: ServerResponse) {
    const p = url.searchParams
    const redirectUri = p.get('redirect_uri') ?? ''
    const ok =
      p.get('client_id') === FAKE_CLIENT_ID &&
      p.get('response_type') === 'code' &&
      p.get('code_challenge_method') === 'S256' &&
      redirectUri.startsWith('http')
    if (!ok) return json(res, 400, { error: 'invalid_request' })
    const back = new URL(redirectUri)
    if (p.get('state')) back.searchParams.set('state', p.get('state') ?? '')
    if (settings.consent === 'deny') {
      back.searchParams.set('error', 'access_denied')
    } else {
      const code = token('4/fake-code-')
      // Incremental consent: with include_granted_scopes the new grant keeps what this account
      // gave the app before, as Google's does; the owner's unticked boxes (`grantScopes`) win.
      const asked = (p.get('scope') ?? '').split(' ').filter(Boolean)
      const kept = p.get('include_granted_scopes') === 'true' ? [...accountScopes] : []
      const scope = settings.scope ?? [...new Set([...kept, ...asked])].join(' ')
      for (const granted of scope.split(' ').filter(Boolean)) accountScopes.add(granted)
      codes.set(code, {
        grant: { refreshToken: token('1//fake-refresh-'), scope, revoked: false },
        redirectUri,
        challenge: p.get('code_challenge') ?? '',
        used: false,
      })
      back.searchParams.set('code', code)
      back.searchParams.set('scope', scope)
    }
    res.writeHead(302, { Location: back.toString() })
    res.end()
  }

  function exchange(form: URLSearchParams, res: ServerResponse) {
    const pending = codes.get(form.get('code') ?? '')
    if (!pending || pending.used) return invalidGrant(res, 'Malformed auth code.')
    pending.used = true
    const verifier = form.get('code_verifier') ?? ''
    const challenge = b64url(createHash('sha256').update(verifier).digest())
    if (challenge !== pending.challenge) return invalidGrant(res, 'Invalid code verifier.')
    if (form.get('redirect_uri') !== pending.redirectUri) {
      return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Bad Request' })
    }
    grants.set(pending.grant.refreshToken, pending.grant)
    json(res, 200, {
      ...issueAccess(pending.grant),
      refresh_token: pending.grant.refreshToken,
      scope: pending.grant.scope,
      ...idToken(),
    })
  }

  function refresh(form: URLSearchParams, res: ServerResponse) {
    const grant = grants.get(form.get('refresh_token') ?? '')
    if (!grant || grant.revoked) return invalidGrant(res, 'Token has been expired or revoked.')
    json(res, 200, { ...issueAccess(grant), scope: grant.scope })
  }

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = await readBody(req)
    const grantType = form.get('grant_type') ?? ''
    calls.push(`POST /token ${grantType}`)
    if (
      form.get('client_id') !== FAKE_CLIENT_ID ||
      form.get('client_secret') !== FAKE_CLIENT_SECRET
    ) {
      return json(res, 401, { error: 'invalid_client', error_description: 'Unauthorized' })
    }
    if (grantType === 'authorization_code') return exchange(form, res)
    if (grantType === 'refresh_token') return refresh(form, res)
    json(res, 400, { error: 'unsupported_grant_type' })
  }

  async function revokeEndpoint(req: IncomingMessage, res: ServerResponse) {
    const value = (await readBody(req)).get('token') ?? ''
    calls.push('POST /revoke')
    const grant = grants.get(value) ?? accessTokens.get(value)
    if (!grant || grant.revoked) return json(res, 400, { error: 'invalid_token' })
    grant.revoked = true
    // Revoking one token ends the app's whole grant (every scope) at Google.
    accountScopes.clear()
    json(res, 200, {})
  }

  /** Google's 401 for a missing or revoked token, its 429 while the quota is spent; else false. */
  function refusal(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? ''
    const grant = accessTokens.get(bearer)
    if (!grant || grant.revoked) {
      json(res, 401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      })
      return true
    }
    if (settings.searchConsoleStatus === 429) {
      json(res, 429, {
        error: { code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' },
      })
      return true
    }
    return false
  }

  function sites(req: IncomingMessage, res: ServerResponse) {
    if (refusal(req, res)) return
    json(res, 200, settings.sites.length > 0 ? { siteEntry: settings.sites } : {})
  }

  const searchAnalytics = createFakeSearchAnalytics(refusal, () =>
    settings.sites.map((site) => site.siteUrl),
  )
  const analytics = createFakeAnalytics((req) => {
    const grant = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '')
    return grant !== undefined && !grant.revoked
  })

  const businessProfile = createFakeBusinessProfile((req) => {
    const grant = accessTokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '')
    return grant !== undefined && !grant.revoked
  })

  const server = createServer((req, res) => {
    if (settings.delayMs > 0) setTimeout(() => answer(req, res), settings.delayMs)
    else answer(req, res)
  })
  function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (businessProfile.handle(req, res, url, calls)) return
    if (analytics.handle(req, res, url, calls)) return
    if (searchAnalytics.handle(req, res, url, calls)) return
    const route = `${req.method} ${url.pathname}`
    if (route === 'GET /o/oauth2/v2/auth') {
      calls.push(route)
      return authorize(url, res)
    }
    if (route === 'GET /webmasters/v3/sites') {
      calls.push(route)
      return sites(req, res)
    }
    const handler =
      route === 'POST /token' ? tokenEndpoint : route === 'POST /revoke' ? revokeEndpoint : null
    if (!handler) return json(res, 404, { error: 'not_found' })
    handler(req, res).catch(() => json(res, 500, { error: 'internal_failure' }))
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    calls,
    /** The server's env for this fake. */
    env: {
      GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${origin}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${origin}/token`,
      GOOGLE_REVOKE_URL: `${origin}/revoke`,
      GOOGLE_SEARCH_CONSOLE_URL: `${origin}/webmasters/v3`,
      GOOGLE_ANALYTICS_ADMIN_URL: origin,
      GOOGLE_ANALYTICS_DATA_URL: origin,
      ...(Object.fromEntries(
        Object.entries(BUSINESS_PROFILE_PATHS).map(([name, path]) => [name, `${origin}${path}`]),
      ) as Record<keyof typeof BUSINESS_PROFILE_PATHS, string>),
    },
    /** What the next consent screen answers: 'deny' is the owner pressing Cancel. */
    setConsent(consent: 'allow' | 'deny') {
      settings.consent = consent
    },
    /** The scopes the owner leaves ticked on the next consent screen (default: all asked for). */
    grantScopes(scope: string | undefined) {
      settings.scope = scope
    },
    /** The account's Search Console properties (none: Google leaves siteEntry out). */
    setSites(entries: { siteUrl: string; permissionLevel: string }[]) {
      settings.sites = entries
    },
    /** 429: Search Console's quota is spent until `failSearchConsole(200)`. */
    failSearchConsole(status: 200 | 429) {
      settings.searchConsoleStatus = status
    },
    /** Search Analytics: recorded rows or none, the last final day, a failure after some answers. */
    searchAnalytics,
    failAnalytics: analytics.failAnalytics,
    /** The Business Profile APIs: `failBusinessProfile`, `replyCalls`, `resetReplies`. */
    businessProfile,
    /** The GA4 runReport bodies received, oldest first. */
    analyticsReports: analytics.reportRequests,
    /** From now on every request is taken up `ms` later. */
    slowDown(ms: number) {
      settings.delayMs = ms
    },
    /** The owner removes the app from their Google account: every grant stops working. */
    revokeAll() {
      for (const grant of grants.values()) grant.revoked = true
      accountScopes.clear()
    },
    /** Google stops accepting the access tokens handed out before their hour ends; grants stay. */
    expireAccessTokens() {
      accessTokens.clear()
    },
    /** Refresh tokens handed out, to search for them where they must not be. */
    refreshTokens: () => [...grants.keys()],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>

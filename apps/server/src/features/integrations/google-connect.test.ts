// 'Connect with Google' over OAuth 2.0 (issue 18 items 1 and 5) against the fake Google on 127.0.0.1:
// the consent screen asked with PKCE and a state bound to the session and the browser; a refused,
// forged, reused or expired callback never reaches the token endpoint; the refresh token is sealed;
// access is renewed on expiry; a revoked grant turns into 'Reconnect'; each owner sees and ends only
// their own connection.
import type { GoogleAccount, GoogleConnections } from '@localseo/shared/integrations'
import { Writable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createApp } from '../../app.js'
import { googleConnections } from '../../db/schema/google.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { databaseFingerprint, rows } from '../../testing/db-fingerprint.js'
import {
  DEFAULT_SITES,
  FAKE_CLIENT_ID,
  startFakeGoogle,
  type FakeGoogle,
} from '../../testing/fake-google.js'
import { businessInput } from '../../testing/factories.js'
import { googleAccessToken } from './google-connection.js'
import { googleOAuthConfig, GOOGLE_SCOPES } from './google-oauth.js'

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64')
const SITE_URL = 'http://localhost:3000'

let fake: FakeGoogle
let t: TestApp
/** The same app logging at trace level into `logLines`, for the test that reads the log. */
let logged: ReturnType<typeof createApp> | undefined
const logLines: string[] = []
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

beforeAll(async () => {
  fake = await startFakeGoogle({ email: 'owner@gmail.com' })
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.setConsent('allow')
  fake.grantScopes(undefined)
  fake.calls.length = 0
  t = await createTestApp({ clock, env: { ...fake.env, SECRETS_KEY, SITE_URL } })
})
afterEach(async () => {
  logged = undefined
  await t.close()
})

interface Status {
  connections: GoogleConnections
  google: GoogleAccount
}

async function owner(email: string, withBusiness = true) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  if (withBusiness) await call('PUT', '/api/business', businessInput)
  return { call, token: session.accessToken }
}

/** 'Connect with Google' as the browser does it: the API's address, then the consent screen. */
async function startConnect(token: string) {
  const res = await (logged ?? t.app).request('/api/integrations/google/connect', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(200)
  const { url } = (await res.json()) as { url: string }
  const setCookie = res.headers.get('set-cookie') ?? ''
  const cookie = setCookie.split(';')[0] ?? ''
  return { url: new URL(url), cookie, setCookie }
}

/** Follows the fake consent screen back to our callback; answers where the app sends the browser. */
async function consent(url: URL) {
  const answer = await fetch(url, { redirect: 'manual' })
  expect(answer.status).toBe(302)
  const callback = new URL(answer.headers.get('location') ?? '')
  expect(`${callback.origin}${callback.pathname}`).toBe(
    `${SITE_URL}/api/integrations/google/callback`,
  )
  return `${callback.pathname}${callback.search}`
}

async function callback(path: string, cookie: string) {
  const res = await (logged ?? t.app).request(path, { headers: cookie ? { cookie } : {} })
  expect(res.status).toBe(303)
  return res.headers.get('location')
}

async function connectFully(token: string) {
  const { url, cookie } = await startConnect(token)
  return callback(await consent(url), cookie)
}

const tokenCalls = () => fake.calls.filter((c) => c.startsWith('POST /token'))

/** How many rows of any table hold `needle` in any column. */
async function rowsHolding(needle: string): Promise<number> {
  const tables = await rows<{ schema: string; name: string }>(
    t.db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'auth', 'pgboss') and table_type = 'BASE TABLE'`,
  )
  let found = 0
  for (const { schema, name } of tables) {
    const [row] = await rows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)} t
        where strpos(t::text, ${needle}) > 0`,
    )
    found += row?.n ?? 0
  }
  return found
}

describe('connecting', () => {
  test('the consent screen is asked for read-only access, offline, with PKCE and a state', async () => {
    const { token } = await owner('owner@example.com')
    const { url, setCookie } = await startConnect(token)
    expect(`${url.origin}${url.pathname}`).toBe(fake.env.GOOGLE_AUTH_URL)
    const p = url.searchParams
    expect(p.get('response_type')).toBe('code')
    expect(p.get('client_id')).toBe(FAKE_CLIENT_ID)
    expect(p.get('redirect_uri')).toBe(`${SITE_URL}/api/integrations/google/callback`)
    expect(p.get('scope')?.split(' ')).toEqual([
      GOOGLE_SCOPES.searchConsole,
      GOOGLE_SCOPES.analytics,
    ])
    expect(p.get('access_type')).toBe('offline')
    expect(p.get('prompt')).toBe('consent')
    expect(p.get('include_granted_scopes')).toBe('true')
    expect(p.get('code_challenge_method')).toBe('S256')
    expect(p.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(p.get('state')).toMatch(/^[\w-]{43}$/)
    // The browser's half of the binding: HttpOnly, sent back on Google's top-level redirect only.
    expect(setCookie).toMatch(/^google_connect=[\w-]{43};/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Path=/api/integrations/google')
    // Nothing is connected until Google answers.
    expect(tokenCalls()).toEqual([])
  })

  test('a full connect stores the grant and the Settings cards read it', async () => {
    const { call, token } = await owner('owner@example.com')
    expect((await call<Status>('GET', '/api/integrations')).body).toEqual({
      connections: { searchConsole: false, analytics: false },
      google: { status: 'not_connected' },
    })
    expect(await connectFully(token)).toBe('/settings?google=connected')
    expect(tokenCalls()).toEqual(['POST /token authorization_code'])
    const { body } = await call<Status>('GET', '/api/integrations')
    expect(body.connections).toEqual({ searchConsole: true, analytics: true })
    expect(body.google).toEqual({
      status: 'connected',
      email: 'owner@gmail.com',
      services: ['search-console', 'analytics'],
      searchConsoleSite: null,
      connectedAt: clock.now().toISOString(),
    })
  })

  test('a service whose box the owner unticked stays unconnected', async () => {
    const { call, token } = await owner('owner@example.com')
    fake.grantScopes(GOOGLE_SCOPES.analytics)
    expect(await connectFully(token)).toBe('/settings?google=connected')
    const { body } = await call<Status>('GET', '/api/integrations')
    expect(body.connections).toEqual({ searchConsole: false, analytics: true })
  })

  test('the refresh token is sealed: no table holds it in clear, and it opens for this business only', async () => {
    const { token } = await owner('owner@example.com')
    await connectFully(token)
    const [refreshToken] = fake.refreshTokens().slice(-1)
    expect(refreshToken).toMatch(/^1\/\/fake-refresh-/)
    expect(await rowsHolding(refreshToken!)).toBe(0)
    const [row] = await t.db.select().from(googleConnections)
    expect(row!.refreshTokenSealed).toMatch(/^v1:/)
    const secrets = await t.deps.secrets()
    expect(secrets.open(row!.refreshTokenSealed!, `google-refresh:${row!.businessId}`)).toBe(
      refreshToken,
    )
    expect(() => secrets.open(row!.refreshTokenSealed!, 'google-refresh:another')).toThrow()
  })

  test('consent refused: back to Settings with the reason, no token asked, nothing stored', async () => {
    const { call, token } = await owner('owner@example.com')
    fake.setConsent('deny')
    expect(await connectFully(token)).toBe('/settings?google=denied')
    expect(tokenCalls()).toEqual([])
    expect((await call<Status>('GET', '/api/integrations')).body.google).toEqual({
      status: 'not_connected',
    })
  })
})

test('no code, state or token ever reaches the log', async () => {
  logLines.length = 0
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk))
        done()
      },
    }),
  )
  logged = createApp({ ...t.deps, logger })
  const { token } = await owner('owner@example.com')
  const { url, cookie } = await startConnect(token)
  const path = await consent(url)
  expect(await callback(path, cookie)).toBe('/settings?google=connected')
  // A failed exchange logs too: replaying the code once more must not print it.
  const again = await startConnect(token)
  const code = new URL(path, SITE_URL).searchParams.get('code')!
  const state = new URL(again.url).searchParams.get('state')!
  expect(
    await callback(`/api/integrations/google/callback?state=${state}&code=${code}`, again.cookie),
  ).toBe('/settings?google=failed')
  const log = logLines.join('\n')
  expect(log).toContain('/api/integrations/google/callback')
  expect(log).toContain('Google code exchange failed')
  const secrets = [
    code,
    state,
    new URL(url).searchParams.get('state')!,
    cookie.split('=')[1]!,
    ...fake.refreshTokens(),
  ]
  for (const secret of secrets) expect(log).not.toContain(secret)
})

describe('the state check', () => {
  test('a forged callback is refused before any token request', async () => {
    const { call, token } = await owner('owner@example.com')
    const { cookie } = await startConnect(token)
    const before = await databaseFingerprint(t.db)
    const forged = '/api/integrations/google/callback?state=forged-state&code=4/attacker-code'
    expect(await callback(forged, cookie)).toBe('/settings?google=invalid_state')
    expect(await callback('/api/integrations/google/callback?code=4/no-state', cookie)).toBe(
      '/settings?google=invalid_state',
    )
    expect(tokenCalls()).toEqual([])
    expect(await databaseFingerprint(t.db)).toBe(before)
    expect((await call<Status>('GET', '/api/integrations')).body.google.status).toBe(
      'not_connected',
    )
  })

  test("Google's answer in another browser (without the cookie) is refused", async () => {
    const { token } = await owner('owner@example.com')
    const { url } = await startConnect(token)
    const path = await consent(url)
    expect(await callback(path, '')).toBe('/settings?google=invalid_state')
    expect(await callback(path, 'google_connect=someone-elses')).toBe(
      '/settings?google=invalid_state',
    )
    expect(tokenCalls()).toEqual([])
  })

  test("a callback with the right state from another browser leaves the state to the owner's own browser", async () => {
    const { call, token } = await owner('owner@example.com')
    const { url, cookie } = await startConnect(token)
    const path = await consent(url)
    // Someone who learnt the callback address (a shared link, a log) opens it first.
    expect(await callback(path, 'google_connect=someone-elses')).toBe(
      '/settings?google=invalid_state',
    )
    expect(await callback(path, '')).toBe('/settings?google=invalid_state')
    expect(tokenCalls()).toEqual([])
    // The owner's browser, with its cookie, still connects, and only once.
    expect(await callback(path, cookie)).toBe('/settings?google=connected')
    expect(await callback(path, cookie)).toBe('/settings?google=invalid_state')
    expect(tokenCalls()).toEqual(['POST /token authorization_code'])
    expect((await call<Status>('GET', '/api/integrations')).body.google.status).toBe('connected')
  })

  test('a state works once, and not after 10 minutes', async () => {
    const { token } = await owner('owner@example.com')
    const first = await startConnect(token)
    const path = await consent(first.url)
    expect(await callback(path, first.cookie)).toBe('/settings?google=connected')
    expect(await callback(path, first.cookie)).toBe('/settings?google=invalid_state')

    const late = await startConnect(token)
    const latePath = await consent(late.url)
    clock.advance(601)
    expect(await callback(latePath, late.cookie)).toBe('/settings?google=invalid_state')
    expect(tokenCalls()).toEqual(['POST /token authorization_code'])
  })

  test('signing out ends the attempt: its state is refused', async () => {
    const { token } = await owner('owner@example.com')
    const { url, cookie } = await startConnect(token)
    const path = await consent(url)
    await t.app.request('/auth/v1/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(await callback(path, cookie)).toBe('/settings?google=invalid_state')
    expect(tokenCalls()).toEqual([])
  })
})

describe('access over time', () => {
  async function connected() {
    const { call, token } = await owner('owner@example.com')
    await connectFully(token)
    const [row] = await t.db.select().from(googleConnections)
    const config = googleOAuthConfig(t.deps.env)!
    return { call, token, businessId: row!.businessId, config }
  }

  test('the access token is reused while it lasts and renewed with the refresh token after', async () => {
    const { businessId, config } = await connected()
    const first = await googleAccessToken(t.deps, config, businessId)
    expect(first).toMatch(/^ya29\.fake-/)
    clock.advance(3000)
    expect(await googleAccessToken(t.deps, config, businessId)).toBe(first)
    expect(tokenCalls()).toEqual(['POST /token authorization_code'])

    clock.advance(600)
    const renewed = await googleAccessToken(t.deps, config, businessId)
    expect(renewed).not.toBe(first)
    expect(tokenCalls()).toEqual(['POST /token authorization_code', 'POST /token refresh_token'])
    // The new one is stored (sealed) and reused.
    expect(await googleAccessToken(t.deps, config, businessId)).toBe(renewed)
    expect(await rowsHolding(renewed)).toBe(0)
  })

  test('a revoked grant turns the connection into Reconnect, with the reason and the time', async () => {
    const { call, token, businessId, config } = await connected()
    fake.revokeAll()
    // Past the access token's hour (less its minute of margin), within the app session's.
    clock.advance(3550)
    await expect(googleAccessToken(t.deps, config, businessId)).rejects.toThrow(/Reconnect/)
    const { body } = await call<Status>('GET', '/api/integrations')
    expect(body.connections).toEqual({ searchConsole: false, analytics: false })
    expect(body.google).toEqual({
      status: 'revoked',
      email: 'owner@gmail.com',
      revokedAt: clock.now().toISOString(),
      reason: 'Google refused the saved access (Token has been expired or revoked.).',
    })
    // No token is kept, and asking again does not call Google.
    const [row] = await t.db.select().from(googleConnections)
    expect(row).toMatchObject({ refreshTokenSealed: null, accessTokenSealed: null })
    await expect(googleAccessToken(t.deps, config, businessId)).rejects.toThrow(/Reconnect/)
    expect(tokenCalls()).toHaveLength(2)
    // Connecting again clears it.
    expect(await connectFully(token)).toBe('/settings?google=connected')
    expect((await call<Status>('GET', '/api/integrations')).body.google.status).toBe('connected')
  })

  test('Disconnect revokes the grant at Google and forgets it', async () => {
    const { call, businessId } = await connected()
    const res = await call<Status & { revokedAtGoogle: boolean }>(
      'DELETE',
      '/api/integrations/google',
    )
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ google: { status: 'not_connected' }, revokedAtGoogle: true })
    expect(fake.calls).toContain('POST /revoke')
    expect(
      await t.db
        .select()
        .from(googleConnections)
        .where(eq(googleConnections.businessId, businessId)),
    ).toEqual([])
    expect((await call('DELETE', '/api/integrations/google')).status).toBe(404)
  })
})

describe('Search Console properties (issue 18 item 2)', () => {
  interface Sites {
    sites: { siteUrl: string; permissionLevel: string; matchesWebsite: boolean }[]
    selected: string | null
  }

  async function connectedOwner() {
    const { call, token } = await owner('owner@example.com', false)
    const saved = await call('PUT', '/api/business', {
      ...businessInput,
      website: 'https://www.sunrisedental.com',
    })
    expect(saved.status).toBe(200)
    await connectFully(token)
    return call
  }

  test("the account's properties, the website's first, unverified ones left out; one is picked", async () => {
    const call = await connectedOwner()
    const listed = await call<Sites>('GET', '/api/integrations/google/search-console/sites')
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual({
      sites: [
        {
          siteUrl: 'https://www.sunrisedental.com/',
          permissionLevel: 'siteOwner',
          matchesWebsite: true,
        },
        {
          siteUrl: 'sc-domain:sunrisedental.com',
          permissionLevel: 'siteOwner',
          matchesWebsite: true,
        },
        {
          siteUrl: 'https://blog.example.org/',
          permissionLevel: 'siteFullUser',
          matchesWebsite: false,
        },
      ],
      selected: null,
    })
    const picked = await call<Status>('PUT', '/api/integrations/google/search-console/site', {
      siteUrl: 'sc-domain:sunrisedental.com',
    })
    expect(picked.status).toBe(200)
    expect(picked.body.google).toMatchObject({ searchConsoleSite: 'sc-domain:sunrisedental.com' })
    expect(
      (await call<Sites>('GET', '/api/integrations/google/search-console/sites')).body.selected,
    ).toBe('sc-domain:sunrisedental.com')
  })

  test('a property Google does not list for this account is refused and nothing changes', async () => {
    const call = await connectedOwner()
    const before = await databaseFingerprint(t.db)
    for (const body of [
      { siteUrl: 'sc-domain:competitor.com' },
      { siteUrl: 'https://unverified.example.net/' },
      { siteUrl: '' },
      { siteUrl: 'x'.repeat(3000) },
      { siteUrl: 'sc-domain:sunrisedental.com', extra: true },
    ]) {
      const res = await call('PUT', '/api/integrations/google/search-console/site', body)
      expect(res.status).toBe(422)
    }
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('an expired access token is renewed first; an account with no property lists none', async () => {
    const call = await connectedOwner()
    fake.setSites([])
    clock.advance(3550)
    const listed = await call<Sites>('GET', '/api/integrations/google/search-console/sites')
    fake.setSites([...DEFAULT_SITES])
    expect(listed.body).toEqual({ sites: [], selected: null })
    expect(tokenCalls()).toEqual(['POST /token authorization_code', 'POST /token refresh_token'])
  })

  test('a token Google refuses before its hour is renewed once; revoked meanwhile, the list reads Reconnect, never a 502', async () => {
    const call = await connectedOwner()
    fake.expireAccessTokens()
    const listed = await call<Sites>('GET', '/api/integrations/google/search-console/sites')
    expect(listed.status).toBe(200)
    expect(listed.body.sites).toHaveLength(3)
    expect(tokenCalls()).toEqual(['POST /token authorization_code', 'POST /token refresh_token'])
    // The owner removes the app from their Google account (or disconnects here) within the hour.
    fake.revokeAll()
    const res = await call('GET', '/api/integrations/google/search-console/sites')
    expect(res.status).toBe(409)
    expect(res.body.error?.message).toMatch(/Reconnect/)
  })

  test("Google's quota answer (429) is passed on with its reason, never a 5xx", async () => {
    const call = await connectedOwner()
    fake.failSearchConsole(429)
    const res = await call('GET', '/api/integrations/google/search-console/sites')
    fake.failSearchConsole(200)
    expect(res.status).toBe(429)
    expect(res.body.error?.message).toMatch(/quota/)
  })

  test('without a connection, or after a revoke, there is nothing to list', async () => {
    const { call } = await owner('other@example.com')
    expect((await call('GET', '/api/integrations/google/search-console/sites')).status).toBe(404)
    expect(
      (
        await call('PUT', '/api/integrations/google/search-console/site', {
          siteUrl: 'sc-domain:x.com',
        })
      ).status,
    ).toBe(404)
    const connected = await connectedOwner()
    fake.revokeAll()
    clock.advance(3550)
    const res = await connected('GET', '/api/integrations/google/search-console/sites')
    expect(res.status).toBe(409)
    expect(res.body.error?.message).toMatch(/Reconnect/)
  })
})

describe('each owner, their own connection', () => {
  test("another owner cannot read, take over or disconnect an owner's connection", async () => {
    const a = await owner('owner@example.com')
    await connectFully(a.token)
    const b = await owner('intruder@example.com')
    expect((await b.call<Status>('GET', '/api/integrations')).body.google).toEqual({
      status: 'not_connected',
    })
    expect((await b.call('DELETE', '/api/integrations/google')).status).toBe(404)

    // A's attempt answered in B's browser (B's own cookie) is refused and leaves A as it was.
    const aAttempt = await startConnect(a.token)
    const bAttempt = await startConnect(b.token)
    expect(await callback(await consent(aAttempt.url), bAttempt.cookie)).toBe(
      '/settings?google=invalid_state',
    )
    // B connecting connects B's business only.
    fake.grantScopes(GOOGLE_SCOPES.analytics)
    expect(await callback(await consent(bAttempt.url), bAttempt.cookie)).toBe(
      '/settings?google=connected',
    )
    expect((await a.call<Status>('GET', '/api/integrations')).body.connections).toEqual({
      searchConsole: true,
      analytics: true,
    })
    expect((await b.call<Status>('GET', '/api/integrations')).body.connections).toEqual({
      searchConsole: false,
      analytics: true,
    })
    expect(await t.db.select().from(googleConnections)).toHaveLength(2)
  })
})

describe('bad input and missing set-up', () => {
  test('connecting needs a signed-in owner with a business', async () => {
    const res = await t.app.request('/api/integrations/google/connect')
    expect(res.status).toBe(401)
    const { call } = await owner('owner@example.com', false)
    const noBusiness = await call('GET', '/api/integrations/google/connect')
    expect(noBusiness.status).toBe(404)
    expect(noBusiness.body.error?.message).toBe('Add your business information in Settings first.')
    expect((await call('DELETE', '/api/integrations/google')).status).toBe(404)
  })

  test('odd callbacks go back to Settings with a reason, never a 5xx, and change nothing', async () => {
    const { token } = await owner('owner@example.com')
    const { cookie } = await startConnect(token)
    const before = await databaseFingerprint(t.db)
    const odd = [
      '/api/integrations/google/callback',
      `/api/integrations/google/callback?state=${'x'.repeat(5000)}&code=c`,
      '/api/integrations/google/callback?state=a&state=b&code=c',
      '/api/integrations/google/callback?error=access_denied',
    ]
    for (const path of odd) {
      expect(await callback(path, cookie)).toBe('/settings?google=invalid_state')
    }
    expect(tokenCalls()).toEqual([])
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('with Google configured, the simulated connect and disconnect are refused', async () => {
    const { call } = await owner('owner@example.com')
    const res = await call('POST', '/api/integrations/search-console/connect')
    expect(res.status).toBe(409)
    expect((await call('DELETE', '/api/integrations/analytics')).status).toBe(409)
    expect((await call<Status>('GET', '/api/integrations')).body.google.status).toBe(
      'not_connected',
    )
  })

  test('without GOOGLE_CLIENT_ID the connection stays simulated and the OAuth routes say so', async () => {
    await t.close()
    t = await createTestApp({ clock })
    const { call } = await owner('owner@example.com')
    expect((await call<Status>('GET', '/api/integrations')).body.google).toEqual({
      status: 'simulated',
    })
    const res = await call('GET', '/api/integrations/google/connect')
    expect(res.status).toBe(404)
    expect(res.body.error?.message).toMatch(/simulated/)
    expect(await callback('/api/integrations/google/callback?state=s&code=c', '')).toBe(
      '/settings?google=failed',
    )
  })
})

// Connect and link the Google Business Profile (issue 33 items 1, 7 and 8; ADR 034) against the
// fake Google on 127.0.0.1: the business.manage scope is asked only when the owner connects the
// profile, as an incremental consent; the owner's accounts and locations are listed with a
// suggested link per location; a confirmed link is checked against Google's list and saved once;
// Google's refusals and a revoked grant are states the screen explains; without a Google client
// the profiles are samples; another owner reads and changes nothing.
import type { ProfileLocations, ProfileStatus } from '@localseo/shared/business-profile'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { businessProfileLinks, businessProfileReviews } from '../../db/schema/business-profile.js'
import { apiCaller } from '../../testing/api.js'
import type { ErrorBody } from '../../testing/backlink-owners.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { GBP_ACCOUNT, GBP_PERSONAL_ACCOUNT } from '../../testing/fake-business-profile.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { connectGoogle } from '../../testing/google-owner.js'
import { GOOGLE_SCOPES } from '../integrations/public.js'
import { importProfileReviews } from './reviews-import.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const SITE_URL = 'http://localhost:3000'
const ROUTE = '/api/business-profile'
const AUSTIN = 'locations/4815162342'
const ROUND_ROCK = 'locations/9071346785'

let fake: FakeGoogle
let t: TestApp
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  // A new Google account for each test: nothing granted before.
  fake.revokeAll()
  fake.calls.length = 0
  t = await createTestApp({ clock, env: { ...fake.env, SECRETS_KEY, SITE_URL } })
})
afterEach(() => t.close())

/** An owner of the Austin dentist with a Round Rock location; connected as asked. */
async function owner(
  email: string,
  connect: ('search-and-analytics' | 'business-profile')[] = ['business-profile'],
  app: TestApp = t,
) {
  const session = await signUp(app.app, { email })
  const call = apiCaller(app.app, () => session.accessToken)
  await call('PUT', '/api/business', businessInput)
  const res = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
  )
  for (const product of connect) {
    const back = await connectGoogle(
      app.app,
      session.accessToken,
      product === 'business-profile' ? product : undefined,
    )
    expect(back).toBe('/settings?google=connected')
  }
  return Object.assign(call, {
    token: session.accessToken,
    roundRock: res.body.locations[0]!.id,
  })
}
type Owner = Awaited<ReturnType<typeof owner>>

const consentUrl = async (call: Owner, query = '') => {
  const res = await call<{ url: string }>('GET', `/api/integrations/google/connect${query}`)
  expect(res.status).toBe(200)
  return new URL(res.body.url).searchParams
}

const status = async (call: Owner) => (await call<ProfileStatus>('GET', ROUTE)).body
const listing = async (call: Owner) =>
  (await call<ProfileLocations>('GET', `${ROUTE}/locations`)).body

describe('asking for the Business Profile scope', () => {
  test('Search Console and Analytics never ask for business.manage; the Business Profile asks for it alone, incrementally', async () => {
    const call = await owner('owner@example.com', [])
    const searchAndAnalytics = await consentUrl(call)
    expect(searchAndAnalytics.get('scope')?.split(' ')).not.toContain(GOOGLE_SCOPES.businessProfile)
    const profile = await consentUrl(call, '?product=business-profile')
    expect(profile.get('scope')).toBe(GOOGLE_SCOPES.businessProfile)
    expect(profile.get('include_granted_scopes')).toBe('true')
    expect(profile.get('access_type')).toBe('offline')
    expect((await call('GET', '/api/integrations/google/connect?product=everything')).status).toBe(
      422,
    )
  })

  test('connected for Search Console only, the profile needs its own consent; after it, all three scopes are kept', async () => {
    const call = await owner('owner@example.com', ['search-and-analytics'])
    expect(await status(call)).toEqual({ connection: 'needs_consent', links: [] })
    expect(await listing(call)).toMatchObject({ status: 'needs_consent' })
    expect(fake.calls.some((c) => c.startsWith('GET /gbp'))).toBe(false)

    expect(await connectGoogle(t.app, call.token, 'business-profile')).toBe(
      '/settings?google=connected',
    )
    expect((await status(call)).connection).toBe('connected')
    const google = await call<{ google: { services: string[] } }>('GET', '/api/integrations')
    expect(google.body.google.services).toEqual(['search-console', 'analytics'])
  })
})

describe('listing and suggesting', () => {
  test("the owner's accounts over both pages with their locations, and each of our places' best match", async () => {
    const call = await owner('owner@example.com')
    const answer = await listing(call)
    if (answer.status !== 'ready') throw new Error(answer.status)
    expect(answer.sample).toBe(false)
    expect(answer.accounts.map((a) => [a.name, a.title, a.locations.length])).toEqual([
      [GBP_ACCOUNT, 'Bright Smile Dental', 3],
      [GBP_PERSONAL_ACCOUNT, 'Jane Whitfield', 2],
    ])
    expect(answer.accounts[0]!.locations[0]).toEqual({
      name: AUSTIN,
      account: GBP_ACCOUNT,
      title: 'Bright Smile Dental',
      address: '100 Congress Avenue, Austin, TX 78701',
      phone: '(512) 555-0100',
      placeId: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      websiteUri: 'https://brightsmile.example/',
    })
    expect(answer.suggestions).toEqual([
      {
        location: 'main',
        label: 'Bright Smile Dental (Main)',
        suggested: { googleLocation: AUSTIN, score: 100, matched: ['name', 'address', 'phone'] },
        linked: null,
      },
      {
        location: call.roundRock,
        label: 'Round Rock',
        // The same address; the name shares 'Round Rock' only, and the phone is the business's.
        suggested: { googleLocation: ROUND_ROCK, score: 52, matched: ['address'] },
        linked: null,
      },
    ])
    // Locations are read with the readMask, one account after the other.
    expect(fake.calls.filter((c) => c.includes('/locations'))).toHaveLength(3)
  })
})

describe('linking', () => {
  test('the confirmed link is saved with the profile name, address and place id, and listed as linked', async () => {
    const call = await owner('owner@example.com')
    const saved = await call<ProfileStatus>('PUT', `${ROUTE}/links/main`, {
      googleLocation: AUSTIN,
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({
      connection: 'connected',
      links: [
        {
          location: 'main',
          googleLocation: AUSTIN,
          account: GBP_ACCOUNT,
          title: 'Bright Smile Dental',
          address: '100 Congress Avenue, Austin, TX 78701',
          placeId: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
          sample: false,
          linkedAt: '2026-03-10T15:00:00.000Z',
        },
      ],
    })
    const answer = await listing(call)
    expect(answer.status === 'ready' && answer.suggestions[0]!.linked).toBe(AUSTIN)

    // Another profile location for the same place replaces the link.
    const moved = await call<ProfileStatus>('PUT', `${ROUTE}/links/main`, {
      googleLocation: 'locations/2718281828',
    })
    expect(moved.body.links.map((l) => [l.location, l.googleLocation])).toEqual([
      ['main', 'locations/2718281828'],
    ])
  })

  test('a profile location Google does not list, or one already linked elsewhere, is refused and nothing is written', async () => {
    const call = await owner('owner@example.com')
    await call('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })
    const before = await databaseFingerprint(t.db)

    const unknown = await call<ErrorBody>('PUT', `${ROUTE}/links/main`, {
      googleLocation: 'locations/999',
    })
    expect(unknown.status).toBe(422)
    const twice = await call<ErrorBody>('PUT', `${ROUTE}/links/${call.roundRock}`, {
      googleLocation: AUSTIN,
    })
    expect(twice.status).toBe(409)
    expect(twice.body.error?.message).toBe(
      'Bright Smile Dental is already linked to Bright Smile Dental (Main): unlink it there first.',
    )
    const malformed = await call('PUT', `${ROUTE}/links/main`, { googleLocation: 'accounts/1' })
    expect(malformed.status).toBe(422)
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('unlinking removes the link; unlinking again is a 404', async () => {
    const call = await owner('owner@example.com')
    await call('PUT', `${ROUTE}/links/${call.roundRock}`, { googleLocation: ROUND_ROCK })
    const removed = await call<ProfileStatus>('DELETE', `${ROUTE}/links/${call.roundRock}`)
    expect(removed.body.links).toEqual([])
    expect((await call('DELETE', `${ROUTE}/links/${call.roundRock}`)).status).toBe(404)
  })

  test('disconnecting Google forgets the links and the reviews imported under them; another owner keeps theirs', async () => {
    const call = await owner('owner@example.com')
    const other = await owner('other@example.com')
    for (const who of [call, other]) {
      expect((await who('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })).status).toBe(200)
    }
    const counts = async () => {
      const links = await t.db.select().from(businessProfileLinks)
      const reviews = await t.db.select().from(businessProfileReviews)
      return [links.length, reviews.length]
    }
    for (const who of [call, other]) {
      const mine = await who<{ business: { id: string } }>('GET', '/api/business')
      expect((await importProfileReviews(t.deps, mine.body.business.id))?.outcome).toContain(
        '3 new',
      )
    }
    const [, bothReviews] = await counts()
    expect(bothReviews).toBeGreaterThan(0)
    expect((await call('DELETE', '/api/integrations/google')).status).toBe(200)
    expect(await counts()).toEqual([1, bothReviews! / 2])
    expect((await status(other)).links).toHaveLength(1)
  })

  test("reviewers' photos load: with Google configured, images may come from Google's user-content host", async () => {
    const csp = (await t.app.request('/healthz')).headers.get('content-security-policy') ?? ''
    expect(/img-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' data: https://*.googleusercontent.com")
  })

  test("another owner can neither read, link nor unlink the first owner's locations (404)", async () => {
    const first = await owner('first@example.com')
    await first('PUT', `${ROUTE}/links/${first.roundRock}`, { googleLocation: ROUND_ROCK })
    const other = await owner('other@example.com')
    const before = await databaseFingerprint(t.db)
    expect((await status(other)).links).toEqual([])
    const put = await other('PUT', `${ROUTE}/links/${first.roundRock}`, {
      googleLocation: ROUND_ROCK,
    })
    expect(put.status).toBe(404)
    expect((await other('DELETE', `${ROUTE}/links/${first.roundRock}`)).status).toBe(404)
    expect(await databaseFingerprint(t.db)).toBe(before)
    expect((await status(first)).links.map((l) => l.location)).toEqual([first.roundRock])
  })
})

describe("Google's refusals and a revoked grant", () => {
  test('quota 0 (429): the listing says what Google refused and what to do; a link answers 429 and writes nothing', async () => {
    const call = await owner('owner@example.com')
    fake.businessProfile.failBusinessProfile('quota')
    const answer = await call<ProfileLocations>('GET', `${ROUTE}/locations`)
    expect(answer.status).toBe(200)
    if (answer.body.status !== 'refused') throw new Error(answer.body.status)
    expect(answer.body.refusal.kind).toBe('quota')
    expect(answer.body.refusal.google).toContain('Quota exceeded')
    const before = await databaseFingerprint(t.db)
    const put = await call<ErrorBody>('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })
    expect(put.status).toBe(429)
    expect(put.body.error?.message).toContain('Quota exceeded')
    expect(await databaseFingerprint(t.db)).toBe(before)
  })

  test('an unapproved or disabled project (403) is a refusal, never a 5xx', async () => {
    const call = await owner('owner@example.com')
    fake.businessProfile.failBusinessProfile('disabled')
    expect(await listing(call)).toMatchObject({
      status: 'refused',
      refusal: { kind: 'api_disabled' },
    })
    const put = await call('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })
    expect(put.status).toBe(409)
  })

  test('a 401 even to a renewed token is a refusal to try again later, never a 5xx', async () => {
    const call = await owner('owner@example.com')
    fake.businessProfile.failBusinessProfile('unauthenticated')
    expect(await listing(call)).toMatchObject({
      status: 'refused',
      refusal: { kind: 'unavailable' },
    })
    expect((await call('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })).status).toBe(409)
    expect((await status(call)).connection).toBe('connected')
  })

  test('a grant revoked in the Google account (401, then invalid_grant) asks to reconnect', async () => {
    const call = await owner('owner@example.com')
    fake.revokeAll()
    expect(await listing(call)).toMatchObject({ status: 'revoked' })
    expect((await status(call)).connection).toBe('revoked')
    const put = await call<ErrorBody>('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })
    expect(put.status).toBe(409)
    expect(put.body.error?.message).toContain('reconnect')
  })
})

describe('without a Google client', () => {
  test("sample profiles named after the owner's places, labelled sample, can be linked, and go with the other sample data", async () => {
    const simulated = await createTestApp({ clock })
    try {
      const call = await owner('owner@example.com', [], simulated)
      expect(await status(call)).toEqual({ connection: 'sample', links: [] })
      const answer = await listing(call)
      if (answer.status !== 'ready') throw new Error(answer.status)
      expect(answer.sample).toBe(true)
      expect(answer.accounts).toHaveLength(1)
      expect(answer.accounts[0]!.title).toBe('Sample account')
      expect(answer.suggestions.map((s) => s.suggested?.googleLocation)).toEqual([
        'locations/sample-main',
        `locations/sample-${call.roundRock}`,
      ])
      const saved = await call<ProfileStatus>('PUT', `${ROUTE}/links/main`, {
        googleLocation: 'locations/sample-main',
      })
      expect(saved.body.links).toMatchObject([{ location: 'main', sample: true }])

      // 'Remove sample data' in Settings takes the sample profiles and their links too.
      expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
      expect((await status(call)).links).toEqual([])
      expect(await listing(call)).toMatchObject({ status: 'ready', sample: true, accounts: [] })
    } finally {
      await simulated.close()
    }
  })
})

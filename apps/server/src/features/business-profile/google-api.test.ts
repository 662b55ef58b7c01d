// The Business Profile adapters (issue 33 items 1 and 8, ADR 034) against the fake Google on
// 127.0.0.1 replaying the documented shapes: accounts and locations over their pages with the
// readMask, reviews over all pages newest change first, a reply sent and deleted, the 7 daily
// metrics and the monthly search terms; Google's 401, 403 and 429 each become what the owner
// can act on.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { AppError } from '../../lib/errors.js'
import {
  GBP_ACCOUNT,
  GBP_LOCATION,
  GBP_PERSONAL_ACCOUNT,
} from '../../testing/fake-business-profile.js'
import { FAKE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { GoogleTokenRefused } from '../integrations/public.js'
import {
  businessProfileApis,
  DAILY_METRICS,
  deleteReply,
  fetchDailyMetrics,
  listAccounts,
  listLocations,
  listReviews,
  listSearchKeywords,
  LOCATION_READ_MASK,
  ProfileRefused,
  updateReply,
  v4Location,
  type BusinessProfileApis,
} from './google-api.js'

let fake: FakeGoogle
let apis: BusinessProfileApis
let token: string

/** An access token from the fake's consent screen and token endpoint, as the app gets one. */
async function grantedToken(): Promise<string> {
  const verifier = 'a-verifier-of-forty-three-characters-or-more-0123'
  const authorize = new URL(fake.env.GOOGLE_AUTH_URL)
  const params = {
    client_id: FAKE_CLIENT_ID,
    response_type: 'code',
    code_challenge_method: 'S256',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    redirect_uri: 'http://localhost:3000/cb',
    scope: 'https://www.googleapis.com/auth/business.manage',
  }
  for (const [name, value] of Object.entries(params)) authorize.searchParams.set(name, value)
  const consent = await fetch(authorize, { redirect: 'manual' })
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? ''
  const answer = await fetch(fake.env.GOOGLE_TOKEN_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: params.redirect_uri,
      client_id: FAKE_CLIENT_ID,
      client_secret: 'fake-client-secret',
    }).toString(),
  })
  return ((await answer.json()) as { access_token: string }).access_token
}

beforeAll(async () => {
  fake = await startFakeGoogle()
  apis = businessProfileApis(fake.env)
})
afterAll(() => fake.close())
beforeEach(async () => {
  fake.businessProfile.failBusinessProfile(null)
  fake.businessProfile.resetReplies()
  token ??= await grantedToken()
  fake.calls.length = 0
})

/** The refusal a call ends in. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!(error instanceof ProfileRefused)) throw new Error(`not refused: ${String(error)}`)
  return error
}

describe('accounts and locations', () => {
  test('accounts.list follows nextPageToken over both pages, 20 a page', async () => {
    expect(await listAccounts(apis, token)).toEqual([
      { name: GBP_ACCOUNT, title: 'Bright Smile Dental', type: 'LOCATION_GROUP' },
      { name: GBP_PERSONAL_ACCOUNT, title: 'Jane Whitfield', type: 'PERSONAL' },
    ])
    expect(fake.calls).toEqual(['GET /gbp-accounts/v1/accounts', 'GET /gbp-accounts/v1/accounts'])
  })

  test('locations.list asks with the readMask and reads both pages, the address in parts', async () => {
    const locations = await listLocations(apis, token, GBP_ACCOUNT)
    expect(locations.map((l) => l.name)).toEqual([
      'locations/4815162342',
      'locations/9071346785',
      'locations/2718281828',
    ])
    expect(locations[0]).toEqual({
      name: 'locations/4815162342',
      account: GBP_ACCOUNT,
      title: 'Bright Smile Dental',
      addressLines: ['100 Congress Avenue'],
      locality: 'Austin',
      administrativeArea: 'TX',
      postalCode: '78701',
      regionCode: 'US',
      phone: '(512) 555-0100',
      placeId: 'ChIJLwPMoJm1RIYRetVp1EtGm10',
      websiteUri: 'https://brightsmile.example/',
    })
    expect(LOCATION_READ_MASK).toBe(
      'name,title,storefrontAddress,phoneNumbers,metadata.placeId,websiteUri',
    )
  })

  test('a service-area profile without a storefront address or phone is listed with empty parts', async () => {
    const [clifton, mobile] = await listLocations(apis, token, GBP_PERSONAL_ACCOUNT)
    expect(clifton).toMatchObject({ regionCode: 'GB', postalCode: 'BS8 2LG', locality: 'Bristol' })
    expect(mobile).toMatchObject({
      title: 'Jane Whitfield Mobile Hygienist',
      addressLines: [],
      phone: '',
      placeId: null,
    })
  })
})

describe('reviews and replies', () => {
  const location = v4Location(GBP_ACCOUNT, GBP_LOCATION)

  test('reviews.list reads every page, newest change first, 50 a page, with stars and replies', async () => {
    const { reviews, averageRating, totalReviewCount, complete, pages } = await listReviews(
      apis,
      token,
      location,
    )
    expect({ averageRating, totalReviewCount, complete, pages }).toEqual({
      averageRating: 4.3,
      totalReviewCount: 3,
      complete: true,
      pages: 2,
    })
    expect(reviews.map((r) => [r.reviewer, r.rating, r.reply?.comment ?? null])).toEqual([
      ['Maria Gonzalez', 5, null],
      ['Tom B.', 2, "Tom, we're sorry about the wait. We've added a second hygienist on Mondays."],
      ['A Google user', 5, null],
    ])
    // Google's Reviewer: a photo only for a reviewer who is not anonymous.
    expect(reviews.map((r) => [r.reviewerAnonymous, r.reviewerPhotoUrl])).toEqual([
      [false, 'https://lh3.googleusercontent.com/a/maria'],
      [false, null],
      [true, null],
    ])
    expect(fake.calls.filter((c) => c.endsWith('/reviews'))).toHaveLength(2)
  })

  test('with changedSince the paging stops at the first review not changed since', async () => {
    const { reviews, complete } = await listReviews(apis, token, location, {
      changedSince: new Date('2026-03-06T00:00:00Z'),
    })
    expect(reviews.map((r) => r.reviewer)).toEqual(['Maria Gonzalez'])
    // Stopped early: a review not listed may still be at Google.
    expect(complete).toBe(false)
    expect(fake.calls.filter((c) => c.endsWith('/reviews'))).toHaveLength(1)
  })

  test('updateReply PUTs the comment on …/reply; deleteReply removes it; the list shows each', async () => {
    const review = `${location}/reviews/AbFvOqm3p1`
    const sent = await updateReply(apis, token, review, 'Thank you, Maria!')
    expect(sent.comment).toBe('Thank you, Maria!')
    expect(fake.businessProfile.replyCalls).toEqual([
      { method: 'PUT', review, comment: 'Thank you, Maria!' },
    ])
    let { reviews } = await listReviews(apis, token, location)
    expect(reviews[0]?.reply?.comment).toBe('Thank you, Maria!')

    await deleteReply(apis, token, review)
    ;({ reviews } = await listReviews(apis, token, location))
    expect(reviews[0]?.reply).toBeNull()
  })

  test('a reply to a review Google no longer has is a 404, not a refusal', async () => {
    const error = await updateReply(apis, token, `${location}/reviews/gone`, 'Thanks').catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).status).toBe(404)
  })
})

describe('performance', () => {
  test('fetchMultiDailyMetricsTimeSeries asks the 7 metrics for the day range; a missing value is 0', async () => {
    const metrics = await fetchDailyMetrics(apis, token, GBP_LOCATION, {
      start: '2026-03-01',
      end: '2026-03-02',
    })
    expect(Object.keys(metrics)).toEqual([...DAILY_METRICS])
    expect(metrics.CALL_CLICKS).toEqual([
      { day: '2026-03-01', value: 4 },
      { day: '2026-03-02', value: 0 },
    ])
    expect(metrics.BUSINESS_DIRECTION_REQUESTS).toEqual([
      { day: '2026-03-01', value: 7 },
      { day: '2026-03-02', value: 5 },
    ])
  })

  test("the monthly search terms over both pages; a rare term keeps Google's threshold", async () => {
    const keywords = await listSearchKeywords(apis, token, GBP_LOCATION, {
      startMonth: '2026-01',
      endMonth: '2026-02',
    })
    expect(keywords).toEqual([
      { keyword: 'dentist austin', impressions: 1520, below: null },
      { keyword: 'bright smile dental', impressions: 412, below: null },
      { keyword: 'emergency dentist near me', impressions: null, below: 15 },
      { keyword: 'teeth whitening austin tx', impressions: 96, below: null },
    ])
  })
})

describe("Google's refusals", () => {
  test("429 with a quota of 0: a typed refusal with Google's words and the access request to make", async () => {
    fake.businessProfile.failBusinessProfile('quota')
    const error = await refusal(listAccounts(apis, token))
    expect(error.status).toBe(429)
    expect(error.refusal.kind).toBe('quota')
    expect(error.refusal.google).toContain("limit 'Requests per minute'")
    expect(error.refusal.action).toContain('requests Business Profile API access')
  })

  test('403 for an API turned off in the project says to enable it', async () => {
    fake.businessProfile.failBusinessProfile('disabled')
    const error = await refusal(listLocations(apis, token, GBP_ACCOUNT))
    expect(error.status).toBe(409)
    expect(error.refusal.kind).toBe('api_disabled')
    expect(error.refusal.google).toContain('has not been used in project')
  })

  test('403 for a profile the account cannot manage says whom to ask', async () => {
    fake.businessProfile.failBusinessProfile('denied')
    const error = await refusal(listReviews(apis, token, v4Location(GBP_ACCOUNT, GBP_LOCATION)))
    expect(error.refusal).toMatchObject({
      kind: 'no_access',
      google: 'The caller does not have permission',
    })
    expect(error.status).toBeLessThan(500)
  })

  test('401 is a refused token, for the caller to renew once or ask to reconnect', async () => {
    await expect(listAccounts(apis, 'ya29.not-a-token')).rejects.toBeInstanceOf(GoogleTokenRefused)
  })

  test('an unreachable Google is a refusal that says to try again, never a 5xx', async () => {
    const closed = { ...apis, accounts: 'http://127.0.0.1:9/v1' }
    const error = await refusal(listAccounts(closed, token))
    expect(error.refusal.kind).toBe('unavailable')
    expect(error.status).toBeLessThan(500)
  })
})

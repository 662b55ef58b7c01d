// Review requests (issue 33 item 4, ADR 034 "Review requests") against the fake Google on
// 127.0.0.1: a linked place's Google review link from its place id, and the same email and SMS for
// every customer; a place not linked, or a profile Google has no place id for, has no link; without
// a Google client the link is a labelled sample; another owner's location is a 404.
import { reviewRequestSchema, type ReviewRequest } from '@localseo/shared/review-requests'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { expectShape } from '../../testing/contract.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { connectGoogle } from '../../testing/google-owner.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const ROUTE = '/api/business-profile'
const AUSTIN = 'locations/4815162342'
/** The personal account's mobile hygienist: a service-area profile Google gives no place id. */
const MOBILE = 'locations/5772156649'
const AUSTIN_LINK =
  'https://search.google.com/local/writereview?placeid=ChIJLwPMoJm1RIYRetVp1EtGm10'

let fake: FakeGoogle
let t: TestApp

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  fake.revokeAll()
})
afterEach(() => t.close())

async function start(google = true) {
  t = await createTestApp({
    clock: createTestClock(new Date('2026-03-10T15:00:00Z')),
    env: google ? { ...fake.env, SECRETS_KEY } : {},
  })
}

/** The Austin dentist with a Round Rock location, connected to Google when the server has a client. */
async function owner(email: string, google = true) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  await call('PUT', '/api/business', businessInput)
  const added = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Bright Smile Round Rock'),
  )
  if (google) {
    expect(await connectGoogle(t.app, session.accessToken, 'business-profile')).toBe(
      '/settings?google=connected',
    )
  }
  return Object.assign(call, { roundRock: added.body.locations[0]!.id })
}

const request = async (call: Awaited<ReturnType<typeof owner>>, location: string) => {
  const res = await call<ReviewRequest>('GET', `${ROUTE}/review-requests?location=${location}`)
  expect(res.status).toBe(200)
  expectShape(reviewRequestSchema, res.body)
  return res.body
}

describe('the review link and the texts', () => {
  test("a linked place's Google review link from its place id, in one email and one SMS for every customer", async () => {
    await start()
    const call = await owner('owner@example.com')
    expect((await call('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })).status).toBe(200)

    const main = await request(call, 'main')
    expect(main).toMatchObject({
      location: 'main',
      name: 'Bright Smile Dental',
      link: { googleLocation: AUSTIN, title: 'Bright Smile Dental' },
      reviewUrl: AUSTIN_LINK,
      sample: false,
    })
    expect(main.texts?.email.subject).toBe('How was your visit to Bright Smile Dental?')
    expect(main.texts?.email.body).toContain('Thank you for choosing Bright Smile Dental.')
    expect(main.texts?.email.body).toContain(`Write your review here: ${AUSTIN_LINK}`)
    expect(main.texts?.sms).toBe(
      `Thank you for choosing Bright Smile Dental! Would you share your experience in a Google review? ${AUSTIN_LINK}`,
    )
    // No 'were you happy?' step: nothing in the texts asks how it went before sending to Google.
    expect(JSON.stringify(main.texts)).not.toMatch(/happy|unhappy|feedback form|rate us/i)

    // The default place is the business itself.
    expect((await call<ReviewRequest>('GET', `${ROUTE}/review-requests`)).body).toEqual(main)
  })

  test('a place not linked has no link; a profile Google has no place id for has no review link yet', async () => {
    await start()
    const call = await owner('owner@example.com')
    expect(await request(call, call.roundRock)).toEqual({
      location: call.roundRock,
      name: 'Bright Smile Round Rock',
      link: null,
      reviewUrl: null,
      texts: null,
      sample: false,
    })
    const linked = await call('PUT', `${ROUTE}/links/${call.roundRock}`, { googleLocation: MOBILE })
    expect(linked.status).toBe(200)
    expect(await request(call, call.roundRock)).toMatchObject({
      link: { googleLocation: MOBILE, placeId: null },
      reviewUrl: null,
      texts: null,
    })
  })

  test('without a Google client the link is a sample, with a sample place id, and goes with the sample data', async () => {
    await start(false)
    const call = await owner('owner@example.com', false)
    const saved = await call('PUT', `${ROUTE}/links/main`, {
      googleLocation: 'locations/sample-main',
    })
    expect(saved.status).toBe(200)
    const main = await request(call, 'main')
    expect(main).toMatchObject({
      sample: true,
      link: { googleLocation: 'locations/sample-main', placeId: 'sample-place-main' },
      reviewUrl: 'https://search.google.com/local/writereview?placeid=sample-place-main',
    })
    expect(main.texts?.sms).toContain(main.reviewUrl)

    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
    expect(await request(call, 'main')).toMatchObject({ link: null, reviewUrl: null })
  })
})

describe('tenant scoping and bad input', () => {
  test("another owner's location is a 404; a bad location is a 422", async () => {
    await start()
    const call = await owner('owner@example.com')
    expect((await call('PUT', `${ROUTE}/links/main`, { googleLocation: AUSTIN })).status).toBe(200)
    const other = await owner('other@example.com')
    const foreign = await other('GET', `${ROUTE}/review-requests?location=${call.roundRock}`)
    expect(foreign.status).toBe(404)
    // Their own main place is not linked: never the first owner's link.
    expect(await request(other, 'main')).toMatchObject({ link: null, reviewUrl: null })
    const bad = await call('GET', `${ROUTE}/review-requests?location=${'x'.repeat(101)}`)
    expect(bad.status).toBe(422)
    expect((await call('GET', `${ROUTE}/review-requests?location=`)).status).toBe(422)
  })
})

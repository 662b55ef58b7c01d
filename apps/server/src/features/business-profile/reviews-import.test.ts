// The daily reviews import and the reviews routes (issue 33 items 2 and 8, ADR 034 "Reviews
// import") against the fake Google on 127.0.0.1: every page first, then only what changed; a second
// import changes nothing; a review deleted at Google goes at the weekly full read; Google's refusals
// are the import's outcome and store nothing; a revoked grant asks to reconnect; sample links get
// sample reviews that go with the other sample data; the routes filter, page and summarise one
// place's reviews and another owner gets 404.
import { automationQueue, type Schedule } from '@localseo/shared/automation'
import {
  reviewsPageSchema,
  reviewsSummarySchema,
  type ReviewsPage,
  type ReviewsSummary,
} from '@localseo/shared/business-profile'
import { asc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { businessProfileLinks, businessProfileReviews } from '../../db/schema/business-profile.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { expectShape } from '../../testing/contract.js'
import { GBP_ACCOUNT } from '../../testing/fake-business-profile.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput } from '../../testing/factories.js'
import { linkedProfileOwner } from '../../testing/business-profile-owner.js'
import { importProfileReviews } from './reviews-import.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const ROUTE = '/api/business-profile'
const AUSTIN = 'locations/4815162342'
const REVIEW = `${GBP_ACCOUNT}/${AUSTIN}/reviews`
const DAY = 86_400

let fake: FakeGoogle
let t: TestApp
let clock: ReturnType<typeof createTestClock>

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  fake.businessProfile.resetReplies()
  fake.revokeAll()
  fake.calls.length = 0
})
afterEach(() => t.close())

async function start(options: { google?: boolean; jobs?: boolean } = {}) {
  t = await createTestApp({
    clock,
    jobs: options.jobs,
    env: options.google === false ? {} : { ...fake.env, SECRETS_KEY },
  })
}

/** The Austin dentist with a Round Rock location; its main place linked to the recorded profile. */
const linkedOwner = (email: string, googleLocation?: string) =>
  linkedProfileOwner(t, email, googleLocation)

const stored = (businessId: string) =>
  t.db
    .select()
    .from(businessProfileReviews)
    .where(eq(businessProfileReviews.businessId, businessId))
    .orderBy(asc(businessProfileReviews.name))

const link = async (businessId: string) =>
  (
    await t.db
      .select()
      .from(businessProfileLinks)
      .where(eq(businessProfileLinks.businessId, businessId))
  )[0]!

const reviewCalls = () => fake.calls.filter((c) => c.endsWith('/reviews'))

describe('importing reviews', () => {
  test('the first import reads every page; the next asks only what changed, and a second import changes nothing', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const first = await importProfileReviews(t.deps, call.businessId)
    expect(first?.outcome).toBe('Business Profile reviews: 3 new reviews over 1 location')
    expect(reviewCalls()).toHaveLength(2)
    const rows = await stored(call.businessId)
    expect(
      rows.map((r) => [r.reviewerName, r.rating, r.replyComment !== null, r.reviewerAnonymous]),
    ).toEqual([
      ['A Google user', 5, false, true],
      ['Tom B.', 2, true, false],
      ['Maria Gonzalez', 5, false, false],
    ])
    expect(rows.every((r) => r.locationKey === 'main' && !r.sample)).toBe(true)
    expect(rows[2]!.reviewerPhotoUrl).toBe('https://lh3.googleusercontent.com/a/maria')
    expect(await link(call.businessId)).toMatchObject({
      reviewsImportStatus: 'ok',
      reviewsImportedAt: new Date('2026-03-10T15:00:00Z'),
      reviewsFullImportAt: new Date('2026-03-10T15:00:00Z'),
    })

    // The next day: one page, stopping at reviews not changed since the day before the last import.
    clock.advance(DAY)
    fake.calls.length = 0
    const second = await importProfileReviews(t.deps, call.businessId)
    expect(second?.outcome).toBe('Business Profile reviews: 0 new reviews over 1 location')
    expect(reviewCalls()).toHaveLength(1)
    // Read again in full (a week later), the same reviews leave every row as it was.
    clock.advance(7 * DAY)
    await importProfileReviews(t.deps, call.businessId)
    expect(reviewCalls()).toHaveLength(3)
    expect(await stored(call.businessId)).toEqual(rows)
  })

  test('a new review is stored at the next import; one deleted at Google goes at the weekly full read', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfileReviews(t.deps, call.businessId)
    clock.advance(DAY)
    fake.businessProfile.addReview({
      name: `${REVIEW}/NewOne`,
      reviewer: { displayName: 'Jo K.' },
      starRating: 'ONE',
      comment: 'Never called back.',
      createTime: '2026-03-11T09:00:00Z',
      updateTime: '2026-03-11T09:00:00Z',
    })
    const next = await importProfileReviews(t.deps, call.businessId)
    expect(next?.results[0]).toMatchObject({ first: false, title: 'Bright Smile Dental' })
    expect(next?.results[0]?.added).toEqual([
      { name: `${REVIEW}/NewOne`, rating: 1, reviewer: 'Jo K.', comment: 'Never called back.' },
    ])
    expect(await stored(call.businessId)).toHaveLength(4)

    // Deleted at Google: the daily read (changes only) cannot see it, the weekly full read can.
    fake.businessProfile.resetReplies()
    clock.advance(DAY)
    await importProfileReviews(t.deps, call.businessId)
    expect(await stored(call.businessId)).toHaveLength(4)
    clock.advance(6 * DAY)
    const full = await importProfileReviews(t.deps, call.businessId)
    expect(full?.results[0]?.removed).toBe(1)
    expect((await stored(call.businessId)).map((r) => r.name)).not.toContain(`${REVIEW}/NewOne`)
  })

  test("Google's 429 and 403 are the import's outcome: nothing stored, nothing thrown, the next run tries again", async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.businessProfile.failBusinessProfile('quota')
    const refused = await importProfileReviews(t.deps, call.businessId)
    expect(refused?.outcome).toContain('1 not imported: Google Business Profile refused:')
    expect(await stored(call.businessId)).toEqual([])
    expect(await link(call.businessId)).toMatchObject({
      reviewsImportStatus: 'failed',
      reviewsImportedAt: null,
    })
    fake.businessProfile.failBusinessProfile('denied')
    expect((await importProfileReviews(t.deps, call.businessId))?.results[0]?.reason).toContain(
      'cannot manage that Business Profile',
    )
    // The summary route says what Google refused.
    const summary = await call<ReviewsSummary>('GET', `${ROUTE}/reviews/summary?location=main`)
    expect(summary.body.import).toMatchObject({ status: 'failed' })

    fake.businessProfile.failBusinessProfile(null)
    await importProfileReviews(t.deps, call.businessId)
    expect(await stored(call.businessId)).toHaveLength(3)
  })

  test("a grant revoked at Google: the connection reads 'Reconnect' and nothing is stored or asked again", async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.revokeAll()
    const revoked = await importProfileReviews(t.deps, call.businessId)
    expect(revoked?.results[0]?.status).toBe('failed')
    expect(await stored(call.businessId)).toEqual([])
    const status = await call<{ connection: string }>('GET', ROUTE)
    expect(status.body.connection).toBe('revoked')
    fake.calls.length = 0
    expect((await importProfileReviews(t.deps, call.businessId))?.outcome).toBe(
      'Business Profile reviews: reconnect Google to import again',
    )
    expect(reviewCalls()).toEqual([])
  })

  test('another profile location linked to the place: the reviews of the one before go', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfileReviews(t.deps, call.businessId)
    await call('PUT', `${ROUTE}/links/main`, { googleLocation: 'locations/2718281828' })
    expect(await stored(call.businessId)).toEqual([])
    expect((await link(call.businessId)).reviewsImportedAt).toBeNull()
  })

  test('a saved link is imported at once by the daily Google import’s job; Settings shows its outcome', async () => {
    await start({ jobs: true })
    const call = await linkedOwner('owner@example.com')
    await t.deps.jobs.whenIdle()
    expect(await stored(call.businessId)).toHaveLength(3)
    const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    expect(body.schedules.find((s) => s.kind === 'google_import')?.lastOutcome).toContain(
      'Business Profile reviews: 3 new reviews over 1 location',
    )
    // The planner's daily run is the same job: again, nothing new.
    await t.deps.jobs.send(
      automationQueue('google_import'),
      { businessId: call.businessId },
      call.businessId,
    )
    await t.deps.jobs.whenIdle()
    const again = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    expect(again.body.schedules.find((s) => s.kind === 'google_import')?.lastOutcome).toContain(
      'Business Profile reviews: 0 new reviews over 1 location',
    )
  })
})

describe('without a Google client', () => {
  test('a sample link gets sample reviews, the same at every import, removed with the other sample data', async () => {
    await start({ google: false })
    const call = await linkedOwner('owner@example.com', 'locations/sample-main')
    const first = await importProfileReviews(t.deps, call.businessId)
    expect(first?.outcome).toBe('Business Profile reviews (sample): 14 new reviews over 1 location')
    const rows = await stored(call.businessId)
    expect(rows.every((r) => r.sample)).toBe(true)
    expect(rows.every((r) => r.createTime < new Date('2026-03-10T15:00:00Z'))).toBe(true)
    const page = await call<ReviewsPage>('GET', `${ROUTE}/reviews?location=main`)
    expect(page.body.total).toBe(14)
    expect(page.body.reviews.every((r) => r.sample)).toBe(true)
    expect((await call<ReviewsSummary>('GET', `${ROUTE}/reviews/summary`)).body.count).toBe(14)

    // A later day's import writes exactly the same sample reviews.
    clock.advance(DAY)
    await importProfileReviews(t.deps, call.businessId)
    expect(await stored(call.businessId)).toEqual(rows)

    clock.set(new Date('2026-03-10T15:00:00Z'))
    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
    expect(await stored(call.businessId)).toEqual([])
  })
})

describe('the reviews routes', () => {
  test('one place’s reviews newest first, filtered by rating, reply, dates and words, and its summary', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfileReviews(t.deps, call.businessId)
    const all = await call<ReviewsPage>('GET', `${ROUTE}/reviews?location=main`)
    expect(all.status).toBe(200)
    expectShape(reviewsPageSchema, all.body)
    expect(all.body.reviews.map((r) => r.reviewer)).toEqual([
      'Maria Gonzalez',
      'Tom B.',
      'A Google user',
    ])
    expect(all.body).toMatchObject({ page: 1, pageSize: 20, total: 3 })
    expect(all.body.import).toMatchObject({ status: 'ok', importedAt: '2026-03-10T15:00:00.000Z' })

    const names = async (query: string) =>
      (await call<ReviewsPage>('GET', `${ROUTE}/reviews?location=main&${query}`)).body.reviews.map(
        (r) => r.reviewer,
      )
    expect(await names('rating=2')).toEqual(['Tom B.'])
    expect(await names('replied=true')).toEqual(['Tom B.'])
    expect(await names('replied=false&rating=5')).toEqual(['Maria Gonzalez', 'A Google user'])
    expect(await names('from=2026-03-01&to=2026-03-02')).toEqual(['Tom B.'])
    expect(await names('q=cracked%20tooth')).toEqual(['Maria Gonzalez'])
    expect(await names('q=100%25')).toEqual([])
    expect(await names('page=2')).toEqual([])
    // Another place of ours has no link: nothing, and no import to show.
    const roundRock = await call<ReviewsPage>('GET', `${ROUTE}/reviews?location=${call.roundRock}`)
    expect(roundRock.body).toMatchObject({ total: 0, import: null })

    const summary = await call<ReviewsSummary>('GET', `${ROUTE}/reviews/summary?location=main`)
    expectShape(reviewsSummarySchema, summary.body)
    expect(summary.body).toMatchObject({
      count: 3,
      average: 4,
      distribution: [0, 1, 0, 0, 2],
      responseRate: 0.33,
      // Tom's review at 2026-03-02T14:05:44Z, answered 2026-03-05T09:12:00Z.
      medianReplyHours: 67.1,
    })
    expect(summary.body.months).toHaveLength(12)
    // Over time: March's two reviews, Tom's answered after 67.1 hours; February's not answered.
    expect(summary.body.months.at(-1)).toEqual({
      month: '2026-03',
      count: 2,
      average: 3.5,
      responseRate: 0.5,
      medianReplyHours: 67.1,
    })
    expect(summary.body.months.at(-2)).toEqual({
      month: '2026-02',
      count: 1,
      average: 5,
      responseRate: 0,
      medianReplyHours: null,
    })
    expect(summary.body.months[0]).toEqual({
      month: '2025-04',
      count: 0,
      average: null,
      responseRate: null,
      medianReplyHours: null,
    })
  })

  test('date filters and months are days and months where the business is, not UTC’s', async () => {
    // 2026-03-31T16:00Z is already April 1 in Tokyo (UTC+9).
    clock.set(new Date('2026-03-31T16:00:00Z'))
    await start()
    const call = await linkedOwner('owner@example.com')
    // Maria's review, 2026-03-08T16:21Z, was written on March 9 in Tokyo.
    const saved = await call('PUT', '/api/business', { ...businessInput, timeZone: 'Asia/Tokyo' })
    expect(saved.status).toBe(200)
    await importProfileReviews(t.deps, call.businessId)
    const names = async (query: string) =>
      (await call<ReviewsPage>('GET', `${ROUTE}/reviews?location=main&${query}`)).body.reviews.map(
        (r) => r.reviewer,
      )
    expect(await names('from=2026-03-09&to=2026-03-09')).toEqual(['Maria Gonzalez'])
    expect(await names('from=2026-03-08&to=2026-03-08')).toEqual([])
    expect(await names('to=2026-03-08')).toEqual(['Tom B.', 'A Google user'])

    // The last of the 12 months is Tokyo's April; March keeps both of its reviews.
    const summary = await call<ReviewsSummary>('GET', `${ROUTE}/reviews/summary?location=main`)
    expect(summary.body.months.at(-1)).toMatchObject({ month: '2026-04', count: 0, average: null })
    expect(summary.body.months.at(-2)).toMatchObject({ month: '2026-03', count: 2, average: 3.5 })
  })

  test('bad queries are 422; another owner’s location is 404 and they never see the reviews', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await importProfileReviews(t.deps, call.businessId)
    for (const query of [
      'rating=6',
      'replied=maybe',
      'from=yesterday',
      'page=0',
      'from=2026-03-02&to=2026-03-01',
      `q=${'a'.repeat(101)}`,
    ]) {
      expect((await call('GET', `${ROUTE}/reviews?location=main&${query}`)).status).toBe(422)
    }
    const other = await linkedOwner('other@example.com')
    for (const path of ['reviews', 'reviews/summary']) {
      const foreign = await other('GET', `${ROUTE}/${path}?location=${call.roundRock}`)
      expect(foreign.status).toBe(404)
    }
    // The other owner's main place: their own (empty) reviews, never the first owner's.
    const own = await other<ReviewsPage>('GET', `${ROUTE}/reviews?location=main`)
    expect(own.body.total).toBe(0)
  })
})

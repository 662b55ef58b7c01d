import { count, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { KeywordAnalysisRecord } from '@localseo/shared/keywords'
import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import { activities } from '../../db/schema/activities.js'
import { businesses } from '../../db/schema/business.js'
import { keywords } from '../../db/schema/keywords.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signIn, signUp } from '../../testing/auth.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { keywordAnalysisResponseSchema } from '@localseo/shared/keywords'
import { expectShape } from '../../testing/contract.js'
import { analyseAndFinish } from '../../testing/keyword-analyses.js'
import { simulatedPosition } from './rank-provider.js'

let t: TestApp
let token: string
let email: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

interface Body {
  analysis: KeywordAnalysisRecord
  keyword: KeywordRecord
  keywords: (KeywordRecord & PlannerKeyword)[]
  id: string
  error: { code: string; message: string; issues?: { path: string; message: string }[] }
}

const call = (method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<Body>(method, path, body, bearer)

async function ownerWithBusiness(bearer = token, name = businessInput.name) {
  await call('PUT', '/api/business', { ...businessInput, name }, bearer)
  clock.advance(60)
}

const rowCount = async () => (await t.db.select({ n: count() }).from(keywords))[0]?.n ?? 0
const activityCount = async () => (await t.db.select({ n: count() }).from(activities))[0]?.n ?? 0

beforeEach(async () => {
  clock.set(new Date('2026-03-10T15:00:00Z'))
  t = await createTestApp({ clock })
  const session = await signUp(t.app)
  token = session.accessToken
  email = session.email
})
afterEach(() => t.close())

describe('POST /api/keywords/analyse', () => {
  test('needs a signed-in user', async () => {
    const res = await t.app.request('/api/keywords/analyse', { method: 'POST' })
    expect(res.status).toBe(401)
  })

  test.each([
    [{ keyword: '' }, 'Please enter a keyword to analyze'],
    [{ keyword: '   ' }, 'Please enter a keyword to analyze'],
    [{ keyword: 'x'.repeat(101) }, 'Keywords are at most 100 characters.'],
    [{}, expect.any(String)],
    [{ keyword: 42 }, expect.any(String)],
  ])('refuses %j with a 422 and writes nothing', async (body, message) => {
    await ownerWithBusiness()
    const [rows, events] = [await rowCount(), await activityCount()]
    const { status, body: res } = await call('POST', '/api/keywords/analyse', body)
    expect(status).toBe(422)
    expect(res.error.code).toBe('validation_failed')
    expect(res.error.issues?.[0]?.message).toEqual(message)
    expect(await rowCount()).toBe(rows)
    expect(await activityCount()).toBe(events)
  })

  test('malformed JSON is a 400, not a 5xx', async () => {
    await ownerWithBusiness()
    const res = await t.app.request('/api/keywords/analyse', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"keyword":',
    })
    expect(res.status).toBe(400)
  })

  test('without a business it is a 404 and nothing is written', async () => {
    const { status, body } = await call('POST', '/api/keywords/analyse', { keyword: 'dentist' })
    expect(status).toBe(404)
    expect(body.error.message).toBe('Add your business information in Settings first.')
    expect(await rowCount()).toBe(0)
  })

  test("another business's location is a 404", async () => {
    const other = await signUp(t.app)
    await ownerWithBusiness(other.accessToken, 'Other Dental')
    const { body: added } = await apiCaller(t.app, () => other.accessToken)<{
      locations: { id: string }[]
    }>('POST', '/api/business/locations', locationInput('Round Rock'))
    await ownerWithBusiness()
    const { status } = await call('POST', '/api/keywords/analyse', {
      keyword: 'dentist',
      locationId: added.locations[0]!.id,
    })
    expect(status).toBe(404)
  })

  test('answers at once with the analysis pending and stores the keyword with its position of today', async () => {
    await ownerWithBusiness()
    const { status, body } = await call('POST', '/api/keywords/analyse', {
      keyword: '  Teeth Whitening   Austin ',
    })
    expect(status).toBe(202)
    expect(body.analysis).toMatchObject({
      keyword: 'teeth whitening austin',
      keywordId: body.keyword.id,
      status: 'pending',
      result: null,
      failure: null,
      finishedAt: null,
    })
    const [business] = await t.db.select().from(businesses)
    const position = simulatedPosition({
      businessId: business!.id,
      locationId: 'main',
      city: 'Austin',
      keyword: 'teeth whitening austin',
      day: '2026-03-10',
    })
    expect(body.keyword).toMatchObject({
      keyword: 'teeth whitening austin',
      position,
      // A first-ever analysis has nothing to compare with: no change (issue 15 item 1).
      previousPosition: null,
      positionSource: { kind: 'simulated' },
      volumeSource: { kind: 'estimate' },
      sample: false,
    })

    const list = await call('GET', '/api/keywords')
    expect(list.body.keywords).toHaveLength(6) // the five sample keywords and this one
    expect(list.body.keywords[0]?.keyword).toBe('teeth whitening austin')

    const [activity] = await t.db
      .select()
      .from(activities)
      .where(eq(activities.kind, 'keyword_analysed'))
    expect(activity?.message).toBe('Keyword analysed: teeth whitening austin')
  })

  test('the job finishes the analysis with the same figures as the keyword record', async () => {
    await ownerWithBusiness()
    const done = await analyseAndFinish(t, call, { keyword: 'teeth whitening austin' })
    expect(done.analysis.source).toBe('built-in')
    expect(done.analysis.recommendations.length).toBeGreaterThan(0)
    expect(done.keyword).toMatchObject({
      volume: done.analysis.searchVolume,
      difficulty: done.analysis.competition?.toLowerCase(),
    })
    const read = await call('GET', `/api/keywords/analyses/${done.id}`)
    expectShape(keywordAnalysisResponseSchema, read.body)
    expect(read.body.analysis).toMatchObject({
      status: 'done',
      failure: null,
      finishedAt: '2026-03-10T15:01:00.000Z',
    })
  })

  test('analysing again is the same keyword: same position all day, the old one becomes the previous', async () => {
    await ownerWithBusiness()
    const first = (await call('POST', '/api/keywords/analyse', { keyword: 'dentist open now' }))
      .body.keyword
    const again = (await call('POST', '/api/keywords/analyse', { keyword: 'Dentist open now' }))
      .body.keyword
    expect(again).toMatchObject({ id: first.id, position: first.position, previousPosition: null })
    // Find a later day on which the simulated position moved.
    const [business] = await t.db.select().from(businesses)
    const on = (day: string) =>
      simulatedPosition({
        businessId: business!.id,
        locationId: 'main',
        city: 'Austin',
        keyword: 'dentist open now',
        day,
      })
    // Day by day from 10 March, through the month's end (a position held at 1 by a low base and a
    // falling drift can stay there for weeks, whatever the business's random id gives).
    const dayAfter = (n: number) => new Date(Date.UTC(2026, 2, 10 + n)).toISOString().slice(0, 10)
    let days = 1
    while (on(dayAfter(days)) === first.position) {
      days += 1
      if (days > 365) throw new Error('the simulated position did not move within a year')
    }
    clock.advance(days * 86_400)
    // The access token has expired by then: sign in again, as the owner would.
    token = (await signIn(t.app, { email, password: 'correct horse battery' })).accessToken
    const later = (await call('POST', '/api/keywords/analyse', { keyword: 'dentist open now' }))
      .body.keyword
    expect(later).toMatchObject({ id: first.id, previousPosition: first.position })
    expect(later.position).toBe(on(dayAfter(days)))
    expect(later.createdAt).toBe(first.createdAt)
    const rows = await t.db.select().from(keywords).where(eq(keywords.keyword, 'dentist open now'))
    expect(rows).toHaveLength(1)
  })

  test('nonsense gets no estimate, and the analysis says so instead of inventing searches', async () => {
    await ownerWithBusiness()
    const done = await analyseAndFinish(t, call, { keyword: 'zzzzqqq nothing' })
    expect(done.analysis.searchVolume).toBeNull()
    expect(done.analysis.competition).toBeNull()
    expect(done.analysis.aiAnalysis).toContain('no estimate')
    expect(done.keyword).toMatchObject({ volume: null, difficulty: null })
  })
})

describe('GET /api/keywords', () => {
  test('without a business the list is empty', async () => {
    expect((await call('GET', '/api/keywords')).body).toEqual({ keywords: [] })
  })

  test('is bounded to the newest 100', async () => {
    await ownerWithBusiness()
    const [business] = await t.db.select().from(businesses)
    await t.db.insert(keywords).values(
      Array.from({ length: 120 }, (_, i) => ({
        businessId: business!.id,
        keyword: `keyword ${i}`,
        keywordKey: `keyword ${i}`,
        analysedAt: new Date(Date.UTC(2026, 3, 1, 0, i)),
      })),
    )
    const { body } = await call('GET', '/api/keywords')
    expect(body.keywords).toHaveLength(100)
    expect(body.keywords[0]?.keyword).toBe('keyword 119')
  })

  test("another owner never sees this owner's keyword records", async () => {
    await ownerWithBusiness()
    await call('POST', '/api/keywords/analyse', { keyword: 'secret keyword' })
    const other = await signUp(t.app)
    expect(
      (await call('GET', '/api/keywords', undefined, other.accessToken)).body.keywords,
    ).toEqual([])
    await ownerWithBusiness(other.accessToken, 'Other Dental')
    const { body } = await call('GET', '/api/keywords', undefined, other.accessToken)
    expect(body.keywords.map((k) => k.keyword)).not.toContain('secret keyword')
    expect(body.keywords).toHaveLength(5)
  })
})

describe('GET /api/keywords/suggestions', () => {
  test('eight relevant estimates the owner does not track yet', async () => {
    await ownerWithBusiness()
    const tracked = (await call('GET', '/api/keywords')).body.keywords.map((k) => k.keyword)
    const { status, body } = await call('GET', '/api/keywords/suggestions')
    expect(status).toBe(200)
    expect(body.keywords).toHaveLength(8)
    for (const k of body.keywords) {
      expect(tracked).not.toContain(k.keyword)
      expect(k.relevance).toBe('high')
    }
  })

  test('needs a business, and the location must be its own', async () => {
    expect((await call('GET', '/api/keywords/suggestions')).status).toBe(404)
    await ownerWithBusiness()
    expect((await call('GET', '/api/keywords/suggestions?location=loc_nope')).status).toBe(404)
    expect(
      (await call('GET', `/api/keywords/suggestions?location=${'x'.repeat(101)}`)).status,
    ).toBe(422)
  })
})

import { count, isNotNull } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Business } from '@localseo/shared/business'
import { describeKeyword, type PlannerKeyword } from '@localseo/shared/keyword-engine'
import { estimatedKeywordsResponseSchema } from '@localseo/shared/planner'
import { keywords } from '../../db/schema/keywords.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { expectShape } from '../../testing/contract.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { createSimulatedKeywordProvider } from '../../testing/rank-providers.js'
import type { SavedKeyword } from './planner.service.js'

let t: TestApp
let token: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

interface Body {
  keywords: (PlannerKeyword & Partial<SavedKeyword>)[]
  keyword: SavedKeyword
  business: Business
  locations: { id: string }[]
  error: { code: string; message: string }
}

const call = (method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<Body>(method, path, body, bearer)

async function ownerWithBusiness(bearer = token, name = businessInput.name) {
  return (await call('PUT', '/api/business', { ...businessInput, name }, bearer)).body.business
}

const savedCount = async () =>
  (await t.db.select({ n: count() }).from(keywords).where(isNotNull(keywords.savedAt)))[0]?.n ?? 0

beforeEach(async () => {
  t = await createTestApp({ clock })
  token = (await signUp(t.app)).accessToken
})
afterEach(() => t.close())

describe('POST /api/planner/search', () => {
  test('needs a signed-in user and a named business', async () => {
    expect((await t.app.request('/api/planner/search', { method: 'POST' })).status).toBe(401)
    expect((await call('POST', '/api/planner/search', {})).status).toBe(404)
  })

  test('answers at least 40 estimated ideas for the business, by volume by default', async () => {
    await ownerWithBusiness()
    const { status, body } = await call('POST', '/api/planner/search', {})
    expect(status).toBe(200)
    expect(body.keywords.length).toBeGreaterThanOrEqual(40)
    const volumes = body.keywords.map((k) => k.volume ?? -1)
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a))
    expect(body.keywords.map((k) => k.keyword)).toContain('dentist austin')
  })

  test('filters by intent and difficulty and sorts by CPC', async () => {
    await ownerWithBusiness()
    const { body } = await call('POST', '/api/planner/search', {
      intent: 'local',
      difficulty: 'low',
      sort: 'cpc',
    })
    expectShape(estimatedKeywordsResponseSchema, body)
    expect(body.keywords.length).toBeGreaterThan(0)
    for (const k of body.keywords) {
      expect(k.intent).toBe('local')
      expect(k.difficulty).toBe('low')
    }
    const cpcs = body.keywords.map((k) => k.cpc ?? -1)
    expect(cpcs).toEqual([...cpcs].sort((a, b) => b - a))
  })

  test('a search term leads the ideas', async () => {
    await ownerWithBusiness()
    const { body } = await call('POST', '/api/planner/search', {
      q: 'Invisalign',
      sort: 'relevance',
    })
    expect(body.keywords.map((k) => k.keyword)).toContain('invisalign near me')
  })

  test('nonsense finds no ideas, not estimates wrapped around it (issue 32 item 4)', async () => {
    await ownerWithBusiness()
    const { status, body } = await call('POST', '/api/planner/search', {
      q: 'zzqqxx unicorn grooming',
    })
    expect(status).toBe(200)
    expect(body.keywords).toEqual([])
  })

  test.each([
    { intent: 'everything' },
    { difficulty: 'impossible' },
    { sort: 'alphabet' },
    { q: 'x'.repeat(101) },
    { location: 'x'.repeat(101) },
  ])('refuses %o with a 422', async (search) => {
    await ownerWithBusiness()
    const { status, body } = await call('POST', '/api/planner/search', search)
    expect(status).toBe(422)
    expect(body.error.code).toBe('validation_failed')
  })

  test("another owner's location is a 404", async () => {
    const other = await signUp(t.app)
    await ownerWithBusiness(other.accessToken, 'Other Dental')
    const added = await call(
      'POST',
      '/api/business/locations',
      locationInput('Round Rock'),
      other.accessToken,
    )
    await ownerWithBusiness()
    const id = added.body.locations[0]!.id
    expect((await call('POST', '/api/planner/search', { location: id })).status).toBe(404)
    expect(
      (await call('POST', '/api/planner/search', { location: id }, other.accessToken)).status,
    ).toBe(200)
  })

  test('the simulated provider waits 1.5 s only when delays are on (off in tests)', async () => {
    const business = await ownerWithBusiness()
    expect(t.deps.env.SIMULATED_DELAYS).toBe(false)
    vi.useFakeTimers()
    try {
      let done = false
      void createSimulatedKeywordProvider({ delays: true })
        .ideas({ business })
        .then(() => (done = true))
      await vi.advanceTimersByTimeAsync(1499)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(done).toBe(true)

      done = false
      void createSimulatedKeywordProvider({ delays: false })
        .ideas({ business })
        .then(() => (done = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(done).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('saved keywords', () => {
  test('save stores the engine figures for the keyword and lists it', async () => {
    const business = await ownerWithBusiness()
    const { status, body } = await call('POST', '/api/planner/saved', {
      keyword: '  Dentist   AUSTIN ',
    })
    expect(status).toBe(201)
    const { keyword, volume, difficulty, cpc, competition, relevance, intent, trend } = body.keyword
    expect({ keyword, volume, difficulty, cpc, competition, relevance, intent, trend }).toEqual(
      describeKeyword('dentist austin', business),
    )
    const list = await call('GET', '/api/planner/saved')
    expect(list.body.keywords.map((k) => k.keyword)).toEqual(['dentist austin'])
  })

  test('saving the same keyword text twice is a 409 and stores one row', async () => {
    await ownerWithBusiness()
    expect((await call('POST', '/api/planner/saved', { keyword: 'dentist austin' })).status).toBe(
      201,
    )
    const again = await call('POST', '/api/planner/saved', { keyword: 'Dentist Austin' })
    expect(again.status).toBe(409)
    expect(again.body.error.message).toBe('This keyword is already saved.')
    expect(await savedCount()).toBe(1)
  })

  test('two owners may save the same keyword', async () => {
    await ownerWithBusiness()
    const other = await signUp(t.app)
    await ownerWithBusiness(other.accessToken, 'Other Dental')
    expect((await call('POST', '/api/planner/saved', { keyword: 'dentist austin' })).status).toBe(
      201,
    )
    expect(
      (await call('POST', '/api/planner/saved', { keyword: 'dentist austin' }, other.accessToken))
        .status,
    ).toBe(201)
  })

  test.each([
    { keyword: '' },
    { keyword: '   ' },
    { keyword: 'x'.repeat(101) },
    {},
    { keyword: [] },
  ])('refuses %j with a 422 and writes nothing', async (body) => {
    await ownerWithBusiness()
    expect((await call('POST', '/api/planner/saved', body)).status).toBe(422)
    expect(await savedCount()).toBe(0)
  })

  test('saving without a business is a 404', async () => {
    expect((await call('POST', '/api/planner/saved', { keyword: 'dentist' })).status).toBe(404)
    expect((await call('GET', '/api/planner/saved')).body.keywords).toEqual([])
  })

  test('remove deletes the saved keyword; a second remove is a 404', async () => {
    await ownerWithBusiness()
    const { body } = await call('POST', '/api/planner/saved', { keyword: 'dentist austin' })
    expect(
      (
        await t.app.request(`/api/planner/saved/${body.keyword.id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(204)
    expect((await call('GET', '/api/planner/saved')).body.keywords).toEqual([])
    expect((await call('DELETE', `/api/planner/saved/${body.keyword.id}`)).status).toBe(404)
    expect((await call('DELETE', '/api/planner/saved/not-a-uuid')).status).toBe(422)
  })

  test("another owner never sees or removes this owner's saved keywords", async () => {
    await ownerWithBusiness()
    const { body } = await call('POST', '/api/planner/saved', { keyword: 'secret keyword' })
    const other = await signUp(t.app)
    expect(
      (await call('GET', '/api/planner/saved', undefined, other.accessToken)).body.keywords,
    ).toEqual([])
    expect(
      (await call('DELETE', `/api/planner/saved/${body.keyword.id}`, undefined, other.accessToken))
        .status,
    ).toBe(404)
    await ownerWithBusiness(other.accessToken, 'Other Dental')
    expect(
      (await call('GET', '/api/planner/saved', undefined, other.accessToken)).body.keywords,
    ).toEqual([])
    expect(
      (await call('DELETE', `/api/planner/saved/${body.keyword.id}`, undefined, other.accessToken))
        .status,
    ).toBe(404)
    expect(await savedCount()).toBe(1)
  })
})

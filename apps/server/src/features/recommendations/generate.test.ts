import { eq } from 'drizzle-orm'
import type { SeoTaskSuggestion, SeoTaskSuggestions } from '@localseo/shared/ai'
import type { SeoTask } from '@localseo/shared/progress'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createAiServiceFromEnv, type AiService } from '../../ai/ai-service.js'
import { recommendationsFailed } from '../../ai/fallbacks.js'
import { startOpenAiStub } from '../../ai/testing/openai-stub.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { insertKeyword } from '../../testing/keywords.js'

interface GenerateBody {
  added: SeoTask[]
  source: string
  error?: { code: string; message: string }
}

let t: TestApp
let token: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
const call = <T = GenerateBody>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<T>(method, path, body, bearer)
const generate = (bearer?: string) =>
  call('POST', '/api/recommendations/generate', undefined, bearer)

/** An app whose AI answers with `answer` (or throws), the rest of the AI service unchanged. */
async function appWithAi(
  answer: (request: Parameters<AiService['generateRecommendations']>[0]) => SeoTaskSuggestions,
) {
  t = await createTestApp({
    clock,
    ai: (deps) => ({
      ...createAiServiceFromEnv(deps),
      // A throw inside the executor becomes a rejection, like a failed call.
      generateRecommendations: (request) => new Promise((resolve) => resolve(answer(request))),
    }),
  })
  token = (await signUp(t.app)).accessToken
  await call('PUT', '/api/business', { ...businessInput, website: 'https://brightsmile.example' })
}

const suggestion = (overrides: Partial<SeoTaskSuggestion> = {}): SeoTaskSuggestion => ({
  title: 'Add photos of your treatment rooms',
  description: 'Show people what to expect before they visit.',
  priority: 'medium',
  category: 'content',
  impact: 'More clicks from the map results',
  points: 40,
  ...overrides,
})

const titles = async () => (await t.db.select().from(recommendations)).map((r) => r.title)

afterEach(() => t.close())

describe('POST /api/recommendations/generate', () => {
  test('adds valid new AI tasks as pending, each with a guide, and skips titles already there', async () => {
    await appWithAi(() => ({
      source: 'model',
      tasks: [
        suggestion(),
        // Already a starter task, in another case and with a full stop.
        suggestion({ title: 'complete your google business profile.' }),
        // The same new title twice in one answer.
        suggestion({ title: 'Add photos of your treatment rooms ' }),
        suggestion({ title: 'Sponsor a school sports team', category: 'reputation', points: 30 }),
      ],
    }))
    const { status, body } = await generate()
    expect(status).toBe(200)
    expect(body.added.map((x) => x.title)).toEqual([
      'Add photos of your treatment rooms',
      'Sponsor a school sports team',
    ])
    for (const task of body.added) {
      expect(task).toMatchObject({ status: 'pending', completedDate: null })
      expect(task.implementationGuide.split('\n').length).toBeGreaterThanOrEqual(4)
    }
    expect(await titles()).toHaveLength(11)
  })

  test('asking again never adds the same title twice', async () => {
    await appWithAi(() => ({ source: 'model', tasks: [suggestion()] }))
    await generate()
    const second = await generate()
    // Nothing new from the AI the second time: the spec's FAQ task instead, once.
    expect(second.body.added.map((x) => x.title)).toEqual(['Create a local business FAQ page'])
    expect((await generate()).body.added).toEqual([])
    const all = await titles()
    expect(new Set(all).size).toBe(all.length)
  })

  test('a task that asks what a completed one asked is not added again; a different ask is', async () => {
    await appWithAi(() => ({
      source: 'model',
      tasks: [
        suggestion({ title: 'Ask homeowners for Google reviews', category: 'reputation' }),
        suggestion({
          title: 'Respond to every Google review within two days',
          category: 'reputation',
        }),
        suggestion({ title: 'Add Dentist structured data', category: 'technical' }),
      ],
    }))
    const [reviews] = await t.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.title, 'Ask happy customers for Google reviews'))
    await call('PATCH', `/api/recommendations/${reviews!.id}`, { status: 'completed' })
    const { body } = await generate()
    expect(body.added.map((x) => x.title)).toEqual([
      'Respond to every Google review within two days',
    ])
  })

  test('tells the AI which titles exist, so it can avoid them', async () => {
    const seen: string[][] = []
    await appWithAi((request) => {
      seen.push(request.existingTitles ?? [])
      return { source: 'model', tasks: [] }
    })
    await generate()
    expect(seen[0]).toHaveLength(9)
    expect(seen[0]).toContain('Complete your Google Business Profile')
  })

  test('tells the AI which positions are simulated, so advice can say so (issue 32 item 4)', async () => {
    const seen: NonNullable<Parameters<AiService['generateRecommendations']>[0]['keywords']>[] = []
    await appWithAi((request) => {
      seen.push(request.keywords ?? [])
      return { source: 'model', tasks: [] }
    })
    const [business] = await t.db.select({ id: businesses.id }).from(businesses)
    const now = clock.now()
    const sample = { businessId: business!.id, positions: [20], now }
    await insertKeyword(t.db, { ...sample, keyword: 'simulated dentist austin' })
    const measured = await insertKeyword(t.db, { ...sample, keyword: 'measured dentist austin' })
    await t.db
      .update(rankPositions)
      .set({ source: 'measured', provider: 'SerpApi' })
      .where(eq(rankPositions.keywordId, measured.id))
    await generate()
    const byKeyword = Object.fromEntries(seen[0]!.map((k) => [k.keyword, k]))
    expect(byKeyword['simulated dentist austin']).toEqual({
      keyword: 'simulated dentist austin',
      position: 20,
      simulated: true,
    })
    expect(byKeyword['measured dentist austin']).toMatchObject({ position: 20, simulated: false })
  })

  test('when the AI gives nothing usable the fixed FAQ task is appended, exactly once', async () => {
    await appWithAi(() => ({
      source: 'model',
      tasks: [
        suggestion({ title: '' }),
        suggestion({ points: 0 }),
        suggestion({ description: 'x'.repeat(5000) }),
      ],
    }))
    const { status, body } = await generate()
    expect(status).toBe(200)
    expect(body.added).toEqual([
      expect.objectContaining({
        title: 'Create a local business FAQ page',
        priority: 'medium',
        category: 'content',
        points: 35,
        status: 'pending',
      }),
    ])
    expect((await generate()).body.added).toEqual([])
    expect((await titles()).filter((x) => x === 'Create a local business FAQ page')).toHaveLength(1)
  })

  test("when the AI fails outright it is docs/product.md §8's exact error and nothing is written", async () => {
    await appWithAi(() => recommendationsFailed())
    const before = await titles()
    const { status, body } = await generate()
    expect(status).toBe(502)
    expect(body.error).toEqual({
      code: 'bad_gateway',
      message: 'Failed to generate recommendations',
    })
    expect(await titles()).toEqual(before)
  })

  test('draws on real gaps: no website, a location without a phone, no local backlinks', async () => {
    await appWithAi(() => ({ source: 'model', tasks: [] }))
    await call('PUT', '/api/business', businessInput) // no website
    await call('POST', '/api/business/locations', locationInput('Round Rock')) // no phone
    await t.db.delete(backlinks)
    const { body } = await generate()
    expect(body.added.map((x) => x.title)).toEqual(
      expect.arrayContaining([
        'Give your business a website',
        'Add a phone number for Round Rock',
        'Earn links from Austin organisations',
        'Create a local business FAQ page',
      ]),
    )
    expect(body.added.find((x) => x.title.startsWith('Earn links'))?.description).toContain(
      'No website links to you yet',
    )
  })

  test('without a business it is a 404 and the AI is not asked', async () => {
    let asked = false
    await appWithAi(() => {
      asked = true
      return { source: 'model', tasks: [] }
    })
    const other = await signUp(t.app)
    const res = await generate(other.accessToken)
    expect(res.status).toBe(404)
    expect(asked).toBe(false)
  })

  test("generating for one owner never touches another owner's tasks", async () => {
    await appWithAi(() => ({ source: 'model', tasks: [suggestion()] }))
    const other = await signUp(t.app)
    await call('PUT', '/api/business', { ...businessInput, name: 'Other' }, other.accessToken)
    await generate(other.accessToken)
    const [mine] = await t.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.name, businessInput.name))
    const rows = await t.db
      .select()
      .from(recommendations)
      .where(eq(recommendations.businessId, mine!.id))
    expect(rows).toHaveLength(9)
  })
})

describe('with the built-in engine and with a failing model', () => {
  const stubPromise = startOpenAiStub()
  afterAll(async () => (await stubPromise).close())
  beforeAll(async () => {
    await stubPromise
  })

  test('the built-in engine adds tasks for this business, none repeating a starter title', async () => {
    t = await createTestApp({ clock })
    token = (await signUp(t.app)).accessToken
    await call('PUT', '/api/business', businessInput)
    const { status, body } = await generate()
    expect(status).toBe(200)
    expect(body.source).toBe('built-in')
    expect(body.added.length).toBeGreaterThan(0)
    const all = await titles()
    expect(new Set(all.map((x) => x.toLowerCase())).size).toBe(all.length)
  })

  test('a model that errors gives the exact docs/product.md §8 message and writes nothing', async () => {
    const stub = await stubPromise
    stub.reset()
    t = await createTestApp({
      clock,
      env: { OPENAI_API_KEY: 'test-key-reco-0123456789abcdef', OPENAI_BASE_URL: stub.baseURL },
    })
    token = (await signUp(t.app)).accessToken
    await call('PUT', '/api/business', businessInput)
    const { status, body } = await generate()
    expect(status).toBe(502)
    expect(body.error?.message).toBe('Failed to generate recommendations')
    expect(await titles()).toHaveLength(9)
  })
})

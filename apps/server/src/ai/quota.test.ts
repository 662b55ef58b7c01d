// The per-user daily quota of model calls (issue 5 "Safety and cost"): checked in the database
// before the model is called, per user, reset each UTC day; the built-in engine is not counted.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, createTestClock, type TestApp } from '../testing/app.js'
import { signUp } from '../testing/auth.js'
import { createAiProviderFromEnv, createAiService, type AiService } from './ai-service.js'
import { austinDentist } from './testing/businesses.js'
import { jsonAnswer, startOpenAiStub, type OpenAiStub } from './testing/openai-stub.js'

const ideas = jsonAnswer({ ideas: ['One', 'Two', 'Three'] })
const clock = createTestClock(new Date('2026-03-10T23:30:00Z'))
let stub: OpenAiStub
let t: TestApp
let ai: AiService

beforeAll(async () => {
  stub = await startOpenAiStub()
  t = await createTestApp({
    clock,
    env: {
      OPENAI_API_KEY: 'test-key-quota-0123456789',
      OPENAI_BASE_URL: stub.baseURL,
      AI_DAILY_QUOTA: '2',
    },
  })
  ai = t.deps.ai
})

afterAll(async () => {
  await stub.close()
  await t.close()
})

beforeEach(() => stub.reset())

describe('the daily AI quota', () => {
  test('past the limit a call fails with 429 before the model is called', async () => {
    const { userId } = await signUp(t.app)
    stub.script([], ideas)
    await ai.generateContentIdeas({ userId, business: austinDentist })
    await ai.generateContentIdeas({ userId, business: austinDentist })
    expect(stub.requests).toHaveLength(2)
    const error = await ai
      .generateContentIdeas({ userId, business: austinDentist })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 })
    // Every task shares the same count.
    await expect(
      ai.analyseKeyword({ userId, business: austinDentist, keyword: 'dentist' }),
    ).rejects.toMatchObject({ status: 429 })
    expect(stub.requests).toHaveLength(2)
    expect((await ai.getStatus({ userId })).quota).toEqual({
      limit: 2,
      usedToday: 2,
      counts: 'model-calls',
    })
  })

  test('a call that fell back still counts, a retry does not count twice', async () => {
    const { userId } = await signUp(t.app)
    stub.script([], { status: 500, body: {} })
    const result = await ai.generateContentIdeas({ userId, business: austinDentist })
    expect(result.source).toBe('fallback')
    expect(stub.requests).toHaveLength(2)
    expect((await ai.getStatus({ userId })).quota.usedToday).toBe(1)
  })

  test('each user has their own count, and it resets at midnight UTC', async () => {
    const first = await signUp(t.app)
    const second = await signUp(t.app)
    stub.script([], ideas)
    await ai.generateContentIdeas({ userId: first.userId, business: austinDentist })
    await ai.generateContentIdeas({ userId: first.userId, business: austinDentist })
    await expect(
      ai.generateContentIdeas({ userId: first.userId, business: austinDentist }),
    ).rejects.toMatchObject({ status: 429 })
    await expect(
      ai.generateContentIdeas({ userId: second.userId, business: austinDentist }),
    ).resolves.toMatchObject({ source: 'model' })
    clock.advance(60 * 60)
    await expect(
      ai.generateContentIdeas({ userId: first.userId, business: austinDentist }),
    ).resolves.toMatchObject({ source: 'model' })
    clock.advance(-60 * 60)
  })

  test('concurrent calls never exceed the limit', async () => {
    const { userId } = await signUp(t.app)
    stub.script([], ideas)
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => ai.generateContentIdeas({ userId, business: austinDentist })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    expect(stub.requests).toHaveLength(2)
  })

  test('the built-in engine is not counted: it costs nothing and calls nobody', async () => {
    const { userId } = await signUp(t.app)
    const builtIn = createAiService({
      ...t.deps,
      dailyQuota: 0,
      provider: createAiProviderFromEnv({ ...t.deps.env, OPENAI_API_KEY: undefined }),
    })
    for (let i = 0; i < 3; i += 1) {
      await expect(
        builtIn.generateContentIdeas({ userId, business: austinDentist }),
      ).resolves.toMatchObject({ source: 'built-in' })
    }
    expect(stub.requests).toHaveLength(0)
    expect((await builtIn.getStatus({ userId })).quota.usedToday).toBe(0)
  })
})

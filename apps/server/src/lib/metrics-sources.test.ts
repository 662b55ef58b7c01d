// The counters GET /metrics shows for the work behind the requests (issue 37 item 3, ADR 041): job
// outcomes and queue depth by queue, and calls to third parties by provider, counted where the app
// makes them (jobs/queue.ts, keywords/serp-provider.ts, ai/ai-service.ts).
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { austinDentist } from '../ai/testing/businesses.js'
import { jsonAnswer, startOpenAiStub, type OpenAiStub } from '../ai/testing/openai-stub.js'
import type { Database } from '../db/client.js'
import { serpApiAdapter } from '../features/keywords/serpapi.js'
import { serpOptionsFor } from '../features/keywords/provider-for.js'
import { createSerpProvider } from '../features/keywords/serp-provider.js'
import { createJobQueue, type JobQueue } from '../jobs/queue.js'
import { createTestApp } from '../testing/app.js'
import { apiCaller } from '../testing/api.js'
import { signUp } from '../testing/auth.js'
import { createTestDb } from '../testing/db.js'
import { businessInput } from '../testing/factories.js'
import { startFakeDataForSeo } from '../testing/fake-dataforseo.js'
import { startFakeSerp } from '../testing/fake-serp.js'
import { parseExposition, sampleValue } from '../testing/prometheus-text.js'
import { askDataForSeo, DataForSeoFailure } from './dataforseo.js'
import { createMetrics, type AppMetrics } from './metrics.js'

const logger = pino({ level: 'silent' })

const read = async (metrics: AppMetrics, name: string, labels: Record<string, string>) =>
  sampleValue(parseExposition(await metrics.registry.metrics()), name, labels)

describe('the job queue', () => {
  let database: Database | undefined
  let queue: JobQueue | undefined
  afterEach(async () => {
    await queue?.stop()
    await database?.close()
  })

  test('counts each job that completes or fails by its queue, and shows the depth at scrape time', async () => {
    database = await createTestDb()
    const metrics = createMetrics({ processMetrics: false, logger })
    queue = createJobQueue({ database, logger, metrics, pollingIntervalSeconds: 0.5 })
    metrics.readQueueDepth(() => queue!.depth())
    queue.define<{ fail: boolean }>({
      name: 'test.metrics',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handle: ({ fail }) =>
        fail ? Promise.reject(new Error('this job fails')) : Promise.resolve(),
    })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    queue.define<{ n: number }>({
      name: 'test.held',
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      handle: () => held,
    })
    await queue.start()
    expect(await read(metrics, 'queue_jobs_total', { queue: 'test.metrics' })).toBeUndefined()

    await queue.send('test.metrics', { fail: false }, 'a')
    await queue.send('test.metrics', { fail: false }, 'b')
    await queue.send('test.metrics', { fail: true }, 'c')
    // One held running and one waiting behind it (same key): the depth shows both.
    await queue.send('test.held', { n: 1 }, 'k')
    const deadline = Date.now() + 20_000
    while ((await read(metrics, 'queue_jobs', { queue: 'test.held', state: 'active' })) !== 1) {
      if (Date.now() > deadline) throw new Error('the held job never started')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await queue.send('test.held', { n: 2 }, 'k')
    expect(await read(metrics, 'queue_jobs', { queue: 'test.held', state: 'queued' })).toBe(1)

    while ((await read(metrics, 'queue_jobs_total', { queue: 'test.metrics' })) !== 3) {
      if (Date.now() > deadline) throw new Error('the jobs never ended')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const counted = (outcome: string) =>
      read(metrics, 'queue_jobs_total', { queue: 'test.metrics', outcome })
    expect(await counted('completed')).toBe(2)
    expect(await counted('failed')).toBe(1)
    expect(await read(metrics, 'queue_jobs', { queue: 'test.metrics', state: 'queued' })).toBe(0)
    release()
  })

  test('a scrape answers without the depth when the database does not', async () => {
    const metrics = createMetrics({ processMetrics: false, logger })
    metrics.readQueueDepth(() => Promise.reject(new Error('the database is down')))
    const scraped = parseExposition(await metrics.registry.metrics())
    expect(scraped.types.get('queue_jobs')).toBe('gauge')
    expect(sampleValue(scraped, 'queue_jobs')).toBeUndefined()
  })
})

describe('a search-results provider', () => {
  const KEY = 'fake-key-0123456789abcd'
  let fake: Awaited<ReturnType<typeof startFakeSerp>>
  beforeAll(async () => {
    fake = await startFakeSerp({ key: KEY })
  })
  afterAll(() => fake.close())
  const query = (keyword: string) => ({
    businessId: 'b1',
    locationId: 'main',
    city: 'Austin',
    region: 'TX',
    country: 'US',
    keyword,
    day: '2026-11-25',
    attempt: 1,
    website: 'https://www.brightsmiledental.com/',
  })

  test('counts every request by provider, a refused one as failed', async () => {
    const metrics = createMetrics({ processMetrics: false, logger })
    const provider = (key: string) =>
      createSerpProvider({
        adapter: serpApiAdapter,
        key,
        baseUrl: fake.origin,
        timeoutMs: 5000,
        meter: { take: (n: number) => Promise.resolve(n) },
        metrics,
      })
    // Found on the second page: two requests.
    expect(await provider(KEY).check([query('dentist austin')])).toEqual([
      { status: 'ok', position: 14 },
    ])
    const [refused] = await provider('wrong-key-0123456789').check([query('x')])
    expect(refused?.status).toBe('failed')
    const calls = (outcome: string) =>
      read(metrics, 'provider_calls_total', { provider: 'serpapi', outcome })
    expect(await calls('ok')).toBe(2)
    expect(await calls('failed')).toBe(1)
  })

  test("the app's own provider (SERP_PROVIDER) counts into the app's metrics", async () => {
    const t = await createTestApp({
      env: { SERP_PROVIDER: 'serpapi', SERP_API_KEY: KEY, SERP_BASE_URL: fake.origin },
    })
    try {
      const { accessToken } = await signUp(t.app)
      const call = apiCaller(t.app, () => accessToken)
      const saved = await call<{ business: { id: string } }>('PUT', '/api/business', businessInput)
      const options = await serpOptionsFor(t.deps, saved.body.business.id)
      if (!options || 'unusable' in options) throw new Error('SerpApi should be configured')
      await createSerpProvider(options).check([query('dentist austin')])
      const calls = await read(t.deps.metrics, 'provider_calls_total', { provider: 'serpapi' })
      expect(calls).toBe(2)
    } finally {
      await t.close()
    }
  })
})

test('DataForSEO: every request is counted, a refused one as failed', async () => {
  const fake = await startFakeDataForSeo({ login: 'login-1', password: 'password-1' })
  try {
    const metrics = createMetrics({ processMetrics: false, logger })
    const options = {
      baseUrl: fake.origin,
      login: 'login-1',
      password: 'password-1',
      timeoutMs: 5000,
      metrics,
    }
    const ask = (keyword: string) =>
      askDataForSeo(options, '/v3/keywords_data/google_ads/search_volume/live', {
        keywords: [keyword],
        location_name: 'Austin,Texas,United States',
      })
    await ask('dentist austin')
    await expect(ask('broken')).rejects.toBeInstanceOf(DataForSeoFailure)
    await expect(ask('credits')).rejects.toBeInstanceOf(DataForSeoFailure)
    const calls = (outcome: string) =>
      read(metrics, 'provider_calls_total', { provider: 'dataforseo', outcome })
    expect(await calls('ok')).toBe(1)
    expect(await calls('failed')).toBe(2)

    // The app's keyword data source (KEYWORD_DATA_PROVIDER) counts into the app's metrics.
    const t = await createTestApp({
      env: {
        KEYWORD_DATA_PROVIDER: 'dataforseo',
        DATAFORSEO_LOGIN: 'login-1',
        DATAFORSEO_PASSWORD: 'password-1',
        DATAFORSEO_URL: fake.origin,
      },
    })
    try {
      await t.deps.measuredKeywords?.asking.describe('dentist austin', austinDentist, null)
      expect(
        await read(t.deps.metrics, 'provider_calls_total', {
          provider: 'dataforseo',
          outcome: 'ok',
        }),
      ).toBe(1)
    } finally {
      await t.close()
    }
  } finally {
    await fake.close()
  }
})

describe('the AI endpoint', () => {
  let stub: OpenAiStub
  beforeAll(async () => {
    stub = await startOpenAiStub()
  })
  afterAll(() => stub.close())

  test("counts the app's model calls, an error answer as failed (the fallback still answers)", async () => {
    const t = await createTestApp({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseURL, AI_TIMEOUT_MS: '10000' },
    })
    try {
      const { userId } = await signUp(t.app)
      const ask = () =>
        t.deps.ai.analyseKeyword({ userId, business: austinDentist, keyword: 'dentist' })
      stub.script([
        jsonAnswer({
          searchVolume: '1,200',
          competition: 'high',
          relevance: 'HIGH',
          recommendations: ['Ask for reviews.'],
          aiAnalysis: 'A strong local keyword.',
        }),
      ])
      await ask()
      stub.script([], { status: 400, body: { error: { message: 'bad request' } } })
      await ask()
      const calls = (outcome: string) =>
        read(t.deps.metrics, 'provider_calls_total', { provider: 'ai', outcome })
      expect(await calls('ok')).toBe(1)
      expect(await calls('failed')).toBe(1)
    } finally {
      await t.close()
    }
  })
})

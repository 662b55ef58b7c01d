// A keyword analysis is a job (issue 36 item 3, docs/decisions/051-provider-work-after-the-answer.md):
// the request stores the keyword and a pending analysis and answers without asking the AI; the job
// stores the finished analysis or a reason an owner can read; the record is the business's own.
import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import {
  keywordAnalyseResponseSchema,
  keywordAnalysisResponseSchema,
  type KeywordAnalysisRecord,
} from '@localseo/shared/keywords'
import { jsonAnswer, startOpenAiStub, type OpenAiStub } from '../../ai/testing/openai-stub.js'
import { keywordAnalyses } from '../../db/schema/keyword-analyses.js'
import { keywords } from '../../db/schema/keywords.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { expectShape } from '../../testing/contract.js'
import { businessInput } from '../../testing/factories.js'
import { runWaitingAnalyses, waitingAnalysisJobs } from '../../testing/keyword-analyses.js'
import { addMember, memberCall, saveOwnBusiness } from '../../testing/members.js'
import {
  ANALYSES_KEPT,
  ANALYSIS_GIVEN_UP_MINUTES,
  ANALYSIS_NOT_FINISHED,
  ANALYSIS_TOOK_TOO_LONG,
  runKeywordAnalysis,
} from './keyword-analyses.js'
import { createSimulatedRankProvider, type RankProvider } from './rank-provider.js'

interface Answer {
  analysis: KeywordAnalysisRecord
  keyword: KeywordRecord
  error: { code: string; message: string }
}

const modelAnswer = {
  searchVolume: 999_999,
  competition: 'High',
  relevance: 'High',
  recommendations: ['Write a page about teeth whitening in Austin.'],
  aiAnalysis: 'People near you look for this often.',
}

const clock = createTestClock(new Date('2026-03-10T09:00:00Z'))
let stub: OpenAiStub
let t: TestApp | undefined
beforeAll(async () => {
  stub = await startOpenAiStub()
})
afterAll(() => stub.close())
afterEach(async () => {
  stub.reset()
  await t?.close()
  t = undefined
})

/** An owner with a business, on an app whose AI is the stub model (quota: `quota` calls a day). */
async function owner({
  quota = '50',
  jobs = false,
  rank,
}: { quota?: string; jobs?: boolean; rank?: RankProvider } = {}) {
  const app = await createTestApp({
    clock,
    jobs,
    rank,
    env: {
      OPENAI_API_KEY: 'test-key-analyses-0123456789',
      OPENAI_BASE_URL: stub.baseURL,
      AI_DAILY_QUOTA: quota,
    },
  })
  t = app
  const session = await signUp(app.app)
  const call = apiCaller(app.app, () => session.accessToken)<Answer>
  const saved = await call('PUT', '/api/business', businessInput)
  if (saved.status !== 200) throw new Error('saving the business failed')
  return { app, session, call }
}

const analyse = (call: Awaited<ReturnType<typeof owner>>['call'], keyword: string) =>
  call('POST', '/api/keywords/analyse', { keyword, locationId: null })

const read = (call: Awaited<ReturnType<typeof owner>>['call'], id: string) =>
  call('GET', `/api/keywords/analyses/${id}`)

describe('POST /api/keywords/analyse', () => {
  test('answers with the analysis pending without asking the AI; the job asks it and stores the result', async () => {
    const { app, call } = await owner()
    stub.script([], jsonAnswer(modelAnswer))
    const posted = await analyse(call, 'teeth whitening austin')
    expect(posted.status).toBe(202)
    expectShape(keywordAnalyseResponseSchema, posted.body)
    expect(stub.requests).toHaveLength(0)
    expect(posted.body.analysis).toMatchObject({ status: 'pending', result: null })
    const { id } = posted.body.analysis
    expect((await read(call, id)).body.analysis.status).toBe('pending')

    await runWaitingAnalyses(app)
    expect(stub.requests).toHaveLength(1)
    const done = await read(call, id)
    expect(done.status).toBe(200)
    expectShape(keywordAnalysisResponseSchema, done.body)
    expect(done.body.analysis).toMatchObject({
      status: 'done',
      keyword: 'teeth whitening austin',
      failure: null,
      finishedAt: clock.now().toISOString(),
      result: {
        source: 'model',
        aiAnalysis: modelAnswer.aiAnalysis,
        recommendations: modelAnswer.recommendations,
        // The figures are the keyword data source's, whatever the model says.
        searchVolume: posted.body.keyword.volume,
      },
    })
    expect(done.body.analysis.result?.searchVolume).not.toBe(modelAnswer.searchVolume)
  })

  test('answers pending even when a worker finished the analysis before the answer was sent', async () => {
    // A worker woken at commit may finish the analysis while the request still checks today's
    // position: the answer is the analysis as queued all the same, so the screen always starts
    // from pending and reads it (it failed CI's keywords journey once, which holds those reads).
    let finished: Promise<void> = Promise.resolve()
    const simulated = createSimulatedRankProvider({ failureRate: 0 })
    const { app, call } = await owner({
      rank: {
        ...simulated,
        simulated: true,
        label: simulated.label,
        check: async (queries) => {
          await finished
          return simulated.check(queries)
        },
      },
    })
    app.deps.jobs.wake = () => {
      finished = runWaitingAnalyses(app)
    }
    stub.script([], jsonAnswer(modelAnswer))
    const posted = await analyse(call, 'teeth whitening austin')
    expect(stub.requests).toHaveLength(1)
    expect(posted.body.analysis).toMatchObject({ status: 'pending', result: null })
    expect((await read(call, posted.body.analysis.id)).body.analysis.status).toBe('done')
  })

  test("the queue's worker runs it", async () => {
    const { app, call } = await owner({ jobs: true })
    stub.script([], jsonAnswer(modelAnswer))
    const posted = await analyse(call, 'dentist austin')
    await app.deps.jobs.whenIdle()
    expect((await read(call, posted.body.analysis.id)).body.analysis).toMatchObject({
      status: 'done',
      result: { source: 'model' },
    })
  })

  test("a refusal the owner can act on (the AI's daily limit) fails the analysis with its reason", async () => {
    const { app, call } = await owner({ quota: '1' })
    stub.script([], jsonAnswer(modelAnswer))
    const first = await analyse(call, 'dentist austin')
    const second = await analyse(call, 'emergency dentist')
    expect(second.status).toBe(202)
    await runWaitingAnalyses(app)
    expect((await read(call, first.body.analysis.id)).body.analysis.status).toBe('done')
    const failed = (await read(call, second.body.analysis.id)).body
    expectShape(keywordAnalysisResponseSchema, failed)
    expect(failed.analysis).toMatchObject({
      status: 'failed',
      result: null,
      failure: "You have used today's 1 AI requests. The limit resets at midnight UTC.",
    })
    expect(stub.requests).toHaveLength(1)
  })

  test('any other failure reads as a plain "try again", and a finished analysis is not asked again', async () => {
    const { app, call } = await owner()
    const posted = await analyse(call, 'dentist austin')
    const [job] = await waitingAnalysisJobs(app)
    const ai = app.deps.ai
    app.deps.ai = {
      ...ai,
      analyseKeyword: () => Promise.reject(new Error('connection reset by the model endpoint')),
    }
    await runKeywordAnalysis(app.deps, job!)
    app.deps.ai = ai
    const failed = (await read(call, posted.body.analysis.id)).body.analysis
    expect(failed).toMatchObject({ status: 'failed', failure: ANALYSIS_NOT_FINISHED, result: null })
    // A job handed back at a stop and run again leaves the finished record as it is.
    await runKeywordAnalysis(app.deps, job!)
    expect((await read(call, posted.body.analysis.id)).body.analysis).toEqual(failed)
    expect(stub.requests).toHaveLength(0)
  })

  test('invalid input is a 422: no keyword, no analysis, no job', async () => {
    const { app, call } = await owner()
    const before = (await app.db.select({ n: count() }).from(keywords))[0]?.n
    const refused = await call('POST', '/api/keywords/analyse', { keyword: ' ' })
    expect(refused.status).toBe(422)
    expect(refused.body.error.code).toBe('validation_failed')
    expect((await app.db.select({ n: count() }).from(keywords))[0]?.n).toBe(before)
    expect(await app.db.select().from(keywordAnalyses)).toEqual([])
    expect(await waitingAnalysisJobs(app)).toEqual([])
  })

  test(`keeps the newest ${ANALYSES_KEPT} finished analyses of a place`, async () => {
    const { app, call } = await owner()
    stub.script([], jsonAnswer(modelAnswer))
    const ids: string[] = []
    for (let i = 0; i < ANALYSES_KEPT + 2; i += 1) {
      ids.push((await analyse(call, `dentist ${i}`)).body.analysis.id)
      clock.advance(1)
    }
    await runWaitingAnalyses(app)
    const left = await app.db.select({ id: keywordAnalyses.id }).from(keywordAnalyses)
    expect(left.map((r) => r.id).sort()).toEqual(ids.slice(2).sort())
    expect((await read(call, ids[0]!)).status).toBe(404)
  })

  test('an analysis whose job never stored an outcome reads as failed after a while', async () => {
    const { call } = await owner()
    const posted = await analyse(call, 'dentist austin')
    clock.advance(ANALYSIS_GIVEN_UP_MINUTES * 60 - 1)
    expect((await read(call, posted.body.analysis.id)).body.analysis.status).toBe('pending')
    clock.advance(2)
    expect((await read(call, posted.body.analysis.id)).body.analysis).toMatchObject({
      status: 'failed',
      failure: ANALYSIS_TOOK_TOO_LONG,
      result: null,
    })
  })

  test('an analysis whose keyword was removed meanwhile is left alone', async () => {
    const { app, call } = await owner()
    const posted = await analyse(call, 'dentist austin')
    await app.db.delete(keywords).where(eq(keywords.id, posted.body.keyword.id))
    await runWaitingAnalyses(app)
    expect(stub.requests).toHaveLength(0)
    expect((await read(call, posted.body.analysis.id)).status).toBe(404)
  })
})

describe('GET /api/keywords/analyses/:id', () => {
  test("another owner's analysis is a 404, and an id that is not one is a 422", async () => {
    const { app, call } = await owner()
    const posted = await analyse(call, 'dentist austin')
    const other = await signUp(app.app)
    await saveOwnBusiness(app.app, other)
    const theirs = await memberCall<Answer>(
      app.app,
      other,
      'GET',
      `/api/keywords/analyses/${posted.body.analysis.id}`,
    )
    expect(theirs.status).toBe(404)
    expect(theirs.body.error.code).toBe('not_found')
    expect((await read(call, crypto.randomUUID())).status).toBe(404)
    const bad = await read(call, 'not-an-id')
    expect(bad.status).toBe(422)
    expect(bad.body.error.code).toBe('validation_failed')
  })

  test('a viewer reads the analysis but may not start one', async () => {
    const { app, session, call } = await owner()
    const posted = await analyse(call, 'dentist austin')
    const [stored] = await app.db
      .select({ businessId: keywords.businessId })
      .from(keywords)
      .where(eq(keywords.id, posted.body.keyword.id))
    const businessId = stored!.businessId
    const viewer = await addMember(app, session, businessId, 'viewer')
    const path = `/api/keywords/analyses/${posted.body.analysis.id}`
    expect((await memberCall(app.app, viewer, 'GET', path, { businessId })).status).toBe(200)
    const refused = await memberCall(app.app, viewer, 'POST', '/api/keywords/analyse', {
      body: { keyword: 'dentist' },
      businessId,
    })
    expect(refused.status).toBe(403)
  })
})

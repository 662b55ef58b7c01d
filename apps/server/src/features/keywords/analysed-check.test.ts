// An analysis with a real search-results provider answers at once (issue 36 item 3): the keyword's
// position today is a job's, and every screen reads 'Not checked' until the job stores it.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import { businessInput } from '../../testing/factories.js'
import { runAnalysedCheck } from './first-checks.js'

const KEY = 'serpapi-test-key-4242'
let fake: FakeSerp
let t: TestApp | undefined
beforeAll(async () => {
  fake = await startFakeSerp({ key: KEY })
})
afterAll(() => fake.close())
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function ownerWithProvider(email: string) {
  t = await createTestApp({
    env: { SECRETS_KEY: Buffer.alloc(32, 3).toString('hex'), SERP_BASE_URL: fake.origin },
  })
  // No test provider: the business's own SerpApi key, as in production.
  t.deps.rank = undefined
  const owner = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => owner.accessToken)
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', {
    ...businessInput,
    website: 'https://www.brightsmiledental.com',
  })
  await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
  return { app: t, call, businessId: saved.body.business.id }
}

const waiting = async (app: TestApp) =>
  (
    await app.database.executeSql(
      `select data from pgboss.job where name = 'keywords.analysed-check' and state = 'created'`,
    )
  ).rows.map((row) => row.data)

test('the analysis answers without asking the provider; the job then stores today’s position', async () => {
  const { app, call, businessId } = await ownerWithProvider('analysed-later@example.com')
  const asked = fake.requests.length
  const analysed = await call<{ keyword: KeywordRecord }>('POST', '/api/keywords/analyse', {
    keyword: 'dentist austin',
    locationId: null,
  })
  expect(analysed.status).toBe(202)
  expect(fake.requests.length).toBe(asked)
  expect(analysed.body.keyword).toMatchObject({ position: null, positionSource: null })
  const keywordId = analysed.body.keyword.id
  // This app runs no workers: the job waits in the queue, once however often it is analysed.
  await call('POST', '/api/keywords/analyse', { keyword: 'dentist austin', locationId: null })
  expect(await waiting(app)).toEqual([{ businessId, keywordId }])
  const listed = async () =>
    (
      await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
    ).body.keywords.find((k) => k.id === keywordId)
  expect(await listed()).toMatchObject({ position: null, positionSource: null })

  await runAnalysedCheck(app.deps, { businessId, keywordId })
  expect(fake.requests.slice(asked).some((r) => r.params.q === 'dentist austin')).toBe(true)
  expect(await listed()).toMatchObject({
    position: 14,
    positionSource: { kind: 'measured', provider: 'SerpApi' },
  })
})

test('the job leaves a keyword removed meanwhile alone', async () => {
  const { app, businessId } = await ownerWithProvider('analysed-other@example.com')
  const asked = fake.requests.length
  await runAnalysedCheck(app.deps, { businessId, keywordId: crypto.randomUUID() })
  expect(fake.requests.length).toBe(asked)
})

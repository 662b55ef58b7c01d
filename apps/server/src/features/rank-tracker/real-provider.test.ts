// With a search-results provider configured (issue 17, "Done when"): a tracked keyword gets the real
// adapter's positions from the fake provider (testing/fake-serp.ts, on 127.0.0.1), organic and map
// pack, and every screen's API answers them with their source, 'SerpApi, checked at …'; a website
// not in the first 100 results reads 'Not in top 100', never 0.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import type { RankHistory } from '@localseo/shared/rank-tracker'
import { businesses } from '../../db/schema/business.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import { businessInput } from '../../testing/factories.js'
import { runFirstChecks } from '../../testing/rank-providers.js'

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

test('a tracked keyword shows the provider’s position with its source on every screen', async () => {
  t = await createTestApp({
    env: {
      SECRETS_KEY: Buffer.alloc(32, 3).toString('hex'),
      SERP_BASE_URL: fake.origin,
      // The instance's default provider checks the sample keywords when the business is saved.
      SERP_PROVIDER: 'serpapi',
      SERP_API_KEY: KEY,
    },
  })
  // No test provider: the app chooses the business's provider as in production.
  t.deps.rank = undefined
  const owner = await signUp(t.app, { email: 'measured@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', {
    ...businessInput,
    website: 'https://www.brightsmiledental.com',
  })
  await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
  // The business's pin: the daily check also asks the map pack from there.
  await call('PUT', '/api/business/coordinates', { lat: 30.2672, lng: -97.7431 })
  const tracked = await call('POST', '/api/rank-tracker/keywords', {
    keyword: 'dentist austin',
    location: 'main',
  })
  expect(tracked.status).toBe(201)
  // The first-checks job the add sent (issue 36 item 3) asks the provider.
  await runFirstChecks(t.deps, saved.body.business.id)
  const asked = fake.requests.filter((r) => r.params.q === 'dentist austin')
  expect(asked.map((r) => r.kind)).toEqual(['organic', 'organic', 'maps'])
  expect(asked[2]?.params).toMatchObject({ ll: '@30.2672000,-97.7431000,14z', type: 'search' })
  // Found by name and phone in the map pack: its place id is kept, and the pin stays the owner's.
  const [place] = await t.db
    .select({ placeId: businesses.placeId, lat: businesses.lat })
    .from(businesses)
    .where(eq(businesses.userId, owner.userId))
  expect(place).toEqual({ placeId: 'ChIJbrightSmileDentalAus', lat: 30.2672 })

  const history = await call<RankHistory>('GET', '/api/rank-tracker/history?location=main&range=7')
  expect(history.body.simulated).toBe(false)
  const keyword = history.body.keywords.find((k) => k.keyword === 'dentist austin')
  expect(keyword?.checks.at(-1)).toBe(14)
  expect(keyword?.latestCheck).toMatchObject({
    provider: 'SerpApi',
    simulated: false,
    map: { status: 'ok', position: 3 },
  })
  // The sample keywords were checked by the same job: the website is not in their first 100
  // results.
  const others = history.body.keywords.filter((k) => k.keyword !== 'dentist austin')
  expect(others.every((k) => k.checks.at(-1) === 'absent')).toBe(true)

  const records = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
  const record = records.body.keywords.find((k) => k.keyword === 'dentist austin')
  expect(record).toMatchObject({
    position: 14,
    positionSource: { kind: 'measured', provider: 'SerpApi' },
  })
  const absent = records.body.keywords.find((k) => k.keyword !== 'dentist austin')
  if (absent) expect(absent).toMatchObject({ position: null, notInTop100: true })

  const dashboard = await call<{ topKeywords: KeywordRecord[] }>('GET', '/api/dashboard')
  expect(dashboard.body.topKeywords.map((k) => [k.keyword, k.position])).toEqual([
    ['dentist austin', 14],
  ])
  expect(dashboard.body.topKeywords[0]?.positionSource).toMatchObject({ provider: 'SerpApi' })
})

test("a provider that fails keeps the day's positions, and its failed calls use none of the day's budget (issue 32 item 4)", async () => {
  t = await createTestApp({
    env: {
      SECRETS_KEY: Buffer.alloc(32, 3).toString('hex'),
      SERP_BASE_URL: fake.origin,
      SERP_DAILY_QUERY_BUDGET: '200',
    },
  })
  t.deps.rank = undefined
  const owner = await signUp(t.app, { email: 'failing@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', {
    ...businessInput,
    website: 'https://www.brightsmiledental.com',
  })
  const businessId = saved.body.business.id
  await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
  const tracked = await call('POST', '/api/rank-tracker/keywords', {
    keyword: 'dentist austin',
    location: 'main',
  })
  expect(tracked.status).toBe(201)
  await runFirstChecks(t.deps, businessId)
  const history = () =>
    call<RankHistory>('GET', '/api/rank-tracker/history?location=main&range=7').then((r) => r.body)
  const before = await history()
  expect(before.keywords.find((k) => k.keyword === 'dentist austin')?.checks.at(-1)).toBe(14)
  // Two pages of results for it, ten for each default keyword the same request checked first.
  const used = before.budget?.used ?? 0
  expect(used).toBeGreaterThanOrEqual(2)

  // A 503 from the provider: the check fails and gives its query back.
  const broken = await call('POST', '/api/rank-tracker/keywords', {
    keyword: 'broken',
    location: 'main',
  })
  expect(broken.status).toBe(201)
  await runFirstChecks(t.deps, businessId)
  const afterBroken = await history()
  expect(afterBroken.keywords.find((k) => k.keyword === 'broken')?.checks.at(-1)).toBe('failed')
  expect(afterBroken.budget).toMatchObject({ used })

  // The key stops working: Refresh fails for every keyword, the positions already checked today
  // stay, and none of the refused calls counts.
  await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: 'wrong-key-000000000' })
  const refresh = await call<{ checked: number; failed: number }>(
    'POST',
    '/api/rank-tracker/refresh',
    { location: 'main' },
  )
  expect(refresh.body.failed).toBe(refresh.body.checked)
  expect(refresh.body.failed).toBeGreaterThan(0)
  const after = await history()
  expect(after.keywords.find((k) => k.keyword === 'dentist austin')?.checks.at(-1)).toBe(14)
  expect(after.budget).toMatchObject({ used })
  const records = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
  expect(records.body.keywords.find((k) => k.keyword === 'dentist austin')).toMatchObject({
    position: 14,
    positionSource: { kind: 'measured', provider: 'SerpApi' },
  })
}, 90_000)

test('adding a keyword answers at once: it reads Not checked yet until the first-checks job asks the provider (issue 36 item 3)', async () => {
  t = await createTestApp({
    env: { SECRETS_KEY: Buffer.alloc(32, 3).toString('hex'), SERP_BASE_URL: fake.origin },
  })
  t.deps.rank = undefined
  const owner = await signUp(t.app, { email: 'later@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', {
    ...businessInput,
    website: 'https://www.brightsmiledental.com',
  })
  await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
  const before = fake.requests.length
  const tracked = await call<{ keyword: { id: string }; added: boolean }>(
    'POST',
    '/api/rank-tracker/keywords',
    { keyword: 'dentist austin', location: 'main' },
  )
  expect(tracked.status).toBe(201)
  expect(tracked.body).toMatchObject({ added: true })
  // Answered without asking the provider; the job waits in the queue (this app runs no workers).
  expect(fake.requests.length).toBe(before)
  const { rows } = await t.database.executeSql(
    `select data from pgboss.job where name = 'keywords.first-checks' and state = 'created'`,
  )
  expect(rows.map((r) => r.data)).toEqual([{ businessId: saved.body.business.id }])
  const history = () =>
    call<RankHistory>('GET', '/api/rank-tracker/history?location=main&range=7').then((r) =>
      r.body.keywords.find((k) => k.keyword === 'dentist austin'),
    )
  const waiting = await history()
  expect(waiting?.latestCheck ?? null).toBeNull()
  expect(waiting?.checks.every((check) => check === null)).toBe(true)

  await runFirstChecks(t.deps, saved.body.business.id)
  expect(fake.requests.some((r) => r.params.q === 'dentist austin')).toBe(true)
  const checked = await history()
  expect(checked?.checks.at(-1)).toBe(14)
  expect(checked?.latestCheck).toMatchObject({ provider: 'SerpApi', simulated: false })
})

// A new keyword's first check is asked where the keyword is written, once (issue 19 item 4, issue 30
// item 8): the default keywords of a new business or location by a job sent when they are written,
// a keyword the owner tracks by the request that tracks it. Screens only read: until the check is
// stored they show the keyword as not checked yet, and opening them asks no provider anything.
import { afterEach, expect, test } from 'vitest'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'
import { runFirstChecks } from './first-checks.js'
import type { RankProvider } from './rank-provider.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

test('saving a new business checks its default keywords once; screens opened together ask nothing', async () => {
  const { provider, queries } = recordingRankProvider({ simulated: false, position: 5 })
  t = await createTestApp({ rank: provider, jobs: true })
  const owner = await signUp(t.app, { email: 'together@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  // The save sent the first checks; the queue runs them.
  await t.deps.jobs.whenIdle()
  const checkedAtSave = queries.length

  const answers = await Promise.all([
    call('GET', '/api/dashboard'),
    call<{ keywords: { keyword: string }[] }>('GET', '/api/rank-tracker/keywords?location=main'),
    call('GET', '/api/keywords?location=main'),
    call('GET', '/api/rank-tracker/keywords?location=main'),
  ])
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
  expect(queries).toHaveLength(checkedAtSave)
  const tracked = answers[1].body.keywords
  expect(tracked.length).toBeGreaterThan(1)
  // One query per keyword (the provider is asked the keyword's normalised text).
  expect(queries.map((query) => query.keyword.toLowerCase()).sort()).toEqual(
    tracked.map((keyword) => keyword.keyword.toLowerCase()).sort(),
  )
  // Each stored once: today's check (a real provider has no past to fill in).
  const stored = await t.db.select().from(rankPositions)
  expect(stored.map((row) => row.position)).toEqual(tracked.map(() => 5))
})

test('with the queue, the defaults read as not checked yet until the job stores their first check', async () => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const recording = recordingRankProvider({ simulated: false, position: 6 })
  const provider: RankProvider = {
    ...recording.provider,
    // The job's check waits: the screens are read meanwhile.
    check: async (batch) => {
      await held
      return recording.provider.check(batch)
    },
  }
  t = await createTestApp({ rank: provider, jobs: true })
  const owner = await signUp(t.app, { email: 'queued@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  expect((await call('PUT', '/api/business', businessInput)).status).toBe(200)
  const location = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
  )
  const branch = location.body.locations[0]!.id

  const pending = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords?location=main')
  expect(pending.body.keywords.length).toBeGreaterThan(0)
  expect(pending.body.keywords.every((k) => k.position === null && !k.positionSource)).toBe(true)
  const dashboard = await call<{ topKeywords: unknown[]; keywordsNotChecked: number }>(
    'GET',
    '/api/dashboard',
  )
  expect(dashboard.body).toMatchObject({ topKeywords: [], keywordsNotChecked: 5 })
  expect(await t.db.select().from(rankPositions)).toEqual([])

  release()
  await t.deps.jobs.whenIdle()
  for (const scope of ['main', branch]) {
    const checked = await call<{ keywords: KeywordRecord[] }>(
      'GET',
      `/api/keywords?location=${scope}`,
    )
    expect(checked.body.keywords.map((k) => k.position)).toEqual(checked.body.keywords.map(() => 6))
  }
  const after = await call<{ keywordsNotChecked: number }>('GET', '/api/dashboard')
  expect(after.body.keywordsNotChecked).toBe(0)
  // Each keyword of both places asked once, however many times the job was sent.
  const asked = recording.queries.map((q) => `${q.locationId}|${q.keyword}`)
  expect(new Set(asked).size).toBe(asked.length)
  expect(asked).toHaveLength(10)
})

test('a keyword written after the job read the business is left to the request that wrote it', async () => {
  const { provider, queries } = recordingRankProvider({ simulated: false, position: 4 })
  const clock = createTestClock(new Date('2026-11-25T12:00:00Z'))
  t = await createTestApp({ rank: provider, clock })
  const owner = await signUp(t.app, { email: 'stale@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  // The defaults are written at 12:00; the job the save sent does not run here.
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', businessInput)
  const businessId = saved.body.business.id
  // A job that read the business before them (a pin set since would be missing from its copy)
  // leaves them alone.
  const earlier = { now: () => new Date('2026-11-25T11:59:00Z') }
  await runFirstChecks({ ...t.deps, clock: earlier }, businessId)
  expect(queries).toHaveLength(0)
  // Read after them, the job checks them.
  await runFirstChecks(t.deps, businessId)
  expect(queries.length).toBeGreaterThan(0)
})

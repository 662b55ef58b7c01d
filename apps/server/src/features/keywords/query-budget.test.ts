// The daily query budget (issue 17 item 5): a real provider is asked at most the budget's queries a
// UTC day per business; the rest are deferred (nothing stored) and asked the next day.
import { afterEach, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { businesses } from '../../db/schema/business.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'
import { queryBudget, queryMeter } from './query-budget.js'

let t: TestApp | undefined

async function onlyBusinessId(app: TestApp): Promise<string> {
  const [business] = await app.db.select({ id: businesses.id }).from(businesses)
  return business!.id
}
afterEach(async () => {
  await t?.close()
  t = undefined
})

test('past the daily budget checks are deferred, stored as nothing, and asked the next day', async () => {
  const clock = createTestClock(new Date('2026-03-02T23:20:00Z'))
  const { provider, queries } = recordingRankProvider({ simulated: false, position: 4 })
  t = await createTestApp({
    rank: provider,
    clock,
    env: { SERP_DAILY_QUERY_BUDGET: '3' },
    jobs: true,
  })
  const owner = await signUp(t.app, { email: 'budget@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  // The defaults' first checks, a job the save sent.
  await t.deps.jobs.whenIdle()
  const { body } = await call<{ keywords: { id: string }[] }>(
    'GET',
    '/api/rank-tracker/keywords?location=main',
  )
  expect(body.keywords.length).toBeGreaterThan(3)
  expect(queries).toHaveLength(3)
  const businessId = await onlyBusinessId(t)
  const stored = await t.db
    .select()
    .from(rankPositions)
    .where(eq(rankPositions.businessId, businessId))
  // Only the checks asked are stored: a deferred one is neither a failure nor 'not ranking'.
  expect(stored).toHaveLength(3)
  expect(stored.every((row) => row.status === 'ok' && row.position === 4)).toBe(true)
  expect(await queryBudget(t.db, businessId, clock.now(), 3)).toEqual({
    limit: 3,
    used: 3,
    remaining: 0,
  })
  const refresh = await call<{ checked: number; deferred: number }>(
    'POST',
    '/api/rank-tracker/refresh',
    { location: 'main' },
  )
  expect(refresh.body).toMatchObject({ checked: 0, deferred: body.keywords.length })
  expect(queries).toHaveLength(3)

  // Past midnight UTC (the access token is still valid): a new day, a new budget.
  clock.advance(45 * 60)
  await call('POST', '/api/rank-tracker/refresh', { location: 'main' })
  expect(queries).toHaveLength(6)
  expect((await queryBudget(t.db, businessId, clock.now(), 3)).used).toBe(3)
})

test('takes made at once never grant more than the budget', async () => {
  const clock = createTestClock()
  t = await createTestApp({ clock })
  const owner = await signUp(t.app, { email: 'meter@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  const businessId = await onlyBusinessId(t)
  const meter = queryMeter({ db: t.db, businessId, clock, limit: 5 })
  const granted = await Promise.all(Array.from({ length: 8 }, () => meter.take(1)))
  expect(granted.reduce((a, b) => a + b, 0)).toBe(5)
  expect(await meter.take(3)).toBe(0)
  expect(await queryBudget(t.db, businessId, clock.now(), 5)).toMatchObject({ used: 5 })
})

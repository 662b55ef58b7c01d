import { and, asc, eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { AUTOMATION_KINDS, automationQueue, type Schedule } from '@localseo/shared/automation'
import type { TrackedKeyword } from '@localseo/shared/rank-tracker'
import { jobSchedules } from '../../db/schema/automation.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { rows } from '../../testing/db-fingerprint.js'
import { apiCaller } from '../../testing/api.js'
import { signIn, signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'
import { getBusinessById } from '../../lib/tenant.js'
import { checkTrackedToday } from '../keywords/public.js'
import { finishRun } from './schedules.js'
import { APP_VERSION } from '../../version.js'

const DAY_SECONDS = 86_400
const rankSchedule = (schedules: Schedule[]) => schedules.find((s) => s.kind === 'rank_checks')

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function setUp(
  options: { start?: string; timeZone?: string; env?: Record<string, string> } = {},
) {
  const clock = createTestClock(new Date(options.start ?? '2026-03-10T15:00:00Z'))
  // A real-looking provider (not simulated: it checks today only) that records every query.
  const { provider, queries } = recordingRankProvider({ simulated: false, position: 7 })
  const app = await createTestApp({ clock, rank: provider, jobs: true, env: options.env })
  t = app
  const owner = await signUp(app.app, { email: `owner-${Date.now()}@example.com` })
  const call = <T = unknown>(method: string, path: string, body?: unknown, session = owner) =>
    apiCaller(app.app, () => session.accessToken)<T>(method, path, body)
  await call('PUT', '/api/business', { ...businessInput, timeZone: options.timeZone })
  // The sample keywords' first checks, a job the save sent.
  await app.deps.jobs.whenIdle()
  const { body } = await call<{ keyword: TrackedKeyword }>('POST', '/api/rank-tracker/keywords', {
    keyword: 'emergency dentist austin',
  })
  // These tests follow the rank checks alone (backlink-checks.test.ts follows the backlinks).
  await call('PUT', '/api/automation', { kind: 'backlink_checks', frequency: 'off' })
  await call('PUT', '/api/automation', { kind: 'site_audits', frequency: 'off' })
  await call('PUT', '/api/automation', { kind: 'alert_emails', frequency: 'off' })
  await call('PUT', '/api/automation', { kind: 'grid_scans', frequency: 'off' })
  await call('PUT', '/api/automation', { kind: 'google_import', frequency: 'off' })
  /** One planner tick, then every job it enqueued runs to the end on the queue's workers. */
  const runDueWork = async () => {
    const enqueued = await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    return enqueued
  }
  const checkDays = async () =>
    (
      await app.db
        .select({ day: rankPositions.day })
        .from(rankPositions)
        .where(eq(rankPositions.keywordId, body.keyword.id))
        .orderBy(asc(rankPositions.day))
    ).map((row) => row.day)
  return {
    app,
    clock,
    owner,
    call,
    provider,
    queries,
    keywordId: body.keyword.id,
    runDueWork,
    checkDays,
  }
}

describe('daily rank checks', () => {
  test('with no page opened, a tracked keyword gets exactly one stored check per day for 30 days', async () => {
    const { clock, queries, runDueWork, checkDays } = await setUp()
    // Tracking it checked today; the first tick runs the new business's first scheduled run.
    await runDueWork()
    expect(await checkDays()).toEqual(['2026-03-10'])
    for (let day = 1; day <= 30; day++) {
      clock.advance(DAY_SECONDS)
      await runDueWork()
      // Ticks later that day (another instance, or the next minute) change nothing.
      await runDueWork()
      clock.advance(3600)
      await runDueWork()
      clock.advance(-3600)
    }
    const days = await checkDays()
    expect(days).toHaveLength(31)
    expect(new Set(days).size).toBe(31)
    expect(days.at(-1)).toBe('2026-04-09')
    // The provider was asked once per day, never twice for the same day.
    const asked = queries.filter((q) => q.keyword === 'emergency dentist austin').map((q) => q.day)
    expect(asked).toHaveLength(31)
    expect(new Set(asked).size).toBe(31)
  })

  test('after downtime the missed days are checked once, on the next tick: none is invented', async () => {
    const { clock, runDueWork, checkDays } = await setUp()
    await runDueWork()
    clock.advance(5 * DAY_SECONDS)
    expect(await runDueWork()).toBe(1)
    expect(await checkDays()).toEqual(['2026-03-10', '2026-03-15'])
  })

  test('a business made after the planner started has its schedules at once, and the next tick checks it', async () => {
    const { app, runDueWork } = await setUp()
    await runDueWork()
    // The planner's later ticks read only due rows (issue 36 item 5): the business brings its own.
    const later = await signUp(app.app, { email: 'later@example.com' })
    const { body } = await apiCaller(app.app, () => later.accessToken)<{
      business: { id: string }
    }>('PUT', '/api/business', businessInput)
    const laterRows = () =>
      app.db
        .select({ kind: jobSchedules.kind, lastRunAt: jobSchedules.lastRunAt })
        .from(jobSchedules)
        .where(eq(jobSchedules.businessId, body.business.id))
    expect((await laterRows()).map((row) => row.kind).sort()).toEqual([...AUTOMATION_KINDS].sort())
    await runDueWork()
    const rank = (await laterRows()).find((row) => row.kind === 'rank_checks')
    expect(rank?.lastRunAt).toEqual(app.deps.clock.now())
  })

  test('the check runs early in the morning in the business time zone, and the next one is tomorrow', async () => {
    const { app, call, clock, runDueWork } = await setUp({ timeZone: 'America/Chicago' })
    await runDueWork()
    const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    const rank = rankSchedule(body.schedules)
    expect(rank).toMatchObject({
      kind: 'rank_checks',
      frequency: 'daily',
      timeZone: 'America/Chicago',
    })
    // The tracked keywords (the new business's samples, their first checks, and the owner's own,
    // when tracked) were checked today already: all five have today's position.
    expect(rank!.lastOutcome).toBe('5 keywords checked')
    expect(rank!.lastRunAt).toBe(clock.now().toISOString())
    const next = new Date(rank!.nextRunAt!)
    const localHour = Number(
      new Intl.DateTimeFormat('en-US', {
        hour: 'numeric',
        hourCycle: 'h23',
        timeZone: 'America/Chicago',
      }).format(next),
    )
    expect(localHour).toBeGreaterThanOrEqual(3)
    expect(localHour).toBeLessThan(7)
    expect(next.getTime() - clock.now().getTime()).toBeLessThan(DAY_SECONDS * 1000)
    expect(next.getTime()).toBeGreaterThan(clock.now().getTime())
    // Not due yet: a tick before that time enqueues nothing.
    expect(await app.automation!.tick()).toBe(0)
  })

  test('turned off in Settings, no check runs; weekly runs once a week', async () => {
    const { call, clock, owner, runDueWork, checkDays } = await setUp()
    await runDueWork()
    const off = await call<{ schedules: Schedule[] }>('PUT', '/api/automation', {
      kind: 'rank_checks',
      frequency: 'off',
    })
    expect(off.status).toBe(200)
    expect(rankSchedule(off.body.schedules)).toMatchObject({ frequency: 'off', nextRunAt: null })
    for (let day = 0; day < 3; day++) {
      clock.advance(DAY_SECONDS)
      expect(await runDueWork()).toBe(0)
    }
    expect(await checkDays()).toEqual(['2026-03-10'])

    // Days later the access token has expired: sign in again, as the owner would.
    const again = await signIn(t!.app, { email: owner.email, password: 'correct horse battery' })
    await call('PUT', '/api/automation', { kind: 'rank_checks', frequency: 'weekly' }, again)
    for (let day = 0; day < 14; day++) {
      clock.advance(DAY_SECONDS)
      await runDueWork()
    }
    expect(await checkDays()).toHaveLength(3)
  })

  test("checks past the day's query budget wait for tomorrow, even on a weekly schedule", async () => {
    const { app, call, clock, runDueWork } = await setUp({ env: { SERP_DAILY_QUERY_BUDGET: '3' } })
    // Weekly, with its first run still due now.
    await app.db
      .update(jobSchedules)
      .set({ frequency: 'weekly' })
      .where(eq(jobSchedules.kind, 'rank_checks'))
    await runDueWork()
    const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    const rank = rankSchedule(body.schedules)!
    expect(rank.lastOutcome).toMatch(
      /^\d+ keywords? checked, [1-9]\d* wait for tomorrow's query budget$/,
    )
    // Tomorrow, not a week on.
    const next = new Date(rank.nextRunAt!).getTime() - clock.now().getTime()
    expect(next).toBeGreaterThan(0)
    expect(next).toBeLessThanOrEqual(DAY_SECONDS * 1000)
  })

  test("a retry of a run cut off after its checks, before its outcome, says '5 checked', not '0 checked'", async () => {
    const { app, clock, provider, queries, runDueWork } = await setUp()
    await runDueWork()
    clock.advance(DAY_SECONDS)
    // The first try of today's run checks every tracked keyword, then its instance is killed
    // (kill -9) before the run's outcome is stored: the planner's claim lapses and the run is tried
    // again.
    const [schedule] = await app.db
      .select({ businessId: jobSchedules.businessId })
      .from(jobSchedules)
      .where(eq(jobSchedules.kind, 'rank_checks'))
    const business = await getBusinessById(app.db, schedule!.businessId)
    const cutOff = await checkTrackedToday({
      db: app.db,
      provider,
      business: business!,
      now: clock.now(),
      onPlaceFound: app.deps.recordFoundPlace,
      onMapSearched: app.deps.recordMapSightings,
    })
    expect(cutOff.checked).toBe(5)
    const asked = queries.length

    await runDueWork()
    const [row] = await app.db
      .select({ lastOutcome: jobSchedules.lastOutcome })
      .from(jobSchedules)
      .where(eq(jobSchedules.kind, 'rank_checks'))
    expect(row?.lastOutcome).toBe('5 keywords checked')
    // Nothing was asked twice.
    expect(queries.length).toBe(asked)
  })

  test("a retried job of a run that stored its outcome keeps it: '5 checked' never becomes '0 checked'", async () => {
    const { app, clock, queries, runDueWork } = await setUp()
    await runDueWork()
    clock.advance(DAY_SECONDS)
    await runDueWork()
    // Read as Settings shows it (the day-old access token has expired: straight from the table).
    const stored = async () => {
      const [row] = await app.db
        .select({ lastRunAt: jobSchedules.lastRunAt, lastOutcome: jobSchedules.lastOutcome })
        .from(jobSchedules)
        .where(eq(jobSchedules.kind, 'rank_checks'))
      return row
    }
    const first = await stored()
    expect(first?.lastOutcome).toMatch(/^[1-9]\d* keywords? checked$/)
    const asked = queries.length

    // The same job again, as the queue tries it when its instance was killed (kill -9) after the
    // outcome was stored but before the queue heard that the job had ended.
    const [job] = await rows<{ data: { businessId: string; claimedAt: string } }>(
      app.db,
      sql`select data from pgboss.job where name = ${automationQueue('rank_checks')}
        order by created_on desc limit 1`,
    )
    expect(job?.data.claimedAt).toBe(clock.now().toISOString())
    clock.advance(60)
    await app.deps.jobs.send(automationQueue('rank_checks'), job!.data, job!.data.businessId)
    await app.deps.jobs.whenIdle()
    expect(await stored()).toEqual(first)
    expect(queries.length).toBe(asked)

    // Two tries of the run ending at once (the first taken for lost while still working): the
    // second to end stores nothing either.
    await finishRun(app.db, {
      businessId: job!.data.businessId,
      kind: 'rank_checks',
      now: clock.now(),
      run: new Date(job!.data.claimedAt),
      outcome: '0 checked',
    })
    expect(await stored()).toEqual(first)

    // The next day's run is a new run: its outcome is stored.
    clock.advance(DAY_SECONDS)
    await runDueWork()
    expect((await stored())?.lastRunAt).toEqual(clock.now())
  })

  test('a bad frequency or kind is a clear 422 that changes nothing', async () => {
    const { app, call } = await setUp()
    await call('GET', '/api/automation')
    const before = await app.db.select().from(jobSchedules)
    for (const body of [
      { kind: 'rank_checks', frequency: 'hourly' },
      { kind: 'coffee', frequency: 'daily' },
      { kind: 'rank_checks' },
      { kind: 'rank_checks', frequency: 'daily', extra: 1 },
      // A site audit every day is not offered.
      { kind: 'site_audits', frequency: 'daily' },
    ]) {
      const res = await call<{ error: { code: string } }>('PUT', '/api/automation', body)
      expect(res.status).toBe(422)
      expect(res.body.error.code).toBe('validation_failed')
    }
    expect(await app.db.select().from(jobSchedules)).toEqual(before)
  })

  test("another owner's change never touches this owner's schedule", async () => {
    const { app, call } = await setUp()
    await call('GET', '/api/automation')
    const other = await signUp(app.app, { email: 'other@example.com' })
    const asOther = <T>(method: string, path: string, body?: unknown) =>
      call<T>(method, path, body, other)
    // Without a business the other owner has no schedules to read or change: 404.
    expect((await asOther('GET', '/api/automation')).status).toBe(404)
    expect(
      (await asOther('PUT', '/api/automation', { kind: 'rank_checks', frequency: 'off' })).status,
    ).toBe(404)
    await asOther('PUT', '/api/business', { ...businessInput, name: 'Other Dental' })
    await asOther('PUT', '/api/automation', { kind: 'rank_checks', frequency: 'off' })
    const mine = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    expect(rankSchedule(mine.body.schedules)!.frequency).toBe('daily')
    const rows = await app.db
      .select()
      .from(jobSchedules)
      .where(and(eq(jobSchedules.kind, 'rank_checks'), eq(jobSchedules.frequency, 'off')))
    expect(rows).toHaveLength(1)
  })
})

describe('operator view', () => {
  test('/healthz shows the queue counts and nothing about any business', async () => {
    const { app, runDueWork } = await setUp()
    await runDueWork()
    const res = await app.app.request('/healthz')
    const body = (await res.json()) as Record<string, unknown>
    expect(body).toEqual({
      status: 'ok',
      version: APP_VERSION,
      database: app.deps.dbKind,
      queue: { queued: 0, active: 0, failedLastHour: 0 },
    })
  })
})

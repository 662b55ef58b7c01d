// Geo-grid scans run again by themselves (issue 17 item 4, issue 16 item 2): weekly by default, from
// the planner like every other automatic check, with the settings of the owner's last scan.
import { eq } from 'drizzle-orm'
import { afterEach, expect, test } from 'vitest'
import type { Schedule } from '@localseo/shared/automation'
import type { GridSetup } from '@localseo/shared/geo-grid'
import { jobSchedules } from '../../db/schema/automation.js'
import { geoGridScans } from '../../db/schema/geo-grid.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

test('a grid scanned once is scanned again at the weekly run, with the same settings', async () => {
  const clock = createTestClock(new Date('2026-03-02T10:00:00Z'))
  const app = await createTestApp({ clock, jobs: true })
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = apiCaller(app.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  for (const kind of ['rank_checks', 'backlink_checks', 'site_audits', 'alert_emails']) {
    await call('PUT', '/api/automation', { kind, frequency: 'off' })
  }
  const runDueWork = async () => {
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
  }
  const grid = async () =>
    (await call<{ schedules: Schedule[] }>('GET', '/api/automation')).body.schedules.find(
      (s) => s.kind === 'grid_scans',
    )!
  expect((await grid()).frequency).toBe('weekly')
  // The first run comes at once: nothing scanned yet, nothing to scan again.
  await runDueWork()
  expect((await grid()).lastOutcome).toBe('No grid scans yet')

  await call('POST', '/api/rank-tracker/keywords', { keyword: 'dentist austin', location: 'main' })
  const setup = await call<GridSetup>('GET', '/api/geo-grid/setup')
  const keywordId = setup.body.keywords.find((k) => k.keyword === 'dentist austin')!.id
  await call('PUT', '/api/business/coordinates', { lat: 30.2672, lng: -97.7431 })
  const started = await call('POST', '/api/geo-grid/scans', {
    keywordId,
    gridSize: 3,
    spacingKm: 1,
  })
  expect(started.status).toBe(202)
  await app.deps.jobs.whenIdle()

  // The weekly slot may come tomorrow (too soon after the owner's scan) or a week on: two weeks.
  for (let day = 0; day < 14; day++) {
    clock.advance(86_400)
    await runDueWork()
  }
  const scans = (await app.db.select().from(geoGridScans)).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  )
  // The slot's weekday comes from the business's id: two weeks hold one or two weekly runs, each at
  // least six days after the scan before it (a slot too soon after the owner's scan is skipped).
  expect(scans.filter((s) => !s.scheduled)).toHaveLength(1)
  const scheduled = scans.filter((s) => s.scheduled)
  expect(scheduled.length).toBeGreaterThanOrEqual(1)
  expect(scheduled.length).toBeLessThanOrEqual(2)
  for (const scan of scheduled) expect(scan).toMatchObject({ gridSize: 3, spacingKm: 1 })
  for (let i = 1; i < scans.length; i++) {
    const gap = scans[i]!.createdAt.getTime() - scans[i - 1]!.createdAt.getTime()
    expect(gap).toBeGreaterThanOrEqual(6 * 86_400_000)
  }
  // (The owner's access token has expired by now: the schedule is read from the table.)
  const [schedule] = await app.db
    .select({ lastOutcome: jobSchedules.lastOutcome })
    .from(jobSchedules)
    .where(eq(jobSchedules.kind, 'grid_scans'))
  expect(schedule!.lastOutcome).toBe('Grid scan started: dentist austin')
}, 120_000)

// The monthly site audit (issue 16 item 2): the planner starts it like the owner's button, through
// the queue, on the business's day of the month; an audit already running is an outcome, not an error.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { automationQueue, type Schedule } from '@localseo/shared/automation'
import { eq } from 'drizzle-orm'
import { jobSchedules } from '../../db/schema/automation.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'

let site: FixtureServer
let t: TestApp | undefined
const DAY_SECONDS = 86_400

function serve(_req: IncomingMessage, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/html' })
  res.end('<html><head><title>Bright Smile Dental</title></head><body><h1>Hi</h1></body></html>')
}

beforeAll(async () => {
  site = await startFixtureServer({}, { fallback: serve })
})
afterAll(() => site.close())
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** An app with the job queue, and an owner whose business has `website` and only audits on. */
async function ownerWithWebsite(allowHost: string, website: string) {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const app = await createTestApp({ clock, jobs: true, env: { FETCH_ALLOW_HOSTS: allowHost } })
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    apiCaller(app.app, () => owner.accessToken)<T>(method, path, body)
  await call('PUT', '/api/business', { ...businessInput, website })
  for (const kind of ['rank_checks', 'backlink_checks', 'alert_emails']) {
    await call('PUT', '/api/automation', { kind, frequency: 'off' })
  }
  return { app, clock, call }
}

test('a monthly audit starts by itself, once, on the business day of the month', async () => {
  const { app, clock, call } = await ownerWithWebsite(site.hostPort, site.origin)
  const audits = async () => app.db.select().from(siteAuditRuns)
  const runDueWork = async () => {
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
  }

  // The first run comes at once and audits the site through the queue.
  await runDueWork()
  await expect.poll(async () => (await audits())[0]?.status, { timeout: 20_000 }).toBe('done')
  const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
  const audit = body.schedules.find((s) => s.kind === 'site_audits')!
  // Settings shows how the queued run ended, not that it was queued (issue 32 item 8).
  expect(audit).toMatchObject({ frequency: 'monthly' })
  expect(audit.lastOutcome).toMatch(/^Audit finished: \d+ pages? checked$/)
  // The next one is about a month away, on the business's day of the month.
  const next = new Date(audit.nextRunAt!)
  expect(next.getTime() - clock.now().getTime()).toBeGreaterThan(0)
  expect(next.getTime() - clock.now().getTime()).toBeLessThanOrEqual(32 * DAY_SECONDS * 1000)

  // Run twice the same day (a retried job, a race): no second audit.
  await app.db
    .update(jobSchedules)
    .set({ dueAt: clock.now() })
    .where(eq(jobSchedules.kind, 'site_audits'))
  await runDueWork()
  expect(await audits()).toHaveLength(1)

  // Thirty days later: exactly one more audit, whatever the day of the month.
  for (let day = 0; day < 31; day++) {
    clock.advance(DAY_SECONDS)
    await runDueWork()
  }
  await expect.poll(async () => (await audits()).length, { timeout: 20_000 }).toBe(2)
})

test('a sign-up queues no audit until a website is saved, then exactly one', async () => {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const app = await createTestApp({ clock, jobs: true, env: { FETCH_ALLOW_HOSTS: site.hostPort } })
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    apiCaller(app.app, () => owner.accessToken)<T>(method, path, body)
  await call('PUT', '/api/business', { ...businessInput, website: '' })
  for (const kind of ['rank_checks', 'backlink_checks', 'alert_emails']) {
    await call('PUT', '/api/automation', { kind, frequency: 'off' })
  }
  const auditJobs = async () =>
    (
      await app.database.executeSql(`select id from pgboss.job where name = $1`, [
        automationQueue('site_audits'),
      ])
    ).rows
  const runDueWork = async () => {
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
  }

  // Without a website nothing is queued, tick after tick; the audit stays due.
  await runDueWork()
  clock.advance(1800)
  await runDueWork()
  expect(await auditJobs()).toEqual([])
  expect(await app.db.select().from(siteAuditRuns)).toEqual([])

  // The website is saved: the next tick starts the first audit, and only that one.
  await call('PUT', '/api/business', { ...businessInput, website: site.origin })
  await runDueWork()
  await expect
    .poll(async () => (await app.db.select().from(siteAuditRuns))[0]?.status, { timeout: 20_000 })
    .toBe('done')
  for (let tick = 0; tick < 3; tick++) {
    clock.advance(3600)
    await runDueWork()
  }
  expect(await auditJobs()).toHaveLength(1)
  expect(await app.db.select().from(siteAuditRuns)).toHaveLength(1)
})

test("Settings shows a scheduled audit that failed as failed, with the run's reason", async () => {
  const down = await startFixtureServer(
    {},
    {
      fallback: (_req, res) => {
        res.writeHead(503)
        res.end()
      },
    },
  )
  try {
    const { app, call } = await ownerWithWebsite(down.hostPort, down.origin)
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    await expect
      .poll(async () => (await app.db.select().from(siteAuditRuns))[0]?.status, {
        timeout: 20_000,
      })
      .toBe('failed')
    const [run] = await app.db.select().from(siteAuditRuns)
    const { body } = await call<{ schedules: Schedule[] }>('GET', '/api/automation')
    const audit = body.schedules.find((s) => s.kind === 'site_audits')!
    expect(audit.lastOutcome).toBe(`Audit failed. ${run!.error}`)
  } finally {
    await down.close()
  }
})

// No audit is ever a phantom (issue 31 item 3, docs/decisions/028-audit-slots.md): a run and its
// job are created and ended together, a run waiting its turn is never failed for waiting, and Run
// audit after an interrupted or stuck run starts a real run that completes.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { AUDIT_QUEUE } from './audit-runs.js'
import { BUSINESS, goodPage, localPage } from './fixtures/golden-pages.js'

let busy: FixtureServer
let site: FixtureServer
/** While set, the busy site answers only once it resolves: its audit holds the one audit slot. */
let held: Promise<void> | undefined
let t: TestApp | undefined

function holding(_req: IncomingMessage, res: ServerResponse) {
  void (held ?? Promise.resolve()).then(() =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(goodPage('Busy')),
  )
}

beforeAll(async () => {
  busy = await startFixtureServer({}, { fallback: holding })
  site = await startFixtureServer({
    '/': { body: localPage(BUSINESS, { extraBody: '<a href="/services">Our services</a>' }) },
    '/services': { body: goodPage('Dental services') },
  })
})
afterAll(async () => {
  await busy.close()
  await site.close()
})
afterEach(async () => {
  held = undefined
  await t?.close()
  t = undefined
})

interface Run {
  id: string
  status: string
  endReason: string | null
  pagesCrawled: number
  error: string | null
}

async function startApp(options: { clock?: ReturnType<typeof createTestClock> } = {}) {
  t = await createTestApp({
    jobs: true,
    clock: options.clock,
    env: { FETCH_ALLOW_HOSTS: `${busy.hostPort},${site.hostPort}`, AUDIT_WORKERS: '1' },
  })
  return t
}

async function owner(app: TestApp, email: string, website: string) {
  const { accessToken } = await signUp(app.app, { email })
  const call = apiCaller(app.app, () => accessToken)
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', {
    ...businessInput,
    website,
  })
  return {
    businessId: saved.body.business.id,
    start: () => call<{ run: { id: string } }>('POST', '/api/site-audit/runs'),
    run: async (id: string) =>
      (await call<{ run: Run }>('GET', `/api/site-audit/runs/${id}`)).body.run,
    cancel: (id: string) => call<{ run: Run }>('POST', `/api/site-audit/runs/${id}/cancel`),
  }
}

/** The one audit slot is taken by another business's audit of the busy site, which waits. */
async function takeTheSlot(app: TestApp) {
  let release = () => {}
  held = new Promise((resolve) => (release = resolve))
  const other = await owner(app, 'busy@example.com', busy.origin)
  expect((await other.start()).status).toBe(202)
  await expect.poll(() => busy.hits(), { timeout: 10_000 }).toBeGreaterThan(0)
  return () => {
    held = undefined
    release()
  }
}

/** The states of the audit jobs sent for a run. */
async function jobsOf(app: TestApp, runId: string) {
  const { rows } = await app.database.executeSql(
    `select state from pgboss.job where name = $1 and data->>'runId' = $2`,
    [AUDIT_QUEUE, runId],
  )
  return rows.map((row) => String(row.state))
}

async function running(app: TestApp, businessId: string) {
  return app.db
    .select({ id: siteAuditRuns.id })
    .from(siteAuditRuns)
    .where(and(eq(siteAuditRuns.businessId, businessId), eq(siteAuditRuns.status, 'running')))
}

test('a run waiting its turn for ten minutes is not failed, and Run audit again makes no phantom', async () => {
  const clock = createTestClock(new Date())
  const instance = await startApp({ clock })
  const release = await takeTheSlot(instance)
  const me = await owner(instance, 'owner@example.com', site.origin)
  const first = await me.start()
  expect(first.status).toBe(202)
  const firstId = first.body.run.id

  // Ten minutes in the queue, longer than any crawl may take: still the live run, not 'interrupted'.
  clock.advance(600)
  const again = await me.start()
  expect(again.status).toBe(409)
  expect(await me.run(firstId)).toMatchObject({ status: 'running', error: null })
  expect(await jobsOf(instance, firstId)).toEqual(['created'])

  // Its turn comes: it runs in full.
  release()
  await instance.deps.jobs.whenIdle(20_000)
  expect(await me.run(firstId)).toMatchObject({ status: 'done', pagesCrawled: 2 })

  // Run audit again: a real run that completes.
  const next = await me.start()
  expect(next.status).toBe(202)
  await instance.deps.jobs.whenIdle(20_000)
  expect(await me.run(next.body.run.id)).toMatchObject({ status: 'done', pagesCrawled: 2 })
  expect(await running(instance, me.businessId)).toEqual([])
})

test('a run left running without a job is closed at the next Run audit, which starts a real run', async () => {
  const instance = await startApp()
  const me = await owner(instance, 'owner@example.com', site.origin)
  // The phantom the issue found: 'running, 0 pages', started a minute ago, no job to run it.
  const [phantom] = await instance.db
    .insert(siteAuditRuns)
    .values({
      businessId: me.businessId,
      status: 'running',
      startUrls: [site.origin],
      budget: 200,
      startedAt: new Date(Date.now() - 60_000),
    })
    .returning()

  const started = await me.start()
  expect(started.status).toBe(202)
  await instance.deps.jobs.whenIdle(20_000)
  expect(await me.run(phantom!.id)).toMatchObject({
    status: 'failed',
    error: 'The audit was interrupted.',
  })
  expect(await me.run(started.body.run.id)).toMatchObject({ status: 'done', pagesCrawled: 2 })
})

test('a run whose job cannot be sent is not stored, and the next Run audit works', async () => {
  const instance = await startApp()
  const me = await owner(instance, 'owner@example.com', site.origin)
  vi.spyOn(instance.deps.jobs, 'send').mockRejectedValueOnce(new Error('the queue is unreachable'))
  expect((await me.start()).status).toBe(500)
  expect(await instance.db.select().from(siteAuditRuns)).toEqual([])

  const started = await me.start()
  expect(started.status).toBe(202)
  expect(await jobsOf(instance, started.body.run.id)).toHaveLength(1)
  await instance.deps.jobs.whenIdle(20_000)
  expect(await me.run(started.body.run.id)).toMatchObject({ status: 'done' })
})

test('a run cancelled while it waits ends with its job, and the next Run audit runs', async () => {
  const instance = await startApp()
  const release = await takeTheSlot(instance)
  const me = await owner(instance, 'owner@example.com', site.origin)
  const first = (await me.start()).body.run.id
  expect((await me.cancel(first)).body.run).toMatchObject({ status: 'cancelled' })
  // No job for an ended run.
  expect(await jobsOf(instance, first)).toEqual(['cancelled'])

  const next = await me.start()
  expect(next.status).toBe(202)
  release()
  await instance.deps.jobs.whenIdle(20_000)
  expect(await me.run(next.body.run.id)).toMatchObject({ status: 'done', pagesCrawled: 2 })
  expect(await me.run(first)).toMatchObject({ status: 'cancelled', pagesCrawled: 0 })
  expect(await running(instance, me.businessId)).toEqual([])
})

test('Run audit twice at once starts one run with one job', async () => {
  const instance = await startApp()
  const me = await owner(instance, 'owner@example.com', site.origin)
  const answers = await Promise.all([me.start(), me.start()])
  expect(answers.map((a) => a.status).sort()).toEqual([202, 409])
  const id = answers.find((a) => a.status === 202)!.body.run.id
  expect(await jobsOf(instance, id)).toHaveLength(1)
  await instance.deps.jobs.whenIdle(20_000)
  expect(await me.run(id)).toMatchObject({ status: 'done' })
  expect(await instance.db.select().from(siteAuditRuns)).toHaveLength(1)
})

// Audits as jobs (issue 16 item 3): a run started on one instance survives that instance's stop and
// is finished by the next one, without the owner starting it again.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { Database } from '../../db/client.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { createTestDb } from '../../testing/db.js'
import { retryNow } from '../../testing/job-retries.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { AUDIT_QUEUE } from './audit-runs.js'
import { BUSINESS, goodPage, localPage } from './fixtures/golden-pages.js'

const PAGE_COUNT = 8
let site: FixtureServer
const requests: string[] = []
/** While set, the pages the home page links to (/p0 …) answer only once it resolves. */
let held: Promise<void> | undefined
/** Called at the first request for one of those pages. */
let onInnerPage = () => {}

function serve(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '/'
  requests.push(path)
  const links = Array.from({ length: PAGE_COUNT }, (_, i) => `<a href="/p${i}">Page ${i}</a>`)
  const html =
    path === '/' ? localPage(BUSINESS, { extraBody: links.join('') }) : goodPage(`Page ${path}`)
  const linked = /^\/p\d+$/.test(path)
  if (linked) onInnerPage()
  // Held pages: the audit is still crawling when its instance stops.
  void ((linked && held) || Promise.resolve()).then(() =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(html),
  )
}

let database: Database | undefined
const apps: TestApp[] = []
beforeAll(async () => {
  site = await startFixtureServer({}, { fallback: serve })
})
afterAll(() => site.close())
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close()
  await database?.close()
})

const instance = async () => {
  const app = await createTestApp({
    database,
    jobs: true,
    env: { FETCH_ALLOW_HOSTS: site.hostPort },
  })
  apps.push(app)
  return app
}

async function runRow(id: string) {
  const [row] = await database!.db.select().from(siteAuditRuns).where(eq(siteAuditRuns.id, id))
  return row!
}

test('an audit interrupted by a stop is finished by the next instance, not started again by the owner', async () => {
  database = await createTestDb()
  const crawling = new Promise<void>((resolve) => (onInnerPage = resolve))
  let release = () => {}
  held = new Promise((resolve) => (release = resolve))
  const first = await instance()
  const { accessToken } = await signUp(first.app, { email: 'owner@example.com' })
  const call = apiCaller(first.app, () => accessToken)
  await call('PUT', '/api/business', { ...businessInput, website: site.origin })
  const started = await call<{ run: { id: string } }>('POST', '/api/site-audit/runs')
  expect(started.status).toBe(202)
  const runId = started.body.run.id

  // The first instance is crawling the inner pages; then it stops as on SIGTERM: audits first,
  // then the queue.
  await crawling
  const stopping = first.deps.runs.audits.stop()
  release()
  await stopping
  await first.automation!.stop()
  expect((await runRow(runId)).status).toBe('running')
  const before = requests.length

  // The job waits 5 s before its retry (retryDelaySeconds): brought forward, not waited for.
  await retryNow(database, AUDIT_QUEUE)
  // The next instance takes the job from the queue and runs it to the end.
  const next = await instance()
  await next.deps.jobs.whenIdle(20_000)
  const row = await runRow(runId)
  expect(row).toMatchObject({ status: 'done', endReason: 'done', pagesCrawled: PAGE_COUNT + 1 })
  // Run again from its queue entry: the home page was fetched a second time.
  expect(requests.slice(before)).toContain('/')
  expect(await database.db.select().from(siteAuditRuns)).toHaveLength(1)
})

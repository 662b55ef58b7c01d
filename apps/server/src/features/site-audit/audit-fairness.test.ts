// One owner cannot starve another's audit (issue 31 item 3, docs/decisions/028-audit-slots.md):
// audits run AUDIT_WORKERS at a time per instance, one per business, and a slow website is cut at
// the run's own time limit. Slow websites here are tarpits on 127.0.0.1: every page answers after a
// second and links to 200 more.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { BUSINESS, goodPage, localPage } from './fixtures/golden-pages.js'

const SLOW_PAGE_MS = 1_000
/** Page names in letters: numbered ones of one shape would be capped as a trap at 50. */
const letters = (i: number): string =>
  (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26))
const links = Array.from({ length: 200 }, (_, i) => `<a href="/${letters(i)}">Page</a>`).join('')

/** A tarpit's page: after SLOW_PAGE_MS, unless the crawl gave up on it first; no robots.txt. */
function slowly(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/robots.txt' || req.url?.startsWith('/sitemap')) return res.writeHead(404).end()
  const timer = setTimeout(() => {
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(goodPage(`Slow ${req.url}`, { body: links }))
  }, SLOW_PAGE_MS)
  res.on('close', () => clearTimeout(timer))
}

let slowA: FixtureServer
let slowB: FixtureServer
let fast: FixtureServer
let current: TestApp | undefined

beforeAll(async () => {
  slowA = await startFixtureServer({}, { fallback: slowly })
  slowB = await startFixtureServer({}, { fallback: slowly })
  fast = await startFixtureServer({
    '/': { body: localPage(BUSINESS, { extraBody: '<a href="/services">Our services</a>' }) },
    '/services': { body: goodPage('Dental services') },
  })
})
afterAll(async () => {
  for (const site of [slowA, slowB, fast]) await site.close()
})
afterEach(async () => {
  await current?.close()
  current = undefined
})

interface Run {
  id: string
  status: string
  endReason: string | null
  pagesCrawled: number
}

async function app(env: Record<string, string>) {
  current = await createTestApp({
    jobs: true,
    env: { FETCH_ALLOW_HOSTS: [slowA, slowB, fast].map((s) => s.hostPort).join(','), ...env },
  })
  return current
}

/** An owner whose business has `website`, and a caller with their session. */
async function owner(t: TestApp, email: string, website: string) {
  const { accessToken } = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => accessToken)
  await call('PUT', '/api/business', { ...businessInput, website })
  return {
    async start() {
      const started = await call<{ run: { id: string } }>('POST', '/api/site-audit/runs')
      expect(started.status).toBe(202)
      return started.body.run.id
    },
    async run(id: string) {
      return (await call<{ run: Run }>('GET', `/api/site-audit/runs/${id}`)).body.run
    },
    cancel: (id: string) => call('POST', `/api/site-audit/runs/${id}/cancel`),
  }
}

test("a third owner's audit runs and finishes while two tarpit websites are being audited", async () => {
  const t = await app({ AUDIT_RUN_LIMIT_SECONDS: '120' })
  const a = await owner(t, 'a@example.com', slowA.origin)
  const b = await owner(t, 'b@example.com', slowB.origin)
  const runA = await a.start()
  const runB = await b.start()
  // Both tarpits are being crawled before the third owner asks.
  await expect.poll(() => slowA.hits() > 0 && slowB.hits() > 0, { timeout: 10_000 }).toBe(true)

  const c = await owner(t, 'c@example.com', fast.origin)
  const runC = await c.start()
  await expect
    .poll(async () => (await c.run(runC)).status, { timeout: 20_000, interval: 200 })
    .toBe('done')
  expect(await c.run(runC)).toMatchObject({ endReason: 'done', pagesCrawled: 2 })
  // Beside them, not after them: both tarpits are still being audited.
  expect((await a.run(runA)).status).toBe('running')
  expect((await b.run(runB)).status).toBe('running')

  await a.cancel(runA)
  await b.cancel(runB)
  await t.deps.jobs.whenIdle()
  expect(await a.run(runA)).toMatchObject({ status: 'cancelled' })
})

test('a slow website is cut at its own time limit, and the audit that waited behind it runs in full', async () => {
  const t = await app({ AUDIT_WORKERS: '1', AUDIT_RUN_LIMIT_SECONDS: '3' })
  const a = await owner(t, 'a@example.com', slowA.origin)
  const b = await owner(t, 'b@example.com', slowB.origin)
  const c = await owner(t, 'c@example.com', fast.origin)
  const runA = await a.start()
  const runB = await b.start()
  const runC = await c.start()

  // One slot: each tarpit holds it for its 3 seconds, and the fast site waits longer than that.
  await t.deps.jobs.whenIdle(30_000)
  for (const [who, id] of [
    [a, runA],
    [b, runB],
  ] as const) {
    const run = await who.run(id)
    // Done with the pages it had: 'Done (time limit reached, partial results)'.
    expect(run).toMatchObject({ status: 'done', endReason: 'timeout' })
    expect(run.pagesCrawled).toBeLessThan(200)
  }
  // The time it waited in the queue did not count against it.
  expect(await c.run(runC)).toMatchObject({ status: 'done', endReason: 'done', pagesCrawled: 2 })
})

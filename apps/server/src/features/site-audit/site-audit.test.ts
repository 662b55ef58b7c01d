// /api/site-audit against a fixture website on 127.0.0.1 (allowed through FETCH_ALLOW_HOSTS): runs
// go on in the background, store their pages and issues, keep a history with new and fixed issues,
// one at a time per business, cancellable, and never visible to another owner.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { businesses } from '../../db/schema/business.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { cancelAuditRunFor } from './site-audit.service.js'
import { BUSINESS, goodPage, localPage } from './fixtures/golden-pages.js'

interface RunBody {
  run: {
    id: string
    status: string
    pagesCrawled: number
    budget: number
    endReason: string | null
  }
  issues: {
    id: string
    severity: string
    pageCount: number
    pages: { url: string }[]
    isNew: boolean
  }[]
  pages: { url: string; status: number | null; outcome: string }[]
  changes: { newIssues: string[]; fixedIssues: string[] } | null
  error?: { code: string; message: string }
}
interface ListBody {
  runs: {
    id: string
    status: string
    newCount: number | null
    fixedCount: number | null
    issueCounts: Record<string, number>
  }[]
}

let site: FixtureServer
/** What the fixture site serves; tests change it between runs. */
let pages: Record<string, string> = {}
/** While set, the fixture site answers only once it resolves: a slow site, as slow as a test needs. */
let held: Promise<void> | undefined
/** Told of each request before it is answered (a test may hold the answers from there on). */
let onRequest: ((path: string) => void) | undefined
let t: TestApp
let token: string

const call = <T = RunBody>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<T & { error?: { code: string; message: string } }>(
    method,
    path,
    body,
    bearer,
  )

function serve(req: IncomingMessage, res: ServerResponse) {
  onRequest?.(req.url ?? '/')
  const html = pages[req.url ?? '/']
  void (held ?? Promise.resolve()).then(() => {
    if (html === undefined) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
}

/** Cancels the run as another instance would: it does not hold the run's controller. */
async function cancelElsewhere(runId: string) {
  const [business] = await t.db.select({ id: businesses.id }).from(businesses)
  const marked = await cancelAuditRunFor({
    db: t.db,
    jobs: t.deps.jobs,
    businessId: business!.id,
    runId,
    cancel: () => false,
    now: new Date(),
  })
  expect(marked.status).toBe('cancelled')
}

/** Holds every answer of the site until the returned function is called. */
function holdAnswers(): () => void {
  let release = () => {}
  held = new Promise((resolve) => (release = resolve))
  return () => {
    held = undefined
    release()
  }
}

beforeAll(async () => {
  site = await startFixtureServer({}, { fallback: serve })
})
afterAll(() => site.close())

beforeEach(async () => {
  held = undefined
  onRequest = undefined
  pages = {
    '/': localPage(BUSINESS, { extraBody: '<a href="/services">Our dental services</a>' }),
    '/services': goodPage('Dental services'),
  }
  t = await createTestApp({ env: { FETCH_ALLOW_HOSTS: site.hostPort }, jobs: true })
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
  await call('PUT', '/api/business', { ...businessInput, website: site.origin })
})
afterEach(async () => {
  await t.deps.jobs.whenIdle()
  await t.close()
})

/** The run once the queue has run every audit sent. */
async function finishedRun(id: string, bearer?: string): Promise<RunBody> {
  await t.deps.jobs.whenIdle()
  const res = await call('GET', `/api/site-audit/runs/${id}`, undefined, bearer)
  expect(res.body.run.status).not.toBe('running')
  return res.body
}

describe('site audit runs', () => {
  test('a run starts at once, goes on in the background and stores its pages and issues', async () => {
    const release = holdAnswers()
    const started = await call('POST', '/api/site-audit/runs')
    expect(started.status).toBe(202)
    expect(started.body.run).toMatchObject({ status: 'running', budget: 200 })
    const polled = await call('GET', `/api/site-audit/runs/${started.body.run.id}`)
    expect(polled.body.run.status).toBe('running')

    release()
    const done = await finishedRun(started.body.run.id)
    expect(done.run).toMatchObject({ status: 'done', pagesCrawled: 2, endReason: 'done' })
    expect(done.pages.map((p) => [new URL(p.url).pathname, p.status, p.outcome])).toEqual([
      ['/', 200, 'ok'],
      ['/services', 200, 'ok'],
    ])
    expect(done.issues.map((i) => i.id)).toEqual(['not-https'])
    expect(done.changes).toBeNull()
  })

  test('the history lists runs newest first with what is new and what is fixed', async () => {
    const first = await call('POST', '/api/site-audit/runs')
    await finishedRun(first.body.run.id)
    // The services page loses its H1; the home page gains a broken link.
    pages['/services'] = goodPage('Dental services').replace(/<h1>.*?<\/h1>/, '')
    pages['/'] = localPage(BUSINESS, {
      extraBody: '<a href="/services">Our dental services</a><a href="/gone">Old offer</a>',
    })
    const second = await call('POST', '/api/site-audit/runs')
    const detail = await finishedRun(second.body.run.id)
    expect(detail.changes).toEqual({ newIssues: ['broken-page', 'h1-missing'], fixedIssues: [] })
    expect(
      detail.issues
        .filter((i) => i.isNew)
        .map((i) => i.id)
        .sort(),
    ).toEqual(['broken-page', 'h1-missing'])

    pages = { '/': localPage(BUSINESS) }
    const third = await call('POST', '/api/site-audit/runs')
    await finishedRun(third.body.run.id)
    const fixedDetail = await call<RunBody & { fixed: { id: string; title: string }[] }>(
      'GET',
      `/api/site-audit/runs/${third.body.run.id}`,
    )
    expect(fixedDetail.body.fixed).toEqual([
      expect.objectContaining({ id: 'broken-page', title: 'Pages that answer with an error' }),
      expect.objectContaining({ id: 'h1-missing', title: 'Missing main heading (H1)' }),
    ])
    const list = await call<ListBody>('GET', '/api/site-audit/runs')
    expect(list.body.runs.map((r) => [r.id, r.newCount, r.fixedCount])).toEqual([
      [third.body.run.id, 0, 2],
      [second.body.run.id, 2, 0],
      [first.body.run.id, null, null],
    ])
    expect(list.body.runs[1]?.issueCounts).toEqual({ critical: 1, alert: 2, warning: 0 })
  })

  test('one running audit per business; a running audit can be cancelled', async () => {
    const release = holdAnswers()
    pages['/services'] = goodPage('Dental services', {
      body: '<a href="/a">A page</a><a href="/b">B page</a><a href="/c">C page</a>',
    })
    const first = await call('POST', '/api/site-audit/runs')
    const second = await call('POST', '/api/site-audit/runs')
    expect(second.status).toBe(409)
    expect(second.body.error?.code).toBe('conflict')
    const cancelled = await call('POST', `/api/site-audit/runs/${first.body.run.id}/cancel`)
    expect(cancelled.status).toBe(200)
    release()
    const done = await finishedRun(first.body.run.id)
    expect(done.run).toMatchObject({ status: 'cancelled', endReason: 'cancelled' })
    expect(done.run.pagesCrawled).toBeLessThan(3)
  })

  test('a cancel that reaches another instance stops the run at its next progress write', async () => {
    const release = holdAnswers()
    pages['/services'] = goodPage('Dental services', {
      body: ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `<a href="/${x}">Page ${x}</a>`).join(''),
    })
    for (const x of ['a', 'b', 'c', 'd', 'e', 'f'])
      pages[`/${x}`] = goodPage(`Page ${x} of the site`)
    const started = await call('POST', '/api/site-audit/runs')
    const id = started.body.run.id
    await cancelElsewhere(id)
    release()
    const done = await finishedRun(id)
    expect(done.run).toMatchObject({ status: 'cancelled', endReason: 'cancelled' })
    expect(done.run.pagesCrawled).toBeLessThan(8)
    expect(done.pages.length).toBe(done.run.pagesCrawled)
  })

  test('a cancel from another instance after the last progress write: the run still ends cancelled', async () => {
    // '/' answers at once, so the crawl writes its first progress; '/services' waits for the gate.
    let open = () => {}
    const gate = new Promise<void>((resolve) => (open = resolve))
    onRequest = (path) => {
      if (path === '/services') held = gate
    }
    const started = await call('POST', '/api/site-audit/runs')
    const id = started.body.run.id
    const progress = async () =>
      (await call('GET', `/api/site-audit/runs/${id}`)).body.run.pagesCrawled
    for (let i = 0; i < 100 && (await progress()) < 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await progress()).toBe(1)
    await cancelElsewhere(id)
    // The last page comes within a second of the first: no progress write sees the cancel.
    open()
    const done = await finishedRun(id)
    expect(done.run).toMatchObject({ status: 'cancelled', endReason: 'cancelled' })
    expect(done.pages.length).toBe(done.run.pagesCrawled)
  })

  test('a run left running by a stopped process is closed as failed, so a new one can start', async () => {
    const [business] = await t.db.select({ id: businesses.id }).from(businesses)
    const [stuck] = await t.db
      .insert(siteAuditRuns)
      .values({
        businessId: business!.id,
        status: 'running',
        startUrls: [site.origin],
        budget: 200,
        startedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning()
    const started = await call('POST', '/api/site-audit/runs')
    expect(started.status).toBe(202)
    await finishedRun(started.body.run.id)
    const old = await call('GET', `/api/site-audit/runs/${stuck!.id}`)
    expect(old.body.run).toMatchObject({ status: 'failed' })
  })

  test('a business without a website gets a clear 422; without a business, a 404', async () => {
    await call('PUT', '/api/business', { ...businessInput, website: '' })
    const noWebsite = await call('POST', '/api/site-audit/runs')
    expect(noWebsite.status).toBe(422)
    expect(noWebsite.body.error?.message).toBe('Add your website in Settings to run a site audit.')
    const other = (await signUp(t.app, { email: 'new@example.com' })).accessToken
    expect((await call('POST', '/api/site-audit/runs', undefined, other)).status).toBe(404)
    expect((await call('GET', '/api/site-audit/runs/not-a-uuid')).status).toBe(422)
  })

  test("another owner cannot read, list or cancel this business's runs", async () => {
    const run = await call('POST', '/api/site-audit/runs')
    const id = run.body.run.id
    await finishedRun(id)
    const other = (await signUp(t.app, { email: 'other@example.com' })).accessToken
    await call(
      'PUT',
      '/api/business',
      { ...businessInput, name: 'Other Dental', website: site.origin },
      other,
    )
    expect((await call('GET', `/api/site-audit/runs/${id}`, undefined, other)).status).toBe(404)
    expect((await call('POST', `/api/site-audit/runs/${id}/cancel`, undefined, other)).status).toBe(
      404,
    )
    const list = await call<ListBody>('GET', '/api/site-audit/runs', undefined, other)
    expect(list.body.runs).toEqual([])
    // The owner still sees it, unchanged.
    expect((await call('GET', `/api/site-audit/runs/${id}`)).body.run.status).toBe('done')
  })
})

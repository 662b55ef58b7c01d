// Backlink checks that run by themselves (issue 16 item 2) against fixture pages on 127.0.0.1:
// weekly by default, never-checked links first, a page that does not answer tried again each day,
// and lost (broken) after 3 days without an answer. Sample links are never fetched.
import { asc } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { Schedule } from '@localseo/shared/automation'
import { notifications } from '../../db/schema/alerts.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { createSafeFetcher, type SafeFetcher } from '../../net/safe-fetch.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import {
  startFixtureServer,
  type FixtureRoute,
  type FixtureServer,
} from '../../testing/fixture-server.js'

const DAY_SECONDS = 86_400
const html = (body: string) =>
  `<!doctype html><html><head><title>Austin news</title></head><body><h1>Dentists</h1>${body}</body></html>`

let site: FixtureServer
let fetcher: SafeFetcher
let t: TestApp | undefined
/** The page that stops answering; it answers again when this is true. */
let deadAnswers = false
/** The linking page marks its link nofollow when this is true. */
let linkedNofollow = false
const hits = new Map<string, number>()

/** A fixture route that counts its requests, answering a page that links to the business or a 503. */
const counted =
  (path: string, answers: () => boolean): FixtureRoute =>
  (_req, res) => {
    hits.set(path, (hits.get(path) ?? 0) + 1)
    if (!answers()) return void res.writeHead(503).end('down')
    const rel = path === '/linked' && linkedNofollow ? ' rel="nofollow"' : ''
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(html(`<a href="https://brightsmile.example/"${rel}>Bright Smile</a>`))
  }

beforeAll(async () => {
  site = await startFixtureServer({
    '/linked': counted('/linked', () => true),
    '/dead': counted('/dead', () => deadAnswers),
  })
  fetcher = createSafeFetcher({
    allowHosts: [site.hostPort],
    resolve: (hostname, _options, callback) =>
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []),
  })
})
afterAll(async () => {
  await fetcher.close()
  await site.close()
})
afterEach(async () => {
  await t?.close()
  t = undefined
  hits.clear()
  deadAnswers = false
  linkedNofollow = false
})

async function setUp() {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const app = await createTestApp({ clock, fetcher, jobs: true })
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = <T = unknown>(method: string, path: string, body?: unknown) =>
    apiCaller(app.app, () => owner.accessToken)<T>(method, path, body)
  await call('PUT', '/api/business', { ...businessInput, website: 'https://brightsmile.example' })
  await call('PUT', '/api/automation', { kind: 'rank_checks', frequency: 'off' })
  await call('PUT', '/api/automation', { kind: 'site_audits', frequency: 'off' })
  await call('PUT', '/api/automation', { kind: 'alert_emails', frequency: 'off' })
  const [business] = await app.db.select({ id: businesses.id }).from(businesses)
  const base = {
    businessId: business!.id,
    anchorText: 'Bright Smile',
    linkType: 'dofollow' as const,
    quality: 'medium' as const,
    domainAuthority: 50,
    spamScore: 1,
  }
  await app.db.insert(backlinks).values([
    { ...base, url: `${site.origin}/linked`, domain: 'linked.example' },
    { ...base, url: `${site.origin}/dead`, domain: 'dead.example' },
  ])
  const runDueWork = async () => {
    const enqueued = await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    return enqueued
  }
  const links = () =>
    app.db
      .select({
        domain: backlinks.domain,
        status: backlinks.status,
        sample: backlinks.sample,
        note: backlinks.verification,
      })
      .from(backlinks)
      .orderBy(asc(backlinks.domain))
  const backlinkSchedule = async () =>
    (await call<{ schedules: Schedule[] }>('GET', '/api/automation')).body.schedules.find(
      (s) => s.kind === 'backlink_checks',
    )!
  return { app, clock, owner, call, runDueWork, links, backlinkSchedule }
}

describe('backlink checks that run by themselves', () => {
  test('weekly by default: the first run checks every own link and never fetches the samples', async () => {
    const { runDueWork, links, backlinkSchedule } = await setUp()
    expect((await backlinkSchedule()).frequency).toBe('weekly')
    await runDueWork()
    const rows = await links()
    expect(rows.filter((r) => !r.sample).map((r) => [r.domain, r.status])).toEqual([
      ['dead.example', 'unreachable'],
      ['linked.example', 'active'],
    ])
    // The three sample links of a new business point at made-up pages: left as they were.
    expect(rows.filter((r) => r.sample).every((r) => r.note === null)).toBe(true)
    expect((await backlinkSchedule()).lastOutcome).toBe(
      '2 checked, 1 did not answer (tried again tomorrow)',
    )
  })

  test('a page without an answer is tried each day and its link is lost after 3 days', async () => {
    const { clock, runDueWork, links } = await setUp()
    await runDueWork()
    for (let day = 1; day <= 3; day++) {
      clock.advance(DAY_SECONDS)
      await runDueWork()
    }
    // Day 0 and three daily retries of the dead page; the answering page only on day 0.
    expect(hits.get('/dead')).toBe(4)
    expect(hits.get('/linked')).toBe(1)
    const dead = (await links()).find((r) => r.domain === 'dead.example')!
    expect(dead.status).toBe('broken')
    expect(JSON.stringify(dead.note)).toContain('did not answer for 3 days')
    // The owner hears of it in the notification list.
    const told = await t!.db.select().from(notifications)
    expect(told.map((n) => [n.kind, n.message, n.link])).toEqual([
      [
        'backlink_lost',
        'The link from dead.example is lost: its page did not answer for 3 days.',
        '/backlinks',
      ],
    ])
    // Nothing left to retry: the next run is the weekly one.
    clock.advance(DAY_SECONDS)
    await runDueWork()
    expect(hits.get('/dead')).toBe(4)
  })

  test('a page that answers again within 3 days keeps its link', async () => {
    const { clock, runDueWork, links } = await setUp()
    await runDueWork()
    clock.advance(DAY_SECONDS)
    await runDueWork()
    deadAnswers = true
    clock.advance(DAY_SECONDS)
    await runDueWork()
    clock.advance(3 * DAY_SECONDS)
    await runDueWork()
    expect((await links()).find((r) => r.domain === 'dead.example')!.status).toBe('active')
  })

  test('weekly: every link is checked again at the weekly run, never more than once a week', async () => {
    const { clock, runDueWork } = await setUp()
    deadAnswers = true
    await runDueWork()
    const checkedOn: number[] = []
    // The first run comes at once; then the business's weekly slot (early morning, one weekday).
    for (let day = 1; day <= 14; day++) {
      clock.advance(DAY_SECONDS)
      const before = hits.get('/linked')
      await runDueWork()
      if (hits.get('/linked') !== before) checkedOn.push(day)
    }
    // Checked again at the weekly slot (which weekday depends on the business), a week apart.
    expect(checkedOn.length).toBeGreaterThanOrEqual(1)
    expect(checkedOn.length).toBeLessThanOrEqual(2)
    expect(checkedOn[0]).toBeGreaterThanOrEqual(6)
    if (checkedOn[1] !== undefined) expect(checkedOn[1] - checkedOn[0]!).toBe(7)
    expect(hits.get('/dead')).toBe(hits.get('/linked'))
  })

  test('a followed link that turns nofollow is an alert, once', async () => {
    const { clock, call, runDueWork } = await setUp()
    deadAnswers = true
    await call('PUT', '/api/automation', { kind: 'backlink_checks', frequency: 'daily' })
    await runDueWork()
    linkedNofollow = true
    clock.advance(DAY_SECONDS)
    await runDueWork()
    const told = await t!.db.select().from(notifications)
    expect(told.map((n) => [n.kind, n.message])).toEqual([
      [
        'backlink_nofollow',
        'The link from linked.example is now nofollow: it no longer passes credit to your website.',
      ],
    ])
    // Told once: the link is nofollow now, and stays so at the next check.
    clock.advance(DAY_SECONDS)
    await runDueWork()
    expect(await t!.db.select().from(notifications)).toHaveLength(1)
  })

  test('with backlink alerts turned off, a lost link is not recorded', async () => {
    const { clock, call, runDueWork, links } = await setUp()
    await call('PUT', '/api/alerts/preferences', { topics: ['rankings', 'site_audit', 'listings'] })
    await runDueWork()
    for (let day = 1; day <= 3; day++) {
      clock.advance(DAY_SECONDS)
      await runDueWork()
    }
    const rows = await links()
    expect(rows.find((r) => r.domain === 'dead.example')!.status).toBe('broken')
    expect(await t!.db.select().from(notifications)).toEqual([])
  })
})

// Share links (issue 35 item 5, docs/decisions/050-share-links.md): the owner's list, create and turn
// off, and the public view a link opens without an account, showing its own view and nothing else.
import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  SHARE_LINK_GONE,
  sharedViewSchema,
  type ShareLink,
  type SharedView,
} from '@localseo/shared/share-links'
import { shareLinks } from '../../db/schema/share-links.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { createOwner } from '../../testing/backlink-owners.js'
import { businessInput } from '../../testing/factories.js'
import { addMember, memberCall } from '../../testing/members.js'
import { seedReportMonth } from '../../testing/reports.js'

let t: TestApp
let owner: Awaited<ReturnType<typeof createOwner>>
const clock = createTestClock(new Date('2026-04-02T15:00:00Z'))
const DAY_S = 86_400

type Created = { link: ShareLink; url: string }

beforeEach(async () => {
  clock.set(new Date('2026-04-02T15:00:00Z'))
  t = await createTestApp({ clock })
  owner = await createOwner(t, { email: 'owner@example.com' })
})
afterEach(() => t.close())

const create = (body: unknown, as = owner) => as.call<Created>('POST', '/api/share-links', body)
const tokenOf = (url: string) => url.split('/shared/')[1]!

/** The public view, as a stranger's browser asks for it: no session, no cookie. */
const open = (token: string, suffix = '') => t.app.request(`/api/shared/${token}${suffix}`)

async function rowCount() {
  return (await t.db.select().from(shareLinks)).length
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

describe('/api/share-links', () => {
  test('a link is made for a week by default, its URL told once and only its hash kept', async () => {
    const created = await create({ kind: 'dashboard' })
    expect(created.status).toBe(201)
    const { link, url } = created.body
    expect(url).toMatch(new RegExp(`^${t.deps.env.SITE_URL}/shared/[A-Za-z0-9_-]{43}$`))
    const token = tokenOf(url)
    expect(link).toMatchObject({
      kind: 'dashboard',
      month: null,
      location: 'main',
      status: 'active',
      tokenEnd: token.slice(-4),
      openCount: 0,
      lastOpenedAt: null,
      expiresAt: new Date(clock.now().getTime() + 7 * DAY_S * 1000).toISOString(),
    })
    const [row] = await t.db.select().from(shareLinks)
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)

    const listed = await owner.call<{ links: ShareLink[] }>('GET', '/api/share-links')
    expect(listed.status).toBe(200)
    expect(listed.body.links.map((l) => l.id)).toEqual([link.id])
    expect(JSON.stringify(listed.body)).not.toContain(token)
    expect(JSON.stringify(listed.body)).not.toContain(row!.tokenHash)
  })

  test('the owner picks 1, 7, 30 or 90 days, a label and a location of their own', async () => {
    const created = await create({
      kind: 'dashboard',
      location: owner.locationId,
      expiresInDays: 90,
      label: '  For our marketer  ',
    })
    expect(created.status).toBe(201)
    expect(created.body.link).toMatchObject({
      location: owner.locationId,
      place: 'Round Rock',
      label: 'For our marketer',
      expiresAt: new Date(clock.now().getTime() + 90 * DAY_S * 1000).toISOString(),
    })
  })

  test('bad input is a 422 in the one error shape and writes nothing', async () => {
    for (const body of [
      {},
      { kind: 'everything' },
      { kind: 'dashboard', expiresInDays: 5 },
      { kind: 'dashboard', label: 'x'.repeat(81) },
      { kind: 'report', location: 'main' },
      { kind: 'report', month: '2026-13' },
      // A month with nothing to report: the Reports screen offers only months with data.
      { kind: 'report', month: '2025-01' },
    ]) {
      const res = await create(body)
      expect([res.status, JSON.stringify(body)]).toEqual([422, JSON.stringify(body)])
      expect(res.body).toMatchObject({ error: { code: 'validation_failed' } })
    }
    expect(await rowCount()).toBe(0)
  })

  test("another business's location is a 404 and writes nothing", async () => {
    const other = await createOwner(t, { email: 'other@example.com' })
    const res = await create({ kind: 'dashboard', location: other.locationId })
    expect(res.status).toBe(404)
    expect(await rowCount()).toBe(0)
  })

  test("another owner neither lists nor turns off this business's links (404)", async () => {
    const { link } = (await create({ kind: 'dashboard' })).body
    const other = await createOwner(t, { email: 'other@example.com' })
    const listed = await other.call<{ links: ShareLink[] }>('GET', '/api/share-links')
    expect(listed.body.links).toEqual([])
    const revoked = await other.call('DELETE', `/api/share-links/${link.id}`)
    expect(revoked.status).toBe(404)
    expect(revoked.body).toMatchObject({ error: { code: 'not_found' } })
    const [row] = await t.db.select().from(shareLinks)
    expect(row!.revokedAt).toBeNull()
  })

  test('a viewer sees the list but cannot make or turn off a link (403)', async () => {
    const { link } = (await create({ kind: 'dashboard' })).body
    const viewer = await addMember(t, owner.session, owner.businessId, 'viewer')
    const as = (method: string, path: string, body?: unknown) =>
      memberCall(t.app, viewer, method, path, { body, businessId: owner.businessId })
    const listed = await as('GET', '/api/share-links')
    expect(listed.status).toBe(200)
    expect((await as('POST', '/api/share-links', { kind: 'dashboard' })).status).toBe(403)
    expect((await as('DELETE', `/api/share-links/${link.id}`)).status).toBe(403)
    expect(await rowCount()).toBe(1)
    const [row] = await t.db.select().from(shareLinks)
    expect(row!.revokedAt).toBeNull()
  })

  test('turning a link off closes it at once; a second time keeps the first time', async () => {
    const { link, url } = (await create({ kind: 'dashboard' })).body
    expect((await open(tokenOf(url))).status).toBe(200)
    const first = await owner.call<{ link: ShareLink }>('DELETE', `/api/share-links/${link.id}`)
    expect(first.status).toBe(200)
    expect(first.body.link.status).toBe('turned_off')
    const [before] = await t.db.select().from(shareLinks)
    clock.advance(60)
    const again = await owner.call<{ link: ShareLink }>('DELETE', `/api/share-links/${link.id}`)
    expect(again.status).toBe(200)
    const [after] = await t.db.select().from(shareLinks)
    expect(after!.revokedAt).toEqual(before!.revokedAt)
    const res = await open(tokenOf(url))
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: SHARE_LINK_GONE } })
  })
})

describe('/api/shared/:token', () => {
  test("a dashboard link shows its business's score and keywords, no ids, no session needed", async () => {
    await seedReportMonth(t.db, owner.businessId, owner.locationId)
    const { url } = (await create({ kind: 'dashboard', location: owner.locationId })).body
    const res = await open(tokenOf(url))
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    expect(res.headers.get('set-cookie')).toBeNull()
    const text = await res.text()
    const view = sharedViewSchema.parse(JSON.parse(text))
    expect(view).toMatchObject({ kind: 'dashboard', businessName: 'Bright Smile Dental' })
    if (view.kind !== 'dashboard') throw new Error('a dashboard link')
    expect(view.dashboard.score).toBe(72)
    expect(view.dashboard.scoreSource).toEqual({ kind: 'estimate' })
    expect(view.place).toBe('Round Rock')
    // The location's keyword as the dashboard shows it: April 1st's #2 after March 31st's #4.
    expect(view.dashboard.topKeywords).toMatchObject([
      {
        keyword: 'dentist łódź',
        position: 2,
        previousPosition: 4,
        positionSource: { kind: 'simulated' },
      },
    ])
    // No id of any row, no user, no email, no token of any kind.
    expect(text).not.toMatch(UUID)
    expect(text).not.toContain(owner.businessId)
    expect(text).not.toContain('owner@example.com')
    expect(text).not.toContain(tokenOf(url))
    expect(text).not.toMatch(/"(id|userId|businessId|runId|email|token)"/)
  })

  test('the view is schema-strict: a field nobody meant to share fails the parse', () => {
    const view: SharedView = {
      kind: 'dashboard',
      businessName: 'A',
      place: 'A (Main)',
      expiresAt: '2026-04-09T15:00:00.000Z',
      dashboard: {
        score: 72,
        scoreSource: null,
        scoreNote: '',
        breakdown: [],
        topKeywords: [],
        keywordsNotChecked: 0,
      },
    }
    expect(sharedViewSchema.safeParse(view).success).toBe(true)
    expect(sharedViewSchema.safeParse({ ...view, businessId: 'x' }).success).toBe(false)
    expect(
      sharedViewSchema.safeParse({ ...view, dashboard: { ...view.dashboard, issues: [] } }).success,
    ).toBe(false)
  })

  test('opening counts: the time and the number of opens, shown in the list', async () => {
    const { url } = (await create({ kind: 'dashboard' })).body
    await open(tokenOf(url))
    clock.advance(60)
    await open(tokenOf(url))
    const listed = await owner.call<{ links: ShareLink[] }>('GET', '/api/share-links')
    expect(listed.body.links[0]).toMatchObject({
      openCount: 2,
      lastOpenedAt: clock.now().toISOString(),
    })
  })

  test('an unknown, an expired and a turned-off link answer the same 404', async () => {
    const { url } = (await create({ kind: 'dashboard', expiresInDays: 1 })).body
    const answers = async (token: string) => {
      const res = await open(token)
      return { status: res.status, body: await res.json(), robots: res.headers.get('x-robots-tag') }
    }
    const gone = {
      status: 404,
      body: { error: { code: 'not_found', message: SHARE_LINK_GONE } },
      robots: 'noindex, nofollow',
    }
    expect(await answers('A'.repeat(43))).toEqual(gone)
    expect(await answers('x'.repeat(5000))).toEqual(gone)
    clock.advance(DAY_S - 1)
    expect((await open(tokenOf(url))).status).toBe(200)
    clock.advance(1)
    expect(await answers(tokenOf(url))).toEqual(gone)
    expect(await answers(`${tokenOf(url)}/report.pdf`)).toEqual(gone)
  })

  test("a report link shows its month and place only, whatever the query asks, and the month's PDF", async () => {
    await seedReportMonth(t.db, owner.businessId, owner.locationId)
    const { url } = (await create({ kind: 'report', month: '2026-03', location: owner.locationId }))
      .body
    const res = await open(tokenOf(url), `?month=2026-04&location=main`)
    expect(res.status).toBe(200)
    const text = await res.text()
    const view = sharedViewSchema.parse(JSON.parse(text))
    if (view.kind !== 'report') throw new Error('a report link')
    expect(view).toMatchObject({ businessName: 'Bright Smile Dental', place: 'Round Rock' })
    expect(view.report).toMatchObject({ month: '2026-03', from: '2026-03-01', to: '2026-03-31' })
    // 12 on March 1st, 4 on the 31st: April's check is not March's.
    expect(view.report.rankings.keywords).toEqual([
      { keyword: 'dentist łódź', position: 4, change: 8, source: 'Simulated' },
    ])
    expect(view.report.backlinks.gained).toBe(2)
    expect(text).not.toMatch(UUID)

    const pdf = await open(tokenOf(url), '/report.pdf?month=2026-04')
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('referrer-policy')).toBe('no-referrer')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    // The PDF is a download of an opened view, not another open.
    const [row] = await t.db.select().from(shareLinks)
    expect(row!.openCount).toBe(1)
  })

  test("a report link of the business does not show a location's rankings", async () => {
    await seedReportMonth(t.db, owner.businessId, owner.locationId)
    // March has tasks done for the whole business, and a keyword checked for the location only.
    const { url } = (await create({ kind: 'report', month: '2026-03', location: 'main' })).body
    const view = sharedViewSchema.parse(await (await open(tokenOf(url))).json())
    if (view.kind !== 'report') throw new Error('a report link')
    expect(view.place).toBe('Bright Smile Dental (Main)')
    expect(view.report.rankings.keywords).toEqual([])
    expect(view.report.tasks.done).toBe(2)
  })

  test("a link shows its own business's data, never another's", async () => {
    const other = await createOwner(t, { email: 'other@example.com' })
    await other.call('PUT', '/api/business', { ...businessInput, name: 'Other Clinic' })
    const { url } = (await create({ kind: 'dashboard' }, other)).body
    const text = await (await open(tokenOf(url))).text()
    expect(text).toContain('Other Clinic')
    expect(text).not.toContain('Bright Smile')
  })

  test("a dashboard link has no PDF; a deleted location's links are gone", async () => {
    const main = (await create({ kind: 'dashboard' })).body
    expect((await open(tokenOf(main.url), '/report.pdf')).status).toBe(404)
    const place = (await create({ kind: 'dashboard', location: owner.locationId })).body
    expect((await open(tokenOf(place.url))).status).toBe(200)
    const removed = await owner.call('DELETE', `/api/business/locations/${owner.locationId}`)
    expect(removed.status).toBe(200)
    expect((await open(tokenOf(place.url))).status).toBe(404)
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.id, place.link.id))).toEqual([])
  })

  test('a caller that keeps guessing is limited per IP (429), with AUTH_RATE_LIMITS on', async () => {
    await t.close()
    t = await createTestApp({ clock, env: { AUTH_RATE_LIMITS: 'on' } })
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await open(`guess-${i}`)).status)
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true)
    expect(statuses[60]).toBe(429)
  })
})

import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { createOwner, seedBacklinks } from '../../testing/backlink-owners.js'
import { backlinkCsvParts } from './backlinks-export.js'

const NOW = new Date('2026-03-10T15:00:00Z')
const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY)
const HEADER =
  'URL,Domain,Anchor Text,Type,Quality,Status,First Seen,Quality Based On,Domain Rank,Spam Score,Domain Figures Source,Sample'
const NO_PROVIDER = 'None: no backlink data provider is configured'
/** The columns after First Seen of a seeded row without a rating basis, figures or sample mark. */
const TAIL = `,,,,${NO_PROVIDER},`

let t: TestApp
let owner: Awaited<ReturnType<typeof createOwner>>

beforeEach(async () => {
  t = await createTestApp({ clock: createTestClock(NOW) })
  owner = await createOwner(t, { email: 'owner@example.com' })
})
afterEach(() => t.close())

async function exportCsv(query = '', token = owner.token) {
  const res = await t.app.request(`/api/backlinks/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return { res, text: await res.text() }
}

const lines = (csv: string) => csv.split('\r\n').filter(Boolean)

describe('GET /api/backlinks/export (docs/product.md §9 backlinks.csv)', () => {
  test('is a CSV download with the product columns, newest first, First Seen as a date', async () => {
    await t.db
      .update(businesses)
      .set({ timeZone: 'America/Chicago' })
      .where(eq(businesses.id, owner.businessId))
    await seedBacklinks(
      t,
      owner.businessId,
      [
        {
          domain: 'austinnews.com',
          url: 'https://www.austinnews.com/best',
          anchorText: 'Best dentist, "really"',
          quality: 'high',
          qualityBasis: {
            ratedAt: '2026-03-10T03:00:00.000Z',
            reasons: ['Link found at the last check.', 'Followed by search engines.'],
          },
          // 22:30 on March 9 in Austin: the business's date, not UTC's March 10 (issue 32 item 5).
          firstSeen: new Date('2026-03-10T03:30:00Z'),
        },
        {
          domain: 'yelp.com',
          linkType: 'nofollow',
          status: 'broken',
          quality: 'low',
          sample: true,
          firstSeen: daysAgo(40),
        },
        { domain: 'new.example', quality: 'unrated' },
      ],
      NOW,
    )
    const { res, text } = await exportCsv()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="backlinks.csv"')
    expect(lines(text)).toEqual([
      HEADER,
      `https://www.austinnews.com/best,austinnews.com,"Best dentist, ""really""",dofollow,High,active,2026-03-09,Link found at the last check. Followed by search engines.,,,${NO_PROVIDER},`,
      `https://yelp.com/1,yelp.com,yelp.com,nofollow,Low,broken,2026-01-29,,,,${NO_PROVIDER},Sample`,
      `https://new.example/2,new.example,new.example,dofollow,Not rated,active,2026-03-10${TAIL}`,
    ])
  })

  test('applies the location, domain, type, quality and time range filters', async () => {
    await seedBacklinks(t, owner.businessId, [
      { domain: 'austinchamber.org', quality: 'high', firstSeen: daysAgo(2) },
      { domain: 'yelp.com', linkType: 'nofollow', quality: 'high', firstSeen: daysAgo(60) },
      { domain: 'dentalguide.com', quality: 'low', firstSeen: daysAgo(120) },
      {
        domain: 'ancient.org',
        firstSeen: daysAgo(500),
        locationId: owner.locationId,
        isLocationSpecific: true,
      },
    ])
    const domains = async (query: string) =>
      lines((await exportCsv(query)).text)
        .slice(1)
        .map((line) => line.split(',')[1])
    expect(await domains('')).toEqual([
      'austinchamber.org',
      'yelp.com',
      'dentalguide.com',
      'ancient.org',
    ])
    expect(await domains(`?location=${owner.locationId}`)).toEqual(['ancient.org'])
    expect(await domains('?domain=.org')).toEqual(['austinchamber.org', 'ancient.org'])
    expect(await domains('?type=nofollow')).toEqual(['yelp.com'])
    expect(await domains('?quality=high&type=dofollow')).toEqual(['austinchamber.org'])
    expect(await domains('?timeRange=90d')).toEqual(['austinchamber.org', 'yelp.com'])
    expect(await domains('?quality=medium&domain=nothing')).toEqual([])
    expect((await exportCsv('?type=ugc')).res.status).toBe(422)
    expect((await exportCsv('?timeRange=2y')).res.status).toBe(422)
  })

  test('defuses cells a spreadsheet would run as a formula', async () => {
    await seedBacklinks(t, owner.businessId, [
      { domain: 'a.example', anchorText: '=HYPERLINK("https://evil.example","Click")' },
      { domain: 'b.example', anchorText: '+1 great dentist' },
      { domain: 'c.example', anchorText: '-2+3' },
      { domain: 'd.example', anchorText: '@SUM(A1:A2)' },
      { domain: 'e.example', anchorText: '\tTabbed' },
      { domain: 'f.example', anchorText: '\uFF1DSUM(A1)' },
      { domain: 'g.example', anchorText: ';=1+1' },
      { domain: 'h.example', anchorText: '|calc' },
    ])
    const rows = lines((await exportCsv()).text).slice(1)
    expect(rows).toEqual([
      `https://a.example/0,a.example,"'=HYPERLINK(""https://evil.example"",""Click"")",dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://b.example/1,b.example,'+1 great dentist,dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://c.example/2,c.example,'-2+3,dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://d.example/3,d.example,'@SUM(A1:A2),dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://e.example/4,e.example,'\tTabbed,dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://f.example/5,f.example,'\uFF1DSUM(A1),dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://g.example/6,g.example,';'=1+1,dofollow,Medium,active,2026-03-10${TAIL}`,
      `https://h.example/7,h.example,'|calc,dofollow,Medium,active,2026-03-10${TAIL}`,
    ])
  })

  test('writes every row across pages, once each, even when created_at ties to the microsecond', async () => {
    await seedBacklinks(
      t,
      owner.businessId,
      Array.from({ length: 2_345 }, (_, i) => ({ domain: `site${i}.example` })),
    )
    const { text } = await exportCsv()
    const rows = lines(text).slice(1)
    expect(rows).toHaveLength(2_345)
    expect(rows[0]).toContain('site0.example')
    expect(rows.at(-1)).toContain('site2344.example')

    // Ties and sub-millisecond differences, which a JavaScript Date would blur, with pages of 2.
    await t.db.execute(sql`update ${backlinks}
      set created_at = timestamptz '2026-03-10 15:00:00.000100+00' + (random() < 0.5)::int * interval '1 microsecond'
      where ${backlinks.businessId} = ${owner.businessId}`)
    const condition = eq(backlinks.businessId, owner.businessId)
    const parts: string[] = []
    for await (const part of backlinkCsvParts({
      db: t.db,
      condition,
      timeZone: 'UTC',
      provider: null,
      pageSize: 7,
    })) {
      parts.push(part)
    }
    const domains = lines(parts.join(''))
      .slice(1)
      .map((line) => line.split(',')[1])
    expect(domains).toHaveLength(2_345)
    expect(new Set(domains).size).toBe(2_345)
  })

  test("another owner gets a 404 for this owner's location and never sees its links", async () => {
    await seedBacklinks(t, owner.businessId, [
      { domain: 'secret.example', locationId: owner.locationId, isLocationSpecific: true },
    ])
    const intruder = await createOwner(t, { email: 'intruder@example.com' })
    const foreign = await exportCsv(`?location=${owner.locationId}`, intruder.token)
    expect(foreign.res.status).toBe(404)
    expect(JSON.parse(foreign.text)).toMatchObject({ error: { code: 'not_found' } })
    const own = await exportCsv('', intruder.token)
    expect(own.res.status).toBe(200)
    expect(own.text).not.toContain('secret.example')
    expect(lines(own.text)).toHaveLength(4) // the header and the intruder's 3 first-run samples
    // No business yet: a 404, as for the list.
    const fresh = (await signUp(t.app, { email: 'fresh@example.com' })).accessToken
    expect((await exportCsv('', fresh)).res.status).toBe(404)
  })
})

// GET /api/business/export (issue 35 item 6): everything of the signed-in person's business as one
// ZIP of CSV and JSON files, read in pages; nothing of another business, no secret in clear.
import { eq, sql } from 'drizzle-orm'
import { strFromU8, unzipSync } from 'fflate'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { activities } from '../../db/schema/activities.js'
import { rankProviderSettings } from '../../db/schema/rank-providers.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { addMember, memberCall } from '../../testing/members.js'
import { EXCLUDED_TABLES, OTHER_FILES, TABLE_FILES, tableName } from './export-files.js'
import { archiveFiles } from './export-archive.js'
import { ownerWithBusiness, tablesWithBusinessId } from './owner-data-owners.js'
import { tableCsvParts } from './table-csv.js'

const NOW = new Date('2026-03-10T15:00:00Z')

let t: TestApp
beforeEach(async () => {
  t = await createTestApp({ clock: createTestClock(NOW) })
})
afterEach(() => t.close())

async function download(token: string) {
  const res = await t.app.request('/api/business/export', {
    headers: { authorization: `Bearer ${token}` },
  })
  return res
}

async function archive(token: string): Promise<Record<string, string>> {
  const res = await download(token)
  expect(res.status).toBe(200)
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]))
}

const lines = (csv: string | undefined) => (csv ?? '').split('\r\n').filter(Boolean)

async function addKeyword(businessId: string, keyword: string) {
  const [row] = await t.db
    .insert(keywords)
    .values({ businessId, keyword, keywordKey: keyword.toLowerCase(), tracked: true })
    .returning({ id: keywords.id })
  return row!.id
}

describe('what the archive covers', () => {
  test('every table with a business_id is exported or left out with a reason', async () => {
    const exported = TABLE_FILES.map((entry) => tableName(entry.table))
    const covered = new Set([...exported, ...Object.keys(OTHER_FILES)])
    const tables = await tablesWithBusinessId(t.db)
    const forgotten = tables.filter((name) => !covered.has(name) && !(name in EXCLUDED_TABLES))
    expect(forgotten, 'add these to export-files.ts, as a file or excluded with a reason').toEqual(
      [],
    )
    // And nothing listed that the database does not have (a renamed or dropped table).
    const stale = [...covered, ...Object.keys(EXCLUDED_TABLES)].filter((n) => !tables.includes(n))
    expect(stale).toEqual([])
    expect(new Set(exported).size).toBe(exported.length)
  })
})

describe('GET /api/business/export', () => {
  test('is a ZIP of the listed files, with a README that names each and a row as seeded', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const keywordId = await addKeyword(owner.businessId, 'weekend dentist sunrise')
    await t.db.insert(rankPositions).values({
      keywordId,
      businessId: owner.businessId,
      day: '2026-03-09',
      status: 'ok',
      position: 4,
      checkedAt: new Date('2026-03-09T07:12:30.123Z'),
      source: 'measured',
      provider: 'SerpApi',
    })
    const res = await download(owner.accessToken)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="localseo-export.zip"',
    )
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    const names = archiveFiles({
      db: t.db,
      businessId: owner.businessId,
      businessName: '',
      timeZone: 'UTC',
      backlinkProvider: null,
      now: NOW,
    }).map((file) => file.name)
    expect(Object.keys(files)).toEqual(names)
    expect(names).toEqual(
      expect.arrayContaining(['business.json', 'backlinks.csv', 'keywords.csv', 'README.txt']),
    )
    const text = (name: string) => strFromU8(files[name]!)

    const readme = text('README.txt')
    for (const name of names) expect(readme).toContain(name)
    expect(readme).toContain('Sunrise Dental')
    const business = JSON.parse(text('business.json')) as Record<string, unknown>
    expect(business).toMatchObject({ id: owner.businessId, name: 'Sunrise Dental', locations: [] })
    expect(readme).toContain(`time zone ${String(business.timeZone)}`)
    expect(business).not.toHaveProperty('userId')

    const positions = lines(text('keyword-positions.csv'))
    expect(positions[0]).toBe(
      'keyword_id,business_id,day,status,position,checks,checked_at,source,reason,provider,map_status,map_position,map_reason,recheck',
    )
    expect(positions).toContain(
      `${keywordId},${owner.businessId},2026-03-09,ok,4,1,2026-03-09T07:12:30.123Z,measured,,SerpApi,,,,`,
    )
    // The first-run sample backlinks, in the Backlink Monitor's download format.
    const backlinks = lines(text('backlinks.csv'))
    expect(backlinks[0]).toMatch(/^URL,Domain,Anchor Text,/)
    expect(backlinks.slice(1).every((line) => line.endsWith(',Sample'))).toBe(true)
    expect(backlinks.length).toBeGreaterThan(1)
  })

  test('a cell a spreadsheet would run as a formula is defused, and quotes survive', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    await addKeyword(owner.businessId, '=HYPERLINK("http://evil.example","dentist")')
    const keywordsCsv = lines((await archive(owner.accessToken))['keywords.csv'])
    expect(keywordsCsv.some((line) => line.includes(`"'=HYPERLINK(""http://evil.example""`))).toBe(
      true,
    )
  })

  test('provider keys and Google tokens are never in the archive', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    await t.db.insert(rankProviderSettings).values({
      businessId: owner.businessId,
      provider: 'serpapi',
      keyCiphertext: 'sealed-key-ciphertext',
      keyLast4: 'abcd',
    })
    const files = await archive(owner.accessToken)
    expect(lines(files['rank-provider.csv'])[0]).not.toContain('key_ciphertext')
    expect(lines(files['rank-provider.csv'])[1]).toContain('abcd')
    expect(lines(files['google-connection.csv'])[0]).not.toMatch(/token/)
    expect(Object.values(files).join('\n')).not.toContain('sealed-key-ciphertext')
  })

  test("holds only the requester's own business: another owner's rows never appear", async () => {
    const mine = await ownerWithBusiness(t, 'mine@example.com', 'Sunrise Dental')
    const theirs = await ownerWithBusiness(t, 'theirs@example.com', 'Moonlight Clinic')
    await addKeyword(theirs.businessId, 'moonlight secret keyword')
    const files = await archive(mine.accessToken)
    const everything = Object.values(files).join('\n')
    expect(everything).toContain(mine.businessId)
    expect(everything).not.toContain(theirs.businessId)
    expect(everything).not.toContain('moonlight secret keyword')
    expect(everything).not.toContain('Moonlight Clinic')
  })

  test('every member may export, a viewer too; naming a business one is not in is a 404', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const stranger = await ownerWithBusiness(t, 'stranger@example.com', 'Moonlight Clinic')
    const viewer = await addMember(t, owner, owner.businessId, 'viewer')
    const asViewer = await t.app.request('/api/business/export', {
      headers: { authorization: `Bearer ${viewer.accessToken}`, 'x-business-id': owner.businessId },
    })
    expect(asViewer.status).toBe(200)
    const files = unzipSync(new Uint8Array(await asViewer.arrayBuffer()))
    expect(strFromU8(files['business.json']!)).toContain(owner.businessId)
    const foreign = await memberCall(t.app, stranger, 'GET', '/api/business/export', {
      businessId: owner.businessId,
    })
    expect(foreign.status).toBe(404)
  })

  test('without a business it is a 404, and signed out a 401, in the one error shape', async () => {
    const session = await signUp(t.app, { email: 'new@example.com' })
    const none = await download(session.accessToken)
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({ error: { code: 'not_found' } })
    const signedOut = await t.app.request('/api/business/export')
    expect(signedOut.status).toBe(401)
  })

  test('the business routes still answer beside it', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    const read = await owner.call<{ business: { name: string } }>('GET', '/api/business')
    expect(read.body.business.name).toBe('Sunrise Dental')
  })
})

describe('reading in pages', () => {
  test('a table of a few thousand rows is read a page at a time, each row once, in key order', async () => {
    const owner = await ownerWithBusiness(t, 'owner@example.com', 'Sunrise Dental')
    await t.db.delete(activities).where(eq(activities.businessId, owner.businessId))
    await t.db.execute(sql`
      insert into activities (business_id, kind, message, created_at)
      select ${owner.businessId}::uuid, 'note', 'Row ' || n, ${NOW.toISOString()}::timestamptz
      from generate_series(1, 2500) as n`)
    const parts: string[] = []
    for await (const part of tableCsvParts({
      db: t.db,
      table: activities,
      businessId: owner.businessId,
      pageSize: 400,
    })) {
      parts.push(part)
    }
    // 7 pages: 6 full, one of 100 rows; the header comes with the first.
    const rowsPerPart = parts.map((part) => lines(part).length)
    expect(rowsPerPart).toEqual([401, 400, 400, 400, 400, 400, 100])
    const ids = parts
      .flatMap((part) => lines(part))
      .slice(1)
      .map((line) => line.split(',')[0])
    expect(new Set(ids).size).toBe(2500)
    expect([...ids].sort()).toEqual(ids)

    const res = await t.app.request('/api/business/export', {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    })
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()))
    expect(lines(strFromU8(files['activity.csv']!))).toHaveLength(2501)
  })
})

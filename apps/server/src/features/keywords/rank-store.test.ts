// rank-store.ts is the one writer of rank_positions and rank_scopes (docs/decisions/014-feature-
// dependencies.md "A table has one writer"), and its two same-day rules do what they say.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { storeChecks } from './rank-store.js'

const SRC = fileURLToPath(new URL('../../', import.meta.url))
const STORE = path.join('features', 'keywords', 'rank-store.ts')

/** A write of either table: Drizzle's builders, or SQL naming the table or interpolating it. */
const WRITES = [
  /\.(?:insert|update|delete)\(\s*(?:rankPositions|rankScopes)\b/,
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*)?"?(?:rank_positions|rank_scopes|rankPositions|rankScopes)\b/i,
]

/** The app's source files: tests and their helpers (src/testing) may seed rows. */
function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith(`testing${path.sep}`),
  )
}

test('no file but rank-store.ts writes rank_positions or rank_scopes', () => {
  const files = sourceFiles()
  expect(files).toContain(STORE)
  const writers = files.filter((file) => {
    const source = readFileSync(path.join(SRC, file), 'utf8')
    return WRITES.some((write) => write.test(source))
  })
  expect(writers).toEqual([STORE])
})

describe('storeChecks', () => {
  let t: TestApp
  let businessId: string
  let ids: string[]
  const now = new Date('2026-03-10T15:00:00Z')
  const check = (keywordId: string, position: number, checks = 1) => ({
    keywordId,
    businessId,
    day: '2026-03-10',
    status: 'ok' as const,
    position,
    checks,
    checkedAt: now,
    provider: 'Simulated',
  })
  const stored = (keywordId: string) =>
    t.db
      .select({ position: rankPositions.position, checks: rankPositions.checks })
      .from(rankPositions)
      .where(eq(rankPositions.keywordId, keywordId))

  beforeEach(async () => {
    t = await createTestApp()
    const owner = await signUp(t.app, { email: 'store@example.com' })
    await apiCaller(t.app, () => owner.accessToken)('PUT', '/api/business', businessInput)
    // The default keywords, their first checks still waiting in the queue.
    const rows = await t.db
      .select({ id: keywords.id, businessId: keywords.businessId })
      .from(keywords)
    businessId = rows[0]!.businessId
    ids = rows.map((row) => row.id)
  })
  afterEach(() => t.close())

  test("'keep' leaves a stored day as it is; 'replace' puts the new answer in its place", async () => {
    const [id = ''] = ids
    await storeChecks(t.db, [check(id, 5)], { sameDay: 'keep' })
    await storeChecks(t.db, [check(id, 9)], { sameDay: 'keep' })
    expect(await stored(id)).toEqual([{ position: 5, checks: 1 }])
    await storeChecks(t.db, [check(id, 7, 2)], { sameDay: 'replace' })
    expect(await stored(id)).toEqual([{ position: 7, checks: 2 }])
  })

  test('a keyword removed while its check ran is left out, the others are stored', async () => {
    const [kept = '', removed = ''] = ids
    await t.db.delete(keywords).where(eq(keywords.id, removed))
    const rows = [check(kept, 3), check(removed, 4)]
    await expect(storeChecks(t.db, rows, { sameDay: 'replace' })).rejects.toThrow()
    const remainingIds = () => Promise.resolve(new Set([kept]))
    await storeChecks(t.db, rows, { sameDay: 'replace', remainingIds })
    expect(await stored(kept)).toEqual([{ position: 3, checks: 1 }])
  })
})

// Keyword entities with stored checks, for tests that need known positions
// (docs/decisions/016-one-keyword-entity.md).
import { keywordKey } from '@localseo/shared/rank-tracker'
import type { Db } from '../db/client.js'
import { keywords } from '../db/schema/keywords.js'
import { rankPositions } from '../db/schema/rank-tracker.js'

const DAY_MS = 86_400_000

/**
 * An analysed keyword whose checks are `positions`, oldest first, one per day ending on `now`'s day
 * (null: no check that day).
 */
export async function insertKeyword(
  db: Db,
  {
    businessId,
    locationId = null,
    keyword,
    positions,
    now,
  }: {
    businessId: string
    locationId?: string | null
    keyword: string
    positions: (number | null)[]
    now: Date
  },
) {
  const [row] = await db
    .insert(keywords)
    .values({
      businessId,
      locationId,
      keyword,
      keywordKey: keywordKey(keyword),
      analysedAt: now,
      createdAt: now,
    })
    .returning()
  if (!row) throw new Error('not inserted')
  const checks = positions.flatMap((position, i) => {
    if (position === null) return []
    const at = new Date(now.getTime() - (positions.length - 1 - i) * DAY_MS)
    return [
      {
        keywordId: row.id,
        businessId,
        day: at.toISOString().slice(0, 10),
        status: 'ok' as const,
        position,
        checkedAt: at,
      },
    ]
  })
  if (checks.length > 0) await db.insert(rankPositions).values(checks)
  return row
}

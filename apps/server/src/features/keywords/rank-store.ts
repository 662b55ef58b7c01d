// The one writer of rank_positions and rank_scopes (docs/decisions/014-feature-dependencies.md "A
// table has one writer"; rank-store.test.ts fails when another file writes them). Deleting a keyword
// or a location removes its rows through their foreign keys.
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.js'
import { rankPositions, rankScopes } from '../../db/schema/rank-tracker.js'
import { isForeignKeyViolation } from '../../lib/db-errors.js'
import { scopeId } from './keyword-store.js'

type CheckRow = typeof rankPositions.$inferInsert

/**
 * What happens to a (keyword, day) already stored. 'keep': it stays, so first checks, the backfill,
 * an analysis and the daily job never change a position already shown (a position is the same all
 * day on every screen, ADR 016) and a job run twice stores nothing twice. 'replace': the owner's
 * Refresh asked today again, so its answer replaces today's and `checks` counts the asks; but a
 * failed answer never replaces a position the day already has (issue 32 item 4).
 */
type SameDay = 'keep' | 'replace'

export interface StoreOptions {
  sameDay: SameDay
  /** The ids of the keywords that remain now, asked only when a stored keyword was removed. */
  remainingIds?: () => Promise<Set<string>>
}

/** Stores in slices, so a 500-keyword backfill stays under PostgreSQL's parameter limit. */
const INSERT_SLICE = 2000

/**
 * Stores checks. With `remainingIds`, a keyword removed while its check ran (a foreign-key
 * violation) is left out and the others are stored; give a database handle, not a transaction,
 * since a failed statement ends a PostgreSQL transaction.
 */
export async function storeChecks(
  db: Db | Tx,
  rows: CheckRow[],
  { sameDay, remainingIds }: StoreOptions,
): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_SLICE) {
    const slice = rows.slice(i, i + INSERT_SLICE)
    try {
      await insertChecks(db, slice, sameDay)
    } catch (error) {
      if (!remainingIds || !isForeignKeyViolation(error)) throw error
      const remaining = await remainingIds()
      const kept = slice.filter((row) => remaining.has(row.keywordId))
      if (kept.length > 0) await insertChecks(db, kept, sameDay)
    }
  }
}

function insertChecks(db: Db | Tx, rows: CheckRow[], sameDay: SameDay) {
  const insert = db.insert(rankPositions).values(rows)
  if (sameDay === 'keep') return insert.onConflictDoNothing()
  return insert.onConflictDoUpdate({
    target: [rankPositions.keywordId, rankPositions.day],
    set: {
      status: sql`excluded.status`,
      position: sql`excluded.position`,
      checks: sql`${rankPositions.checks} + 1`,
      checkedAt: sql`excluded.checked_at`,
      source: sql`excluded.source`,
      provider: sql`excluded.provider`,
      reason: sql`excluded.reason`,
      mapStatus: sql`excluded.map_status`,
      mapPosition: sql`excluded.map_position`,
      mapReason: sql`excluded.map_reason`,
    },
    setWhere: sql`excluded.status = 'ok' or ${rankPositions.status} = 'failed'`,
  })
}

/** A refuted drop's second answer, which becomes the day's position (ADR 039). */
interface RecheckAnswer {
  organic?: Pick<CheckRow, 'position' | 'provider' | 'source' | 'checkedAt'>
  map?: { position: number | null }
}

/**
 * The second check of a day's drop (docs/decisions/039-confirmed-drops.md): its note, always; where
 * it refuted the drop, its answer as the day's position (the organic one, the map one or both), the
 * first answer kept in the note. A confirmed, failed or unasked recheck leaves the position as it is.
 */
export async function storeRecheck(
  db: Db,
  where: { businessId: string; keywordId: string; day: string },
  { note, organic, map }: RecheckAnswer & { note: string },
): Promise<void> {
  await db
    .update(rankPositions)
    .set({
      recheck: note,
      ...(organic
        ? {
            ...organic,
            status: 'ok' as const,
            reason: null,
            checks: sql`${rankPositions.checks} + 1`,
          }
        : {}),
      ...(map ? { mapStatus: 'ok' as const, mapPosition: map.position, mapReason: null } : {}),
    })
    .where(
      and(
        eq(rankPositions.businessId, where.businessId),
        eq(rankPositions.keywordId, where.keywordId),
        eq(rankPositions.day, where.day),
      ),
    )
}

type Scope = Pick<ResolvedLocation, 'isMain' | 'id'>

/**
 * Marks the scopes' default keywords as filled (docs/product.md §9), so they come once: removing
 * every keyword never brings them back. Answers how many were newly marked.
 */
export async function fillScopes(
  tx: Tx,
  businessId: string,
  scopes: readonly Scope[],
  now: Date,
): Promise<number> {
  const marked = await tx
    .insert(rankScopes)
    .values(scopes.map((scope) => ({ businessId, locationId: scopeId(scope), createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: rankScopes.id })
  return marked.length
}

/** Marks one scope's defaults as filled: true when it was not marked before. */
export async function fillScope(tx: Tx, businessId: string, scope: Scope, now: Date) {
  return (await fillScopes(tx, businessId, [scope], now)) === 1
}

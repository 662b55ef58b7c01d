// The per-user daily quota of model calls (issue 5 "Safety and cost"), counted in PostgreSQL so that
// several app instances share one count.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { aiUsage } from '../db/schema/ai.js'
import { AppError } from '../lib/errors.js'

/** Quota days are UTC calendar days: the same boundary for every instance and every user. */
function quotaDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

export async function getAiUsage({
  db,
  userId,
  now,
}: {
  db: Db
  userId: string
  now: Date
}): Promise<number> {
  const [row] = await db
    .select({ calls: aiUsage.calls })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, quotaDay(now))))
  return row?.calls ?? 0
}

/**
 * Takes one call from today's quota or throws 'rate_limited'. One statement, so two instances
 * racing for the last call cannot both get it: the conditional upsert returns no row once the
 * limit is reached.
 */
export async function consumeAiQuota({
  db,
  userId,
  now,
  limit,
}: {
  db: Db
  userId: string
  now: Date
  limit: number
}): Promise<number> {
  const rows =
    limit <= 0
      ? []
      : await db
          .insert(aiUsage)
          .values({ userId, day: quotaDay(now), calls: 1 })
          .onConflictDoUpdate({
            target: [aiUsage.userId, aiUsage.day],
            set: { calls: sql`${aiUsage.calls} + 1` },
            setWhere: sql`${aiUsage.calls} < ${limit}`,
          })
          .returning({ calls: aiUsage.calls })
  const [row] = rows
  if (!row) {
    throw new AppError(
      'rate_limited',
      `You have used today's ${limit} AI requests. The limit resets at midnight UTC.`,
    )
  }
  return row.calls
}

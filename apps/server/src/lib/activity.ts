// The activity log behind the dashboard's Recent Activity: real events, written in the same
// transaction as the change they describe.
import { desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import { activities } from '../db/schema/activities.js'

export type ActivityKind =
  | 'business_saved'
  | 'location_added'
  | 'location_updated'
  | 'location_removed'
  | 'connection_made'
  | 'connection_removed'
  | 'listing_recorded'
  | 'keyword_analysed'
  | 'task_completed'
  | 'task_reopened'
  | 'rank_keyword_added'
  | 'rank_keyword_removed'
  | 'backlink_added'
  | 'backlink_verified'
  | 'sample_data_removed'

export async function recordActivity(
  db: Db | Tx,
  entry: { businessId: string; kind: ActivityKind; message: string; now: Date },
) {
  await db.insert(activities).values({
    businessId: entry.businessId,
    kind: entry.kind,
    message: entry.message,
    createdAt: entry.now,
  })
}

const recentActivity = preparedPerDb((db) =>
  db
    .select({
      id: activities.id,
      kind: activities.kind,
      message: activities.message,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .where(eq(activities.businessId, sql.placeholder('businessId')))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(sql.placeholder('limit'))
    .prepare('recent_activity'),
)

/** The business's newest events, newest first (the dashboard's Recent Activity, every visit). */
export async function listRecentActivity(db: Db, businessId: string, limit = 10) {
  return recentActivity(db).execute({ businessId, limit })
}

// The owner's notifications (issue 16 item 4): written by the automatic work when something is worth
// telling, read and marked read by the notification list. Every query carries the business id.
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { rankMoveAlert, type AlertKind, type Notification } from '@localseo/shared/alerts'
import type { Db } from '../../db/client.js'
import { notifications } from '../../db/schema/alerts.js'

/** The list shows this many, newest first. */
const LIST_SIZE = 20

interface NewAlert {
  kind: AlertKind
  message: string
  link: string
}

async function record(db: Db, businessId: string, alerts: NewAlert[], now: Date) {
  if (alerts.length === 0) return 0
  await db
    .insert(notifications)
    .values(alerts.map((alert) => ({ ...alert, businessId, createdAt: now })))
  return alerts.length
}

/** A day's rank moves that are news (shared rankMoveAlert): one notification each, its source named. */
export function recordRankMoves(
  db: Db,
  businessId: string,
  moves: { keyword: string; from: number; to: number }[],
  { now, simulated }: { now: Date; simulated: boolean },
) {
  const alerts = moves.flatMap((move) => {
    const alert = rankMoveAlert(move.keyword, move.from, move.to, simulated)
    return alert ? [{ ...alert, link: '/rank-tracker' }] : []
  })
  return record(db, businessId, alerts, now)
}

/** Links counted as lost (3 days without an answer): one notification each. */
export function recordLostBacklinks(db: Db, businessId: string, domains: string[], now: Date) {
  const alerts = domains.map((domain) => ({
    kind: 'backlink_lost' as const,
    message: `The link from ${domain} is lost: its page did not answer for 3 days.`,
    link: '/backlinks',
  }))
  return record(db, businessId, alerts, now)
}

export async function listNotifications(
  db: Db,
  businessId: string,
): Promise<{ notifications: Notification[]; unread: number }> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.businessId, businessId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIST_SIZE)
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.businessId, businessId), isNull(notifications.readAt)))
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind as AlertKind,
      message: row.message,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    unread: unread?.n ?? 0,
  }
}

export async function markAllRead(db: Db, businessId: string, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.businessId, businessId), isNull(notifications.readAt)))
}

// The owner's notifications (issue 16 item 4): written by the automatic work when something is worth
// telling, read and marked read by the notification list. Every query carries the business id.
import { and, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm'
import {
  ALERT_TOPICS,
  TOPIC_OF_KIND,
  reviewAlert,
  URGENT_ALERT_KINDS,
  type AlertKind,
  type Notification,
} from '@localseo/shared/alerts'
import type { AlertPreferences } from '@localseo/shared/alert-preferences'
import { moveAlert, type RankMove } from '@localseo/shared/confirmed-drops'
import type { Db, Tx } from '../../db/client.js'
import { alertPreferences, notifications } from '../../db/schema/alerts.js'

/** The list shows this many, newest first. */
const LIST_SIZE = 20

interface NewAlert {
  kind: AlertKind
  message: string
  link: string
}

/** The topics the owner turned off in Settings; none by default. */
async function mutedTopics(db: Db | Tx, businessId: string): Promise<Set<string>> {
  const [row] = await db
    .select({ muted: alertPreferences.mutedTopics })
    .from(alertPreferences)
    .where(eq(alertPreferences.businessId, businessId))
  return new Set(row?.muted ?? [])
}

/** Stores the alerts whose topic the owner hears about; the others are dropped, not hidden. */
async function record(db: Db | Tx, businessId: string, alerts: NewAlert[], now: Date) {
  return (await recordWanted(db, businessId, alerts, now)).length
}

async function recordWanted(db: Db | Tx, businessId: string, alerts: NewAlert[], now: Date) {
  if (alerts.length === 0) return []
  const muted = await mutedTopics(db, businessId)
  const wanted = alerts.filter((alert) => !muted.has(TOPIC_OF_KIND[alert.kind]))
  if (wanted.length === 0) return []
  await db
    .insert(notifications)
    .values(wanted.map((alert) => ({ ...alert, businessId, createdAt: now })))
  return wanted
}

export async function getAlertPreferences(db: Db, businessId: string): Promise<AlertPreferences> {
  const muted = await mutedTopics(db, businessId)
  return { topics: ALERT_TOPICS.filter((topic) => !muted.has(topic)) }
}

/** Settings → Alerts: the topics the owner hears about; every other topic is turned off. */
export async function setAlertPreferences(
  db: Db,
  businessId: string,
  { topics }: AlertPreferences,
  now: Date,
): Promise<AlertPreferences> {
  const mutedTopics = ALERT_TOPICS.filter((topic) => !topics.includes(topic))
  await db
    .insert(alertPreferences)
    .values({ businessId, mutedTopics, updatedAt: now })
    .onConflictDoUpdate({
      target: alertPreferences.businessId,
      set: { mutedTopics, updatedAt: now },
    })
  return getAlertPreferences(db, businessId)
}

/**
 * A day's rank moves that are news (shared moveAlert): one notification each, its source named. The
 * caller gives the moves told at once; a drop is told once its second check confirms it
 * (recordConfirmedDrops, docs/decisions/039-confirmed-drops.md).
 */
export function recordRankMoves(
  db: Db,
  businessId: string,
  moves: RankMove[],
  { now, simulated }: { now: Date; simulated: boolean },
) {
  const alerts = moves.flatMap((move) => {
    const alert = moveAlert(move, simulated)
    return alert ? [{ ...alert, link: '/rank-tracker' }] : []
  })
  return record(db, businessId, alerts, now)
}

/** Drops a second check confirmed (shared confirmedDropAlert): their words name both checks. */
export function recordConfirmedDrops(
  db: Db,
  businessId: string,
  drops: { kind: AlertKind; message: string }[],
  now: Date,
) {
  return record(
    db,
    businessId,
    drops.map((drop) => ({ ...drop, link: '/rank-tracker' })),
    now,
  )
}

/**
 * What the followed competitors did worth telling (issue 34 item 6), each linking to Competitors.
 * A news item already told since the start of the UTC day is not told again, so a daily run retried
 * the same day (a budget-deferred check, a run handed back at shutdown) tells nothing twice.
 */
export async function recordCompetitorNews(
  db: Db,
  businessId: string,
  news: { kind: AlertKind; message: string }[],
  now: Date,
) {
  if (news.length === 0) return 0
  const told = await db
    .select({ message: notifications.message })
    .from(notifications)
    .where(
      and(
        eq(notifications.businessId, businessId),
        inArray(
          notifications.kind,
          news.map((item) => item.kind),
        ),
        gte(notifications.createdAt, new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`)),
      ),
    )
  const already = new Set(told.map((row) => row.message))
  return record(
    db,
    businessId,
    news
      .filter((item) => !already.has(item.message))
      .map((item) => ({ ...item, link: '/competitors' })),
    now,
  )
}

/** What a backlink check found worth telling: links lost, and followed links turned nofollow. */
export function recordBacklinkChanges(
  db: Db,
  businessId: string,
  { lost, turnedNofollow }: { lost: string[]; turnedNofollow: string[] },
  now: Date,
) {
  const alerts = [
    ...lost.map((domain) => ({
      kind: 'backlink_lost' as const,
      message: `The link from ${domain} is lost: its page did not answer for 3 days.`,
      link: '/backlinks',
    })),
    ...turnedNofollow.map((domain) => ({
      kind: 'backlink_nofollow' as const,
      message: `The link from ${domain} is now nofollow: it no longer passes credit to your website.`,
      link: '/backlinks',
    })),
  ]
  return record(db, businessId, alerts, now)
}

/** Critical audit issues the audit before did not find, each by its title. */
export function recordNewCriticalIssues(
  db: Db | Tx,
  businessId: string,
  titles: string[],
  now: Date,
) {
  const alerts = titles.map((title) => ({
    kind: 'audit_critical' as const,
    message: `The website audit found a new critical issue: ${title}.`,
    link: '/dashboard/audit',
  }))
  return record(db, businessId, alerts, now)
}

/** Listings whose name, address or phone stopped matching the profile, with what differs. */
export function recordListingMismatches(
  db: Db | Tx,
  businessId: string,
  mismatches: { platform: string; where: string; issues: string[] }[],
  now: Date,
) {
  const alerts = mismatches.map(({ platform, where, issues }) => ({
    kind: 'listing_mismatch' as const,
    message: `Your ${platform} listing${where ? ` for ${where}` : ''} no longer matches your profile: ${issues.join('; ')}.`,
    link: '/listings',
  }))
  return record(db, businessId, alerts, now)
}

/**
 * New Google reviews (issue 33 item 2), one notification each; answers how many were stored and how
 * many of them are urgent (1 to 3 stars: the caller emails those at once).
 */
export async function recordNewReviews(
  db: Db,
  businessId: string,
  reviews: { place: string; reviewer: string; rating: number | null; comment: string }[],
  now: Date,
): Promise<{ recorded: number; urgent: number }> {
  const alerts = reviews.map((review) => ({ ...reviewAlert(review), link: '/reviews' }))
  const wanted = await recordWanted(db, businessId, alerts, now)
  return {
    recorded: wanted.length,
    urgent: wanted.filter((alert) => URGENT_ALERT_KINDS.includes(alert.kind)).length,
  }
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

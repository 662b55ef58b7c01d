// The daily alert email (issue 16 item 4): the notifications no email has carried yet, in one
// message to each member who asked for them (ADR 043), with a link that stops theirs. At most one a day: the schedule runs it daily. An
// urgent kind (a 1-3 star review, issue 33 item 2) is sent at once, by itself, by the work that found it.
import type { AlertKind } from '@localseo/shared/alerts'
import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { notifications } from '../../db/schema/alerts.js'
import { businesses, users } from '../../db/schema/business.js'
import { businessMembers } from '../../db/schema/members.js'
import type { Clock } from '../../lib/clock.js'
import type { Mailer } from '../../mail/mailer.js'
import { escapeHtml, htmlEmail, PRODUCT_NAME } from '../../mail/templates.js'

/** Older news is not worth an email: the list in the app still has it. */
const FRESH_FOR_MS = 2 * 86_400_000
const MAX_ITEMS = 50

function digestMail(opts: {
  to: string
  businessName: string
  items: { message: string; link: string }[]
  appUrl: string
  unsubscribeUrl: string
  urgent: boolean
}) {
  const count = opts.items.length
  const subject = opts.urgent
    ? `${PRODUCT_NAME}: ${count === 1 ? 'a review' : `${count} reviews`} to answer for ${opts.businessName}`
    : `${PRODUCT_NAME}: ${count} ${count === 1 ? 'change' : 'changes'} for ${opts.businessName}`
  const heading = opts.urgent
    ? `Worth an answer soon, for ${opts.businessName}:`
    : `What changed for ${opts.businessName}:`
  const text = [
    heading,
    '',
    ...opts.items.map((item) => `- ${item.message} ${opts.appUrl}${item.link}`),
    '',
    `Stop these emails: ${opts.unsubscribeUrl}`,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n')
  const html = htmlEmail(`<p>${escapeHtml(heading)}</p>
<ul>${opts.items
    .map(
      (item) =>
        `<li><a href="${escapeHtml(opts.appUrl + item.link)}">${escapeHtml(item.message)}</a></li>`,
    )
    .join('')}</ul>
<p style="color: #6b7280"><a href="${escapeHtml(opts.unsubscribeUrl)}">Stop these emails</a></p>`)
  return { to: opts.to, subject, text, html, link: opts.unsubscribeUrl }
}

/**
 * Marks the fresh, unsent alerts as emailed before the email goes, and answers them: two runs at
 * once (a retried job) cannot both take them, so no alert is emailed twice. An instance that dies
 * between this and the send loses that day's email, never doubles it; the bell still lists them.
 */
async function claimUnsent(
  db: Db,
  businessId: string,
  now: Date,
  kinds: readonly AlertKind[] | undefined,
) {
  const fresh = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.businessId, businessId),
        isNull(notifications.emailedAt),
        gte(notifications.createdAt, new Date(now.getTime() - FRESH_FOR_MS)),
        kinds ? inArray(notifications.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(MAX_ITEMS)
  const claimed = await db
    .update(notifications)
    .set({ emailedAt: now })
    .where(
      and(
        eq(notifications.businessId, businessId),
        isNull(notifications.emailedAt),
        inArray(notifications.id, fresh),
      ),
    )
    .returning({
      id: notifications.id,
      message: notifications.message,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
  // RETURNING has no order: the email lists them oldest first, as they happened.
  return claimed.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  )
}

export async function sendAlertDigest({
  db,
  mailer,
  clock,
  businessId,
  appUrl,
  unsubscribeUrl,
  kinds,
}: {
  db: Db
  mailer: Mailer
  clock: Clock
  businessId: string
  appUrl: string
  /** The link that stops the alert emails of the member with this id. */
  unsubscribeUrl: (userId: string) => Promise<string>
  /** Only these kinds, in an email of their own (the urgent ones); every kind when absent. */
  kinds?: readonly AlertKind[]
}): Promise<{ outcome: string }> {
  const now = clock.now()
  const recipients = await db
    .select({ userId: users.id, email: users.email, name: businesses.name })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.alertEmails, true)))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.userId))
  const items = recipients.length > 0 ? await claimUnsent(db, businessId, now, kinds) : []
  if (recipients.length === 0 || items.length === 0) return { outcome: 'Nothing new to send' }
  const failures: unknown[] = []
  for (const recipient of recipients) {
    try {
      await mailer.send(
        digestMail({
          to: recipient.email,
          businessName: recipient.name,
          items,
          appUrl,
          unsubscribeUrl: await unsubscribeUrl(recipient.userId),
          urgent: kinds !== undefined,
        }),
      )
    } catch (error) {
      failures.push(error)
    }
  }
  if (failures.length === recipients.length) {
    // Sent to nobody: the alerts wait for the job's retry.
    await db
      .update(notifications)
      .set({ emailedAt: null })
      .where(
        and(
          eq(notifications.businessId, businessId),
          inArray(
            notifications.id,
            items.map((item) => item.id),
          ),
        ),
      )
    throw failures[0]
  }
  // Some got it: a retry would send it to them twice, so the others miss this one (told below).
  if (failures.length > 0) {
    const sent = recipients.length - failures.length
    return {
      outcome: `Sent ${items.length} alerts to ${sent} of ${recipients.length} people; the others' emails failed`,
    }
  }
  return { outcome: `Sent ${items.length} ${items.length === 1 ? 'alert' : 'alerts'}` }
}

// A business's members and invitations (issue 35 item 1, docs/decisions/043-members-and-roles.md):
// the owner invites by email, changes roles and removes members; a member leaves; at least one owner
// always remains. Every change that counts owners holds the business's row lock (tenant.ts
// lockBusiness), so two owners demoting each other at once cannot leave none.
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm'
import {
  INVITATION_DAYS,
  LAST_OWNER_MESSAGE,
  memberRoleSchema,
  ROLE_LABELS,
  type InvitationView,
  type MemberRole,
  type MemberView,
  type Membership,
} from '@localseo/shared/members'
import type { Db, Tx } from '../../db/client.js'
import { businesses, users } from '../../db/schema/business.js'
import { businessInvitations, businessMembers } from '../../db/schema/members.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness } from '../../lib/tenant.js'
import { escapeHtml, htmlEmail, PRODUCT_NAME } from '../../mail/templates.js'
import type { MailMessage } from '../../mail/mailer.js'

const DAY_MS = 86_400_000
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

const MEMBER_NOT_FOUND = 'That person is not a member of this business.'
const INVITATION_NOT_FOUND = 'That invitation does not exist or was already used.'

/** The businesses a person belongs to, in the order they joined them (the switcher's list). */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({
      businessId: businessMembers.businessId,
      name: businesses.name,
      role: businessMembers.role,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.businessId))
  return rows.map((row) => ({ ...row, role: memberRoleSchema.parse(row.role) }))
}

/** The members and the invitations still open, for Settings → Team. */
export async function listTeam(
  db: Db,
  businessId: string,
  { userId, now }: { userId: string; now: Date },
): Promise<{ members: MemberView[]; invitations: InvitationView[] }> {
  const [members, invitations] = await Promise.all([
    db
      .select({
        userId: businessMembers.userId,
        email: users.email,
        name: users.name,
        role: businessMembers.role,
        alertEmails: businessMembers.alertEmails,
        since: businessMembers.createdAt,
      })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(eq(businessMembers.businessId, businessId))
      .orderBy(asc(businessMembers.createdAt), asc(users.email)),
    db
      .select({
        id: businessInvitations.id,
        email: businessInvitations.email,
        role: businessInvitations.role,
        createdAt: businessInvitations.createdAt,
        expiresAt: businessInvitations.expiresAt,
      })
      .from(businessInvitations)
      .where(and(eq(businessInvitations.businessId, businessId), openInvitation(now)))
      .orderBy(asc(businessInvitations.createdAt)),
  ])
  return {
    members: members.map((m) => ({
      ...m,
      role: memberRoleSchema.parse(m.role),
      since: m.since.toISOString(),
      you: m.userId === userId,
    })),
    invitations: invitations.map((i) => ({
      ...i,
      role: memberRoleSchema.parse(i.role),
      createdAt: i.createdAt.toISOString(),
      expiresAt: i.expiresAt.toISOString(),
    })),
  }
}

/** Not accepted, not revoked, not expired. */
const openInvitation = (now: Date) =>
  and(
    isNull(businessInvitations.acceptedAt),
    isNull(businessInvitations.revokedAt),
    gt(businessInvitations.expiresAt, now),
  )

function invitationMail(opts: {
  to: string
  businessName: string
  inviter: string
  role: MemberRole
  link: string
}): MailMessage {
  const role = ROLE_LABELS[opts.role].toLowerCase()
  const subject = `${opts.inviter} invited you to ${opts.businessName} on ${PRODUCT_NAME}`
  const intro = `${opts.inviter} invited you to help with ${opts.businessName} on ${PRODUCT_NAME}, as a ${role}.`
  const how = `The link works for ${INVITATION_DAYS} days. If you have no ${PRODUCT_NAME} account yet, you can create one with this email address on the way.`
  const outro = 'If you did not expect this, you can ignore this email.'
  const text = [
    intro,
    '',
    `Join ${opts.businessName}: ${opts.link}`,
    '',
    how,
    outro,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n')
  const html = htmlEmail(`<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(`Join ${opts.businessName}`)}</a></p>
<p>${escapeHtml(how)}</p>
<p style="color: #6b7280">${escapeHtml(outro)}</p>
`)
  return { to: opts.to, subject, text, html, link: opts.link }
}

/**
 * Invites `email` with `role`: an open invitation to the same address is replaced (the newest link
 * is the one that works), a member already there is a 409. Answers the email to send.
 */
export async function invite(
  db: Db,
  {
    businessId,
    invitedBy,
    email,
    role,
    siteUrl,
    now,
  }: {
    businessId: string
    invitedBy: string
    email: string
    role: MemberRole
    siteUrl: string
    now: Date
  },
): Promise<{ invitation: InvitationView; mail: MailMessage }> {
  const token = randomBytes(32).toString('base64url')
  return db.transaction(async (tx) => {
    await lockBusiness(tx, businessId)
    const [member] = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(and(eq(businessMembers.businessId, businessId), eq(sql`lower(${users.email})`, email)))
    if (member) throw new AppError('conflict', `${email} is already a member of this business.`)
    await tx
      .update(businessInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(businessInvitations.businessId, businessId),
          eq(businessInvitations.email, email),
          openInvitation(now),
        ),
      )
    const [created] = await tx
      .insert(businessInvitations)
      .values({
        businessId,
        email,
        role,
        tokenHash: sha256(token),
        invitedBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      })
      .returning()
    const [about] = await tx
      .select({ businessName: businesses.name, inviterName: users.name, inviterEmail: users.email })
      .from(businesses)
      .innerJoin(users, eq(users.id, invitedBy))
      .where(eq(businesses.id, businessId))
    if (!created || !about) throw new Error('the invitation was not written')
    const link = `${siteUrl}/join?token=${token}`
    return {
      invitation: {
        id: created.id,
        email,
        role,
        createdAt: created.createdAt.toISOString(),
        expiresAt: created.expiresAt.toISOString(),
      },
      mail: invitationMail({
        to: email,
        businessName: about.businessName || 'a business',
        inviter: about.inviterName || about.inviterEmail,
        role,
        link,
      }),
    }
  })
}

export async function revokeInvitation(
  db: Db,
  { businessId, invitationId, now }: { businessId: string; invitationId: string; now: Date },
): Promise<void> {
  const revoked = await db
    .update(businessInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(businessInvitations.id, invitationId),
        eq(businessInvitations.businessId, businessId),
        openInvitation(now),
      ),
    )
    .returning({ id: businessInvitations.id })
  if (revoked.length === 0) throw new AppError('not_found', INVITATION_NOT_FOUND)
}

async function ownerCount(tx: Tx, businessId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, 'owner')))
  return row?.n ?? 0
}

/** The member's current role, under the business's lock; a 404 for someone who is not one. */
async function memberRole(tx: Tx, businessId: string, userId: string): Promise<MemberRole> {
  await lockBusiness(tx, businessId)
  const [member] = await tx
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
  if (!member) throw new AppError('not_found', MEMBER_NOT_FOUND)
  return memberRoleSchema.parse(member.role)
}

export async function changeRole(
  db: Db,
  { businessId, userId, role }: { businessId: string; userId: string; role: MemberRole },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await memberRole(tx, businessId, userId)
    if (current === 'owner' && role !== 'owner' && (await ownerCount(tx, businessId)) <= 1) {
      throw new AppError('conflict', LAST_OWNER_MESSAGE)
    }
    await tx
      .update(businessMembers)
      .set({ role })
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
  })
}

/** Removes a member (or, with their own id, the member leaves). Their next request is refused. */
export async function removeMember(
  db: Db,
  { businessId, userId }: { businessId: string; userId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await memberRole(tx, businessId, userId)
    if (current === 'owner' && (await ownerCount(tx, businessId)) <= 1) {
      throw new AppError('conflict', LAST_OWNER_MESSAGE)
    }
    await tx
      .delete(businessMembers)
      .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
  })
}

const invitationByToken = (token: string) => eq(businessInvitations.tokenHash, sha256(token))

/** What the join page shows before the person accepts: the business, the role, for whom. */
export async function previewInvitation(
  db: Db,
  { token, email, now }: { token: string; email: string; now: Date },
): Promise<{ businessName: string; role: MemberRole; forYou: boolean; expiresAt: string }> {
  const [found] = await db
    .select({
      businessName: businesses.name,
      role: businessInvitations.role,
      email: businessInvitations.email,
      expiresAt: businessInvitations.expiresAt,
    })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(and(invitationByToken(token), openInvitation(now)))
  if (!found) throw new AppError('not_found', EXPIRED_OR_USED)
  return {
    businessName: found.businessName,
    role: memberRoleSchema.parse(found.role),
    forYou: found.email === email.toLowerCase(),
    expiresAt: found.expiresAt.toISOString(),
  }
}

const EXPIRED_OR_USED =
  'This invitation link has expired, was withdrawn or was used already. Ask the owner for a new one.'
const OTHER_ADDRESS =
  'This invitation was sent to another email address. Sign in with the address it was sent to.'

/**
 * Accepts an invitation for the signed-in person: once (the claim is one conditional update, so a
 * replay or a second tab finds it used), and only with the address it was sent to. A member already
 * keeps their role. Answers the business joined.
 */
export async function acceptInvitation(
  db: Db,
  { token, userId, email, now }: { token: string; userId: string; email: string; now: Date },
): Promise<{ businessId: string }> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ email: businessInvitations.email })
      .from(businessInvitations)
      .where(and(invitationByToken(token), openInvitation(now)))
    if (!open) throw new AppError('not_found', EXPIRED_OR_USED)
    if (open.email !== email.toLowerCase()) throw new AppError('forbidden', OTHER_ADDRESS)
    const [claimed] = await tx
      .update(businessInvitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(and(invitationByToken(token), openInvitation(now)))
      .returning({ businessId: businessInvitations.businessId, role: businessInvitations.role })
    if (!claimed) throw new AppError('not_found', EXPIRED_OR_USED)
    await tx
      .insert(businessMembers)
      .values({ businessId: claimed.businessId, userId, role: claimed.role, createdAt: now })
      .onConflictDoNothing()
    return { businessId: claimed.businessId }
  })
}

/**
 * Whether the member gets the business's alert emails (Settings → Team, for themself; the email's
 * stop link turns them off).
 */
export async function setAlertEmails(
  db: Db,
  { businessId, userId, on }: { businessId: string; userId: string; on: boolean },
): Promise<void> {
  await db
    .update(businessMembers)
    .set({ alertEmails: on })
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)))
}

/** The stop link of an alert email (features/automation/unsubscribe.ts). */
export function stopMemberAlertEmails(db: Db, businessId: string, userId: string) {
  return setAlertEmails(db, { businessId, userId, on: false })
}

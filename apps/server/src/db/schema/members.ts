// Who may see and change a business (issue 35 items 1-3, docs/decisions/043-members-and-roles.md):
// a person belongs to any number of businesses, each with one role, and joins one by an invitation
// sent to their email address.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { businessIdColumn, users } from './business.js'

/** The roles of shared MEMBER_ROLES, as the database checks them. */
const roleCheck = sql`role in ('owner', 'manager', 'viewer')`

export const businessMembers = pgTable(
  'business_members',
  {
    businessId: businessIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'owner', 'manager' or 'viewer' (packages/shared/src/members.ts). */
    role: text('role').notNull(),
    /**
     * Whether they get the business's alert emails (ADR 043): the creator does; a member who joins
     * asks for them in Settings → Team, and the email's stop link turns off only theirs.
     */
    alertEmails: boolean('alert_emails').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.userId] }),
    // Every /api request finds the signed-in person's businesses by user.
    index('business_members_user_id_idx').on(t.userId, t.createdAt),
    check('business_members_role_check', roleCheck),
  ],
)

export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: businessIdColumn(),
    /** Lower-cased: only the person signed in with this address may accept. */
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** SHA-256 of the link's token, hex: the token itself is only in the email. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('business_invitations_business_id_idx').on(t.businessId, t.createdAt),
    check('business_invitations_role_check', roleCheck),
  ],
)

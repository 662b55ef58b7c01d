// The GoTrue User object (reference/gotrue-compat.md §2 "User") and small user-row helpers.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authUsers } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import { AUDIENCE, ROLE } from './tokens.js'

export type AuthUser = typeof authUsers.$inferSelect

/** Email addresses are compared lowercased and trimmed (§7). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] }

const iso = (date: Date) => date.toISOString()

/** Omitempty timestamps are left out when null, as GoTrue's JSON tags do. */
function optionalTimes(fields: Record<string, Date | null>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value) out[key] = iso(value)
  return out
}

/**
 * One email identity derived from the user row: email sign-up is the only provider, so no
 * identities table is needed. GoTrue uses the user id as provider id for email identities.
 */
function emailIdentity(user: AuthUser) {
  return {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: {
      sub: user.id,
      email: user.email,
      email_verified: user.emailConfirmedAt !== null,
      phone_verified: false,
    },
    provider: 'email',
    last_sign_in_at: user.lastSignInAt ? iso(user.lastSignInAt) : null,
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    email: user.email,
  }
}

export function serializeUser(user: AuthUser) {
  return {
    id: user.id,
    aud: AUDIENCE,
    role: ROLE,
    email: user.email,
    phone: '',
    ...optionalTimes({
      email_confirmed_at: user.emailConfirmedAt,
      confirmed_at: user.emailConfirmedAt,
      confirmation_sent_at: user.confirmationSentAt,
      last_sign_in_at: user.lastSignInAt,
      banned_until: user.bannedUntil,
    }),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: [emailIdentity(user)],
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    is_anonymous: false,
  }
}

export type SerializedUser = ReturnType<typeof serializeUser>

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1)
  return user
}

export async function findUserById(db: Db, id: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.id, id)).limit(1)
  return user
}

export const isBanned = (user: AuthUser, clock: Clock) =>
  user.bannedUntil !== null && user.bannedUntil.getTime() > clock.now().getTime()

/** PUT /user `data`: merged key-wise, a null value deletes the key (§3 PUT /user). */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/** The product's display name comes from `full_name` in user metadata. */
export const displayName = (metadata: Record<string, unknown>) =>
  typeof metadata.full_name === 'string' ? metadata.full_name : ''

// The GoTrue User object (docs/auth-api.md §2 "User") and small user-row helpers.
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authMfaFactors, authUsers } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import { z } from 'zod'
import { validationFailed } from './errors.js'
import { AUDIENCE, ROLE } from './tokens.js'

export type AuthUser = typeof authUsers.$inferSelect

/** Email addresses are compared lowercased and trimmed (§7). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

const emailAddress = z.email().max(255)

/** A normalized address, or 400 validation_failed for a malformed one (§3 /signup, /recover). */
export function validEmail(raw: string): string {
  const email = normalizeEmail(raw)
  if (!emailAddress.safeParse(email).success) {
    throw validationFailed('Unable to validate email address: invalid format')
  }
  return email
}

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

export type FactorRow = typeof authMfaFactors.$inferSelect

/** A factor as GoTrue serializes it (§2 "Factor"): never the secret. */
function serializeFactor(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendlyName,
    factor_type: factor.factorType,
    status: factor.status,
    phone: '',
    last_challenged_at: factor.lastChallengedAt ? iso(factor.lastChallengedAt) : null,
    created_at: iso(factor.createdAt),
    updated_at: iso(factor.updatedAt),
  }
}

/**
 * The User object. `factors` is omitted when the user has none, as GoTrue's omitempty does; callers
 * that answer GET/PUT /user or a session pass the user's factors (auth-js derives the next AAL
 * from them).
 */
export function serializeUser(user: AuthUser, factors: FactorRow[] = []) {
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
      recovery_sent_at: user.recoverySentAt,
      email_change_sent_at: user.emailChangeSentAt,
      last_sign_in_at: user.lastSignInAt,
      banned_until: user.bannedUntil,
    }),
    ...(user.emailChange ? { new_email: user.emailChange } : {}),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: [emailIdentity(user)],
    ...(factors.length > 0 ? { factors: factors.map(serializeFactor) } : {}),
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    is_anonymous: false,
  }
}

/** The user's factors, oldest first (at most 10 exist, see mfa.ts). */
export function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  return db
    .select()
    .from(authMfaFactors)
    .where(eq(authMfaFactors.userId, userId))
    .orderBy(asc(authMfaFactors.createdAt))
}

export async function findUserByEmail(db: Db, email: string): Promise<AuthUser | undefined> {
  const [user] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1)
  return user
}

export const isBanned = (user: AuthUser, clock: Clock) =>
  user.bannedUntil !== null && user.bannedUntil.getTime() > clock.now().getTime()

/** The product's display name comes from `full_name` in user metadata. */
export const displayName = (metadata: Record<string, unknown>) =>
  typeof metadata.full_name === 'string' ? metadata.full_name : ''

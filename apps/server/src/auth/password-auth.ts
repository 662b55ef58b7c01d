// Email + password sign-up and sign-in (docs/auth-api.md §3 /signup, /token password).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { users } from '../db/schema/business.js'
import { authUsers } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import { badRequest, unprocessable } from './errors.js'
import {
  assertPasswordAcceptable,
  hashPassword,
  verifyAgainstDummy,
  type PasswordCost,
  verifyPassword,
} from './passwords.js'
import { createSession, type IssuedSession } from './sessions.js'
import {
  EMAIL_APP_METADATA,
  displayName,
  findUserByEmail,
  isBanned,
  normalizeEmail,
  type AuthUser,
} from './users.js'

const userAlreadyExists = () => unprocessable('user_already_exists', 'User already registered')

export function isUniqueViolation(error: unknown): boolean {
  // drizzle wraps driver errors; both pg and PGlite carry the SQLSTATE in `code`.
  for (let e = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/**
 * Creates the auth user and the product's `users` row in one transaction. With autoconfirm the user
 * is confirmed and signed in at once (amr `password`); otherwise no session is issued and password
 * sign-in answers email_not_confirmed until confirmation exists.
 */
export async function signUpWithPassword(opts: {
  db: Db
  clock: Clock
  autoconfirm: boolean
  email: string
  password: string
  data: Record<string, unknown>
  userAgent?: string
  passwordCost?: PasswordCost
}): Promise<{ user: AuthUser; issued?: IssuedSession }> {
  const { db, clock, autoconfirm } = opts
  const email = normalizeEmail(opts.email)
  assertPasswordAcceptable(opts.password)
  // Cheap early answer; the unique index below settles races.
  if (await findUserByEmail(db, email)) throw userAlreadyExists()
  const encryptedPassword = await hashPassword(opts.password, opts.passwordCost)
  const now = clock.now()
  // GoTrue merges email_verified into user metadata when the email is confirmed (§2 "User").
  const userMetadata = autoconfirm ? { ...opts.data, email_verified: true } : { ...opts.data }
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser({
        tx,
        now,
        email,
        encryptedPassword,
        confirmed: autoconfirm,
        userMetadata,
      })
      if (!autoconfirm) return { user }
      const issued = await createSession({
        tx,
        clock,
        user,
        method: 'password',
        userAgent: opts.userAgent,
      })
      return { user, issued }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw userAlreadyExists()
    throw error
  }
}

/** Inserts the auth user and the product's `users` row; `tx` must be a transaction. */
export async function insertUser(opts: {
  tx: Db
  now: Date
  email: string
  encryptedPassword: string | null
  confirmed: boolean
  userMetadata: Record<string, unknown>
}): Promise<AuthUser> {
  const { tx, now, email, confirmed } = opts
  const [user] = await tx
    .insert(authUsers)
    .values({
      email,
      encryptedPassword: opts.encryptedPassword,
      emailConfirmedAt: confirmed ? now : null,
      lastSignInAt: confirmed ? now : null,
      appMetadata: EMAIL_APP_METADATA,
      userMetadata: opts.userMetadata,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!user) throw new Error('user insert returned no row')
  await tx.insert(users).values({
    id: user.id,
    email,
    name: displayName(opts.userMetadata),
    createdAt: now,
    updatedAt: now,
  })
  return user
}

/** grant_type=password. Unknown user and wrong password are indistinguishable, timing included. */
export async function signInWithPassword(opts: {
  db: Db
  clock: Clock
  email: string
  password: string
  userAgent?: string
  passwordCost?: PasswordCost
}): Promise<IssuedSession> {
  const { db, clock } = opts
  const user = await findUserByEmail(db, normalizeEmail(opts.email))
  const valid = user?.encryptedPassword
    ? await verifyPassword(user.encryptedPassword, opts.password)
    : await verifyAgainstDummy(opts.password, opts.passwordCost)
  if (!user || !valid) throw badRequest('invalid_credentials', 'Invalid login credentials')
  if (!user.emailConfirmedAt) throw badRequest('email_not_confirmed', 'Email not confirmed')
  if (isBanned(user, clock)) throw badRequest('user_banned', 'User is banned')
  const checkedHash = user.encryptedPassword
  return db.transaction(async (tx) => {
    // The session is created only if the password just checked is still the user's, read under
    // the row lock a password change takes too (ADR 027): a change that committed while argon2 ran
    // refuses this sign-in, and one that commits after it deletes the new session.
    const [locked] = await tx
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, user.id))
      .for('update')
    if (!locked || locked.encryptedPassword !== checkedHash) {
      throw badRequest('invalid_credentials', 'Invalid login credentials')
    }
    if (isBanned(locked, clock)) throw badRequest('user_banned', 'User is banned')
    const now = clock.now()
    const [updated] = await tx
      .update(authUsers)
      .set({ lastSignInAt: now })
      .where(eq(authUsers.id, user.id))
      .returning()
    return createSession({
      tx,
      clock,
      user: updated ?? locked,
      method: 'password',
      userAgent: opts.userAgent,
    })
  })
}

// PUT /user (docs/auth-api.md §3): metadata merge, password change (the current session
// stays, every other one ends) and email change, which takes effect only when the link or code sent
// to the new address is used (email-auth.ts verifyOneTimeToken).
import { and, eq, ne } from 'drizzle-orm'
import type { Tx } from '../db/client.js'
import { users } from '../db/schema/business.js'
import { authSessions, authUsers } from '../db/schema/auth.js'
import type { AppDeps } from '../lib/deps.js'
import type { Authenticated } from './authenticate.js'
import { emailExists, guardEmailSend, sendAccountEmail } from './email-auth.js'
import { GoTrueError, unprocessable, validationFailed } from './errors.js'
import {
  assertPasswordAcceptable,
  hashPassword,
  verifyPassword,
  type PasswordCost,
} from './passwords.js'
import { clearPasswordFailures } from './rate-limit.js'
import { mergeMetadata, metadataProblem } from './metadata.js'
import { displayName, findUserByEmail, type AuthUser } from './users.js'

export interface UserPatch {
  /** Already normalized and validated by the route. */
  email?: string
  phone?: string
  password?: string
  data?: Record<string, unknown>
}

type Deps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'mailer' | 'logger' | 'passwordCost'>

/** Refuses what this patch may not do (phone, credentials without aal2) before any work. */
function checkAllowed(auth: Authenticated, patch: UserPatch, newEmail: string | undefined) {
  if (patch.phone !== undefined && patch.phone !== '') {
    throw unprocessable('phone_provider_disabled', 'Phone sign-in is not enabled.')
  }
  if ((newEmail !== undefined || patch.password !== undefined) && !canChangeCredentials(auth)) {
    throw new GoTrueError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    )
  }
}

/** The new password's hash; too weak or the same as the old one is refused. */
async function newPasswordHash(
  current: AuthUser,
  password: string,
  cost: PasswordCost | undefined,
): Promise<string> {
  assertPasswordAcceptable(password)
  if (current.encryptedPassword && (await verifyPassword(current.encryptedPassword, password))) {
    throw unprocessable('same_password', 'New password should be different from the old password.')
  }
  return hashPassword(password, cost)
}

interface UserWrite {
  auth: Authenticated
  data: Record<string, unknown> | undefined
  encryptedPassword: string | undefined
  newEmail: string | undefined
}

/** One transaction: merged metadata, password, pending email; a new password ends other sessions. */
async function writeUser(tx: Tx, write: UserWrite, now: Date): Promise<AuthUser> {
  const { auth, data, encryptedPassword, newEmail } = write
  const current = auth.user
  // Lock the row so two concurrent metadata merges cannot lose each other's keys.
  const [locked] = await tx
    .select()
    .from(authUsers)
    .where(eq(authUsers.id, current.id))
    .for('update')
  const base = locked ?? current
  const userMetadata = data ? mergeMetadata(base.userMetadata, data) : base.userMetadata
  // Each patch is bounded on its own; the merged whole must be too (rolled back otherwise).
  const tooLarge = data && metadataProblem(userMetadata)
  if (tooLarge) throw validationFailed(tooLarge)
  const [row] = await tx
    .update(authUsers)
    .set({
      userMetadata,
      updatedAt: now,
      ...(encryptedPassword ? { encryptedPassword } : {}),
      ...(newEmail ? { emailChange: newEmail, emailChangeSentAt: now } : {}),
    })
    .where(eq(authUsers.id, current.id))
    .returning()
  if (data && 'full_name' in data) {
    await tx
      .update(users)
      .set({ name: displayName(userMetadata), updatedAt: now })
      .where(eq(users.id, current.id))
  }
  if (encryptedPassword) {
    // A new password ends every other session of the user (docs/auth-api.md §3 PUT /user).
    await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, current.id), ne(authSessions.id, auth.session.id)))
  }
  return row ?? base
}

export async function updateUser(opts: {
  deps: Deps
  auth: Authenticated
  patch: UserPatch
  redirectTo: string
}): Promise<AuthUser> {
  const { deps, auth, patch } = opts
  const { db, clock } = deps
  const current = auth.user
  const newEmail =
    patch.email !== undefined && patch.email !== current.email ? patch.email : undefined
  checkAllowed(auth, patch, newEmail)
  const encryptedPassword =
    patch.password === undefined
      ? undefined
      : await newPasswordHash(current, patch.password, deps.passwordCost)
  if (newEmail !== undefined) {
    if (await findUserByEmail(db, newEmail)) throw emailExists()
    await guardEmailSend(deps, newEmail)
  }
  const data = patch.data
  if (encryptedPassword === undefined && data === undefined && newEmail === undefined) {
    return current
  }
  const write = { auth, data, encryptedPassword, newEmail }
  const updated = await db.transaction((tx) => writeUser(tx, write, clock.now()))
  if (encryptedPassword) await clearPasswordFailures({ db, email: updated.email })
  if (newEmail) {
    await sendAccountEmail(deps, {
      user: updated,
      kind: 'email_change',
      tokenType: 'email_change',
      to: newEmail,
      redirectTo: opts.redirectTo,
    })
  }
  return updated
}

/** With a verified factor, only an aal2 session may change the password or the email address. */
const canChangeCredentials = (auth: Authenticated) =>
  !auth.mfaEnabled || auth.session.aal === 'aal2'

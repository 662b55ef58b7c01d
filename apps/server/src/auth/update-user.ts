// PUT /user (reference/gotrue-compat.md §3): metadata merge and password change. Email and phone
// changes need confirmation mail, which arrives in a later issue, so they are refused clearly.
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { users } from '../db/schema/app.js'
import { authSessions, authUsers } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import type { Authenticated } from './authenticate.js'
import { unprocessable } from './errors.js'
import { assertPasswordAcceptable, hashPassword, verifyPassword } from './passwords.js'
import { displayName, mergeMetadata, normalizeEmail, type AuthUser } from './users.js'

export interface UserPatch {
  email?: string
  phone?: string
  password?: string
  data?: Record<string, unknown>
}

export async function updateUser(opts: {
  db: Db
  clock: Clock
  auth: Authenticated
  patch: UserPatch
}): Promise<AuthUser> {
  const { db, clock, auth, patch } = opts
  const current = auth.user
  if (patch.email !== undefined && normalizeEmail(patch.email) !== current.email) {
    throw unprocessable(
      'email_change_not_supported',
      'Changing the email address is not supported yet.',
    )
  }
  if (patch.phone !== undefined && patch.phone !== '') {
    throw unprocessable('phone_provider_disabled', 'Phone sign-in is not enabled.')
  }
  let encryptedPassword: string | undefined
  if (patch.password !== undefined) {
    assertPasswordAcceptable(patch.password)
    if (
      current.encryptedPassword &&
      (await verifyPassword(current.encryptedPassword, patch.password))
    ) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      )
    }
    encryptedPassword = await hashPassword(patch.password)
  }
  const data = patch.data
  if (encryptedPassword === undefined && data === undefined) return current

  return db.transaction(async (tx) => {
    const now = clock.now()
    // Lock the row so two concurrent metadata merges cannot lose each other's keys.
    const [locked] = await tx
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, current.id))
      .for('update')
    const base = locked ?? current
    const userMetadata = data ? mergeMetadata(base.userMetadata, data) : base.userMetadata
    const [updated] = await tx
      .update(authUsers)
      .set({ userMetadata, updatedAt: now, ...(encryptedPassword ? { encryptedPassword } : {}) })
      .where(eq(authUsers.id, current.id))
      .returning()
    if (data && 'full_name' in data) {
      await tx
        .update(users)
        .set({ name: displayName(userMetadata), updatedAt: now })
        .where(eq(users.id, current.id))
    }
    if (encryptedPassword) {
      // A new password ends every other session of the user (§3 PUT /user, M:user.go UpdatePassword).
      await tx
        .delete(authSessions)
        .where(and(eq(authSessions.userId, current.id), ne(authSessions.id, auth.session.id)))
    }
    return updated ?? base
  })
}

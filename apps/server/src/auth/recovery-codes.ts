// Recovery codes (issue 31 item 5c, docs/auth-api.md §3 "recovery codes"): ten single-use codes an
// owner saves when they turn on two-factor sign-in, each usable once in place of a code from the
// app, so a lost phone does not lock them out. Only SHA-256 hashes are stored: the codes are
// random (50 bits each) and a wrong one counts toward the second-factor lockout (mfa-lockout.ts,
// ADR 029).
import { createHash, randomInt } from 'node:crypto'
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authMfaFactors, authMfaRecoveryCodes } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'
import type { Authenticated } from './authenticate.js'
import { GoTrueError, unprocessable, validationFailed } from './errors.js'
import { RECOVERY_CODE_METHOD, elevateSession, replaceRefreshToken } from './mfa.js'
import { loadAmr, type IssuedSession } from './sessions.js'

const RECOVERY_CODE_COUNT = 10
/** No 0/o, 1/l/i: a code copied from paper reads one way. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const CODE_LENGTH = 10

/** A new code, shown as two groups of five: `abcde-23456`. */
function newCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** What the owner typed, without case, spaces or dashes. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

const hashCode = (userId: string, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normalize(code)}`)
    .digest('base64url')

const wrongCode = () => unprocessable('mfa_verification_failed', 'Invalid recovery code entered')

async function firstVerifiedFactor(db: Db, userId: string) {
  const [factor] = await db
    .select({ id: authMfaFactors.id })
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.userId, userId), eq(authMfaFactors.status, 'verified')))
    .orderBy(asc(authMfaFactors.createdAt))
    .limit(1)
  return factor
}

/** GET /recovery-codes: how many unused codes the user has left. */
export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authMfaRecoveryCodes)
    .where(and(eq(authMfaRecoveryCodes.userId, userId), isNull(authMfaRecoveryCodes.usedAt)))
  return row?.n ?? 0
}

/**
 * POST /recovery-codes: ten new codes, returned once; the old ones stop working. Only an aal2
 * session of a user with a verified factor may make them (the codes are as strong as the factor).
 */
export async function regenerateRecoveryCodes(opts: {
  db: Db
  clock: Clock
  auth: Authenticated
}): Promise<string[]> {
  const { db, auth } = opts
  if (!auth.mfaEnabled) {
    throw unprocessable('mfa_factor_not_found', 'Turn on two-factor sign-in first')
  }
  if (auth.session.aal !== 'aal2') {
    throw new GoTrueError(403, 'insufficient_aal', 'AAL2 required to create recovery codes')
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  const now = opts.clock.now()
  await db.transaction(async (tx) => {
    await tx.delete(authMfaRecoveryCodes).where(eq(authMfaRecoveryCodes.userId, auth.user.id))
    await tx.insert(authMfaRecoveryCodes).values(
      codes.map((code) => ({
        userId: auth.user.id,
        codeHash: hashCode(auth.user.id, code),
        createdAt: now,
      })),
    )
  })
  return codes
}

/**
 * POST /recovery-codes/verify: a right, unused code of this user raises this session to aal2 (amr
 * `recovery_code`, as a TOTP code would) and is spent in the same transaction, so two requests
 * racing with one code cannot both succeed.
 */
export async function verifyRecoveryCode(opts: {
  db: Db
  clock: Clock
  auth: Authenticated
  code: string
}): Promise<IssuedSession> {
  const { db, clock, auth } = opts
  if (!normalize(opts.code)) throw validationFailed('Code needs to be non-empty')
  const factor = auth.mfaEnabled ? await firstVerifiedFactor(db, auth.user.id) : undefined
  if (!factor) throw unprocessable('mfa_factor_not_found', 'Two-factor sign-in is not turned on')
  return db.transaction(async (tx) => {
    const now = clock.now()
    const [spent] = await tx
      .update(authMfaRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(authMfaRecoveryCodes.userId, auth.user.id),
          eq(authMfaRecoveryCodes.codeHash, hashCode(auth.user.id, opts.code)),
          isNull(authMfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: authMfaRecoveryCodes.id })
    if (!spent) throw wrongCode()
    const session = await elevateSession(tx, auth, factor.id, now, RECOVERY_CODE_METHOD)
    const refreshToken = await replaceRefreshToken(tx, auth.user.id, session.id, now)
    return { user: auth.user, session, amr: await loadAmr(tx, session.id), refreshToken }
  })
}

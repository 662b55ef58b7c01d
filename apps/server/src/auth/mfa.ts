// TOTP second factor under /factors (docs/auth-api.md §3 "factors", §7 TOTP: 30 s period,
// skew ±1, 6 digits, SHA1). Beyond GoTrue, each factor remembers the last accepted time step, so a
// code is never accepted twice (security-tests §1a, ASVS 2.8.4).
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import QRCode from 'qrcode'
import { Secret, TOTP } from 'otpauth'
import type { Db, Tx } from '../db/client.js'
import {
  authAmrClaims,
  authMfaChallenges,
  authMfaFactors,
  authMfaRecoveryCodes,
  authRefreshTokens,
  authSessions,
} from '../db/schema/auth.js'
import { unixSeconds, type Clock } from '../lib/clock.js'
import { PRODUCT_NAME } from '../mail/templates.js'
import type { Authenticated } from './authenticate.js'
import { GoTrueError, unprocessable, validationFailed } from './errors.js'
import { isUniqueViolation } from './password-auth.js'
import { isUuid } from '../lib/uuid.js'
import { loadAmr, type IssuedSession } from './sessions.js'
import { hashRefreshToken, newRefreshToken } from './tokens.js'
import { listFactors, type FactorRow } from './users.js'

/** The amr method of a session raised to aal2 with a recovery code (recovery-codes.ts). */
export const RECOVERY_CODE_METHOD = 'recovery_code'

const CHALLENGE_TTL_SECONDS = 300
/** Unverified factors older than this are abandoned enrollments and are removed. */
const UNVERIFIED_FACTOR_TTL_SECONDS = 300
const MAX_FACTORS = 10
const PERIOD = 30

const totpFor = (factor: Pick<FactorRow, 'secret'>, label: string, issuer = PRODUCT_NAME) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(factor.secret),
  })

const factorNotFound = () => new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found')
const insufficientAal = (status: 403 | 422, message: string) =>
  new GoTrueError(status, 'insufficient_aal', message)

/** The user's factor `id`, or 404 (a foreign or malformed id looks the same as a missing one). */
async function ownFactor(db: Db, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw new GoTrueError(404, 'validation_failed', 'Invalid factor id')
  const [factor] = await db
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, factorId), eq(authMfaFactors.userId, userId)))
  if (!factor) throw factorNotFound()
  return factor
}

/** POST /factors: a new unverified TOTP factor with its secret, otpauth URI and QR code (SVG). */
export async function enrollTotp(opts: {
  db: Db
  clock: Clock
  auth: Authenticated
  friendlyName: string
  issuer?: string
}) {
  const { db, clock, auth } = opts
  const now = clock.now()
  const userId = auth.user.id
  if (auth.mfaEnabled && auth.session.aal !== 'aal2') {
    throw insufficientAal(403, 'AAL2 required to enroll a new factor')
  }
  // Abandoned enrollments (and an unverified one under the same name) make way for this one.
  await db
    .delete(authMfaFactors)
    .where(
      and(
        eq(authMfaFactors.userId, userId),
        eq(authMfaFactors.status, 'unverified'),
        sql`(${authMfaFactors.createdAt} < ${new Date(now.getTime() - UNVERIFIED_FACTOR_TTL_SECONDS * 1000).toISOString()}::timestamptz or ${authMfaFactors.friendlyName} = ${opts.friendlyName})`,
      ),
    )
  const factors = await listFactors(db, userId)
  if (factors.length >= MAX_FACTORS) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    )
  }
  const secret = new Secret({ size: 20 }).base32
  let factor: FactorRow | undefined
  try {
    ;[factor] = await db
      .insert(authMfaFactors)
      .values({
        userId,
        friendlyName: opts.friendlyName,
        factorType: 'totp',
        status: 'unverified',
        secret,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${opts.friendlyName}" for this user already exists`,
    )
  }
  if (!factor) throw new Error('factor insert returned no row')
  const uri = totpFor(factor, auth.user.email, opts.issuer || PRODUCT_NAME).toString()
  const qrCode = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return {
    id: factor.id,
    type: 'totp' as const,
    friendly_name: factor.friendlyName,
    totp: { qr_code: qrCode, secret, uri },
  }
}

/** POST /factors/:id/challenge: valid for 300 s, bound to the caller's IP. */
export async function challengeFactor(opts: {
  db: Db
  clock: Clock
  auth: Authenticated
  factorId: string
  ip: string
}) {
  const factor = await ownFactor(opts.db, opts.auth.user.id, opts.factorId)
  const now = opts.clock.now()
  const [challenge] = await opts.db
    .insert(authMfaChallenges)
    .values({ factorId: factor.id, ipAddress: opts.ip, createdAt: now })
    .returning()
  if (!challenge) throw new Error('challenge insert returned no row')
  await opts.db
    .update(authMfaFactors)
    .set({ lastChallengedAt: now })
    .where(eq(authMfaFactors.id, factor.id))
  return {
    id: challenge.id,
    type: 'totp' as const,
    expires_at: unixSeconds(now) + CHALLENGE_TTL_SECONDS,
  }
}

const verificationFailed = () =>
  unprocessable('mfa_verification_failed', 'Invalid TOTP code entered')

type FactorChallenge = typeof authMfaChallenges.$inferSelect

/** The factor and the challenge to verify against, both locked; a foreign or unknown one is refused. */
async function lockFactorAndChallenge(
  tx: Tx,
  opts: { userId: string; factorId: string; challengeId: string },
): Promise<{ factor: FactorRow; challenge: FactorChallenge }> {
  const [factor] = await tx
    .select()
    .from(authMfaFactors)
    .where(and(eq(authMfaFactors.id, opts.factorId), eq(authMfaFactors.userId, opts.userId)))
    .for('update')
  if (!factor) throw factorNotFound()
  const [challenge] = isUuid(opts.challengeId)
    ? await tx
        .select()
        .from(authMfaChallenges)
        .where(
          and(
            eq(authMfaChallenges.id, opts.challengeId),
            eq(authMfaChallenges.factorId, factor.id),
          ),
        )
        .for('update')
    : []
  if (!challenge) {
    throw unprocessable(
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    )
  }
  return { factor, challenge }
}

/** A challenge is used once, from the IP that asked for it, within its lifetime. */
function checkChallenge(challenge: FactorChallenge, ip: string, now: Date) {
  if (challenge.verifiedAt || challenge.ipAddress !== ip) {
    throw unprocessable(
      'mfa_ip_address_mismatch',
      'Challenge and verify IP addresses mismatch. Try enrollment again.',
    )
  }
  if (now.getTime() - challenge.createdAt.getTime() > CHALLENGE_TTL_SECONDS * 1000) {
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    )
  }
}

/** The time step of a right code; a wrong one, or a step already used, is refused. */
function acceptedStep(factor: FactorRow, email: string, code: string, now: Date): number {
  const delta = totpFor(factor, email).validate({
    token: code.trim(),
    timestamp: now.getTime(),
    window: 1,
  })
  if (delta === null) throw verificationFailed()
  const step = Math.floor(now.getTime() / 1000 / PERIOD) + delta
  if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) throw verificationFailed()
  return step
}

/** The challenge is spent, the factor verified, and the user's other unverified factors go. */
async function markVerified(
  tx: Tx,
  opts: { userId: string; factor: FactorRow; challenge: FactorChallenge; step: number; now: Date },
) {
  const { factor, now } = opts
  await tx
    .update(authMfaChallenges)
    .set({ verifiedAt: now })
    .where(eq(authMfaChallenges.id, opts.challenge.id))
  await tx
    .update(authMfaFactors)
    .set({ status: 'verified', lastUsedStep: opts.step, updatedAt: now })
    .where(eq(authMfaFactors.id, factor.id))
  await tx
    .delete(authMfaFactors)
    .where(
      and(
        eq(authMfaFactors.userId, opts.userId),
        eq(authMfaFactors.status, 'unverified'),
        ne(authMfaFactors.id, factor.id),
      ),
    )
}

/** This session becomes aal2 with amr `method`; the user's other aal1 sessions end. */
export async function elevateSession(
  tx: Tx,
  auth: Authenticated,
  factorId: string,
  now: Date,
  method = 'totp',
) {
  const sessionId = auth.session.id
  const [session] = await tx
    .update(authSessions)
    .set({ aal: 'aal2', factorId, updatedAt: now })
    .where(eq(authSessions.id, sessionId))
    .returning()
  if (!session) throw new GoTrueError(403, 'session_not_found', 'Session not found')
  await tx
    .insert(authAmrClaims)
    .values({ sessionId, authenticationMethod: method, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [authAmrClaims.sessionId, authAmrClaims.authenticationMethod],
      set: { createdAt: now, updatedAt: now },
    })
  await tx
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, auth.user.id),
        eq(authSessions.aal, 'aal1'),
        ne(authSessions.id, sessionId),
      ),
    )
  return session
}

/** The session's older refresh tokens are retired; the client stores the one returned here. */
export async function replaceRefreshToken(tx: Tx, userId: string, sessionId: string, now: Date) {
  await tx
    .update(authRefreshTokens)
    .set({ revoked: true, updatedAt: now })
    .where(and(eq(authRefreshTokens.sessionId, sessionId), eq(authRefreshTokens.revoked, false)))
  const refreshToken = newRefreshToken()
  await tx.insert(authRefreshTokens).values({
    tokenHash: hashRefreshToken(refreshToken),
    userId,
    sessionId,
    createdAt: now,
    updatedAt: now,
  })
  return refreshToken
}

/**
 * POST /factors/:id/verify: on a right code the same session becomes aal2 with amr `totp` and a new
 * refresh token; the factor is verified; the user's other aal1 sessions and other unverified factors
 * go (GoTrue's behaviour). Wrong, replayed or expired input changes nothing.
 */
export async function verifyFactor(opts: {
  db: Db
  clock: Clock
  auth: Authenticated
  factorId: string
  challengeId: string
  code: string
  ip: string
}): Promise<IssuedSession> {
  const { db, clock, auth } = opts
  const userId = auth.user.id
  if (!opts.code.trim()) throw validationFailed('Code needs to be non-empty')
  await ownFactor(db, userId, opts.factorId)
  return db.transaction(async (tx) => {
    const now = clock.now()
    const { factor, challenge } = await lockFactorAndChallenge(tx, { userId, ...opts })
    checkChallenge(challenge, opts.ip, now)
    const step = acceptedStep(factor, auth.user.email, opts.code, now)
    await markVerified(tx, { userId, factor, challenge, step, now })
    const session = await elevateSession(tx, auth, factor.id, now)
    const refreshToken = await replaceRefreshToken(tx, userId, session.id, now)
    return { user: auth.user, session, amr: await loadAmr(tx, session.id), refreshToken }
  })
}

/** DELETE /factors/:id: a verified factor needs an aal2 session; its sessions drop to aal1. */
export async function unenrollFactor(opts: { db: Db; auth: Authenticated; factorId: string }) {
  const { db, auth } = opts
  const factor = await ownFactor(db, auth.user.id, opts.factorId)
  if (factor.status === 'verified' && auth.session.aal !== 'aal2') {
    throw insufficientAal(422, 'AAL2 required to unenroll verified factor')
  }
  await db.transaction(async (tx) => {
    const lowered = await tx
      .update(authSessions)
      .set({ aal: 'aal1', factorId: null })
      .where(and(eq(authSessions.userId, auth.user.id), eq(authSessions.factorId, factor.id)))
      .returning({ id: authSessions.id })
    if (lowered.length > 0) {
      await tx.delete(authAmrClaims).where(
        and(
          inArray(
            authAmrClaims.sessionId,
            lowered.map((s) => s.id),
          ),
          inArray(authAmrClaims.authenticationMethod, ['totp', RECOVERY_CODE_METHOD]),
        ),
      )
    }
    await tx.delete(authMfaFactors).where(eq(authMfaFactors.id, factor.id))
    // Recovery codes stand in for a factor; with none left they have nothing to stand in for.
    const [remaining] = await tx
      .select({ id: authMfaFactors.id })
      .from(authMfaFactors)
      .where(and(eq(authMfaFactors.userId, auth.user.id), eq(authMfaFactors.status, 'verified')))
      .limit(1)
    if (!remaining) {
      await tx.delete(authMfaRecoveryCodes).where(eq(authMfaRecoveryCodes.userId, auth.user.id))
    }
  })
  return { id: factor.id }
}

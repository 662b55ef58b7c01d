// Access-token JWTs (docs/auth-api.md §5) and opaque refresh-token primitives (§6).
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify, type JWTPayload } from 'jose'
import { unixSeconds, type Clock } from '../lib/clock.js'
import { isUuid } from '../lib/uuid.js'
import type { JwtKeys } from './keys.js'

export const AUDIENCE = 'authenticated'
export const ROLE = 'authenticated'

export interface AmrEntry {
  method: string
  timestamp: number
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string
  aud: string
  exp: number
  iat: number
  email: string
  phone: string
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
  role: string
  aal: 'aal1' | 'aal2'
  amr: AmrEntry[]
  session_id: string
  is_anonymous: boolean
}

export async function signAccessToken(opts: {
  keys: JwtKeys
  clock: Clock
  issuer: string
  ttlSeconds: number
  claims: Omit<AccessTokenClaims, 'iss' | 'aud' | 'exp' | 'iat' | 'role'>
}): Promise<{ token: string; expiresAt: number; expiresIn: number }> {
  const iat = unixSeconds(opts.clock.now())
  const expiresAt = iat + opts.ttlSeconds
  // aud is a plain string, not an array (§5); jose's setAudience would accept either.
  const payload = {
    ...opts.claims,
    iss: opts.issuer,
    aud: AUDIENCE,
    role: ROLE,
    iat,
    exp: expiresAt,
  }
  const header = opts.keys.kid
    ? { alg: opts.keys.alg, typ: 'JWT', kid: opts.keys.kid }
    : { alg: opts.keys.alg, typ: 'JWT' }
  const token = await new SignJWT(payload).setProtectedHeader(header).sign(opts.keys.signingKey)
  return { token, expiresAt, expiresIn: opts.ttlSeconds }
}

/**
 * Tokens already verified with a key set, by their exact text (at most MAX_VERIFIED_TOKENS per set,
 * the oldest dropped first). Only tokens with a valid signature get in, and only the checks that
 * depend on the time are made again: a token's signature, audience and claims cannot change.
 */
const verifiedTokens = new WeakMap<JwtKeys, Map<string, AccessTokenClaims>>()
const MAX_VERIFIED_TOKENS = 10_000

/** jose's time checks: exp in the future, nbf (when present) not. */
function inTime(claims: AccessTokenClaims, now: Date): boolean {
  const at = unixSeconds(now)
  return claims.exp > at && (typeof claims.nbf !== 'number' || claims.nbf <= at)
}

/**
 * Verifies signature (alg pinned to ours, so `none` and alg confusion fail), audience and expiry
 * against the injected clock. Returns undefined for any invalid token; callers pick the error shape.
 */
export async function verifyAccessToken(opts: {
  keys: JwtKeys
  clock: Clock
  token: string
}): Promise<AccessTokenClaims | undefined> {
  let verified = verifiedTokens.get(opts.keys)
  if (!verified) verifiedTokens.set(opts.keys, (verified = new Map<string, AccessTokenClaims>()))
  const now = opts.clock.now()
  const known = verified.get(opts.token)
  if (known) {
    if (inTime(known, now)) return known
    verified.delete(opts.token)
    return undefined
  }
  const claims = await verifySignedToken(opts.keys, opts.token, now)
  if (claims) {
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value ?? '')
    verified.set(opts.token, Object.freeze(claims))
  }
  return claims
}

async function verifySignedToken(
  keys: JwtKeys,
  token: string,
  now: Date,
): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKey, {
      algorithms: [keys.alg],
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'session_id'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return undefined
    if (!isUuid(payload.sub) || !isUuid(payload.session_id)) return undefined
    if (typeof payload.exp !== 'number') return undefined
    return payload as AccessTokenClaims
  } catch {
    return undefined
  }
}

/** A fresh opaque refresh token: 32 random bytes, base64url (§6 rec). */
export const newRefreshToken = () => randomBytes(32).toString('base64url')

/** A new per-session key for deriving rotated tokens. */
export const newRefreshTokenHmacKey = () => randomBytes(32).toString('base64url')

/** Refresh tokens are stored only as SHA-256 hashes. */
export const hashRefreshToken = (token: string) =>
  createHash('sha256').update(token).digest('base64url')

/** The child of `parent` in its rotation chain; deterministic so a retried rotation can be answered. */
export const deriveChildRefreshToken = (hmacKey: string, parent: string) =>
  createHmac('sha256', hmacKey).update(parent).digest('base64url')

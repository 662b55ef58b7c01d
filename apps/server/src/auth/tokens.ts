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
 * Verifies signature (alg pinned to ours, so `none` and alg confusion fail), audience and expiry
 * against the injected clock. Returns undefined for any invalid token; callers pick the error shape.
 */
export async function verifyAccessToken(opts: {
  keys: JwtKeys
  clock: Clock
  token: string
}): Promise<AccessTokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(opts.token, opts.keys.verificationKey, {
      algorithms: [opts.keys.alg],
      audience: AUDIENCE,
      currentDate: opts.clock.now(),
      requiredClaims: ['exp', 'sub', 'session_id'],
    })
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return undefined
    if (!isUuid(payload.sub) || !isUuid(payload.session_id)) return undefined
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

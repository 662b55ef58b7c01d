// Rate limits with GoTrue's defaults (docs/auth-api.md §7, issue 3 item 4). State lives in
// auth.rate_limits, so every app instance on one PostgreSQL shares it, and each decision is a single
// atomic upsert (no read-then-write race between instances).
import { eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authRateLimits } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'

/** A token bucket: `burst` requests at once, refilled at `perSecond`. */
export interface Bucket {
  burst: number
  perSecond: number
}

const perFiveMinutes = (n: number): Bucket => ({ burst: 30, perSecond: n / 300 })

/** Per-IP limiters, one bucket per endpoint as in GoTrue's api.go. */
export const IP_LIMITS = {
  token: perFiveMinutes(150),
  signup: perFiveMinutes(30),
  otp: perFiveMinutes(30),
  recover: perFiveMinutes(30),
  resend: perFiveMinutes(30),
  verify: perFiveMinutes(30),
  user_update: perFiveMinutes(30),
  mfa_challenge: { burst: 30, perSecond: 15 / 60 },
  mfa_verify: { burst: 30, perSecond: 15 / 60 },
} satisfies Record<string, Bucket>

export type IpLimiter = keyof typeof IP_LIMITS

/** At most one email per address per 60 s (GoTrue SMTP_MAX_FREQUENCY). */
export const EMAIL_ADDRESS_GAP: Bucket = { burst: 1, perSecond: 1 / 60 }

/** Failed passwords per email before 429, and the window they are counted in. */
const PASSWORD_FAILURES: FailureWindow = { max: 10, windowSeconds: 15 * 60 }

/** Rows untouched this long are dropped now and then; every limit here refills well within it. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000

export interface Decision {
  allowed: boolean
  /** Seconds until the next request would be allowed (0 when allowed). */
  retryAfterSeconds: number
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

/** Takes one token from the bucket `key`; an empty bucket refuses without going further negative. */
export async function takeToken(opts: {
  db: Db
  clock: Clock
  key: string
  bucket: Bucket
}): Promise<Decision> {
  const { db, bucket } = opts
  const now = opts.clock.now()
  const elapsed = sql`greatest(0, extract(epoch from (${timestamp(now)} - ${authRateLimits.updatedAt}))::float8)`
  const refilled = sql`least(${bucket.burst}::float8, ${authRateLimits.tokens} + ${elapsed} * ${bucket.perSecond}::float8)`
  const [row] = await db
    .insert(authRateLimits)
    .values({ key: opts.key, tokens: bucket.burst - 1, allowed: true, updatedAt: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        tokens: sql`case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end`,
        allowed: sql`${refilled} >= 1`,
        updatedAt: now,
      },
    })
    .returning({ allowed: authRateLimits.allowed, tokens: authRateLimits.tokens })
  if (Math.random() < 0.005) await dropStaleRows(db, now)
  if (!row || row.allowed) return { allowed: true, retryAfterSeconds: 0 }
  return { allowed: false, retryAfterSeconds: Math.ceil((1 - row.tokens) / bucket.perSecond) }
}

/** Whether `takeToken` would let a request through now, without taking a token. */
export async function peekToken(opts: {
  db: Db
  clock: Clock
  key: string
  bucket: Bucket
}): Promise<Decision> {
  const { bucket } = opts
  const [row] = await opts.db
    .select({ tokens: authRateLimits.tokens, updatedAt: authRateLimits.updatedAt })
    .from(authRateLimits)
    .where(eq(authRateLimits.key, opts.key))
  if (!row) return { allowed: true, retryAfterSeconds: 0 }
  const elapsed = Math.max(0, (opts.clock.now().getTime() - row.updatedAt.getTime()) / 1000)
  const refilled = Math.min(bucket.burst, row.tokens + elapsed * bucket.perSecond)
  if (refilled >= 1) return { allowed: true, retryAfterSeconds: 0 }
  return { allowed: false, retryAfterSeconds: Math.ceil((1 - refilled) / bucket.perSecond) }
}

async function dropStaleRows(db: Db, now: Date) {
  await db
    .delete(authRateLimits)
    .where(lt(authRateLimits.updatedAt, new Date(now.getTime() - STALE_AFTER_MS)))
}

const passwordKey = (email: string) => `password-failures:${email}`

/** Failures allowed in a window before the key is locked until the window ends. */
export interface FailureWindow {
  max: number
  windowSeconds: number
}

/** Seconds `key` must wait, or undefined when attempts are allowed. */
export async function failureLockout(opts: {
  db: Db
  clock: Clock
  key: string
  limits: FailureWindow
}): Promise<number | undefined> {
  const [row] = await opts.db.select().from(authRateLimits).where(eq(authRateLimits.key, opts.key))
  if (!row?.windowStart || row.tokens < opts.limits.max) return undefined
  const endsAt = row.windowStart.getTime() + opts.limits.windowSeconds * 1000
  const left = (endsAt - opts.clock.now().getTime()) / 1000
  return left > 0 ? Math.ceil(left) : undefined
}

/**
 * Counts a failure in the current window (a new window starts when it ends) and returns the count,
 * which one atomic upsert decides: of racing failures, exactly one sees `max`.
 */
export async function recordFailure(opts: {
  db: Db
  clock: Clock
  key: string
  limits: FailureWindow
}): Promise<number> {
  const now = opts.clock.now()
  const windowOpen = sql`${authRateLimits.windowStart} > ${timestamp(
    new Date(now.getTime() - opts.limits.windowSeconds * 1000),
  )}`
  const [row] = await opts.db
    .insert(authRateLimits)
    .values({ key: opts.key, tokens: 1, windowStart: now, updatedAt: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        tokens: sql`case when ${windowOpen} then ${authRateLimits.tokens} + 1 else 1 end`,
        windowStart: sql`case when ${windowOpen} then ${authRateLimits.windowStart} else ${timestamp(now)} end`,
        updatedAt: now,
      },
    })
    .returning({ tokens: authRateLimits.tokens })
  return row?.tokens ?? 1
}

export async function clearFailures(opts: { db: Db; key: string }) {
  await opts.db.delete(authRateLimits).where(eq(authRateLimits.key, opts.key))
}

/** Seconds the account must wait, or undefined when password attempts are allowed. */
export const passwordLockout = (opts: { db: Db; clock: Clock; email: string }) =>
  failureLockout({ ...opts, key: passwordKey(opts.email), limits: PASSWORD_FAILURES })

/** Counts a failed password in the current 15-minute window. */
export async function recordPasswordFailure(opts: { db: Db; clock: Clock; email: string }) {
  await recordFailure({ ...opts, key: passwordKey(opts.email), limits: PASSWORD_FAILURES })
}

/** After a successful sign-in or a password reset the count starts again. */
export const clearPasswordFailures = (opts: { db: Db; email: string }) =>
  clearFailures({ db: opts.db, key: passwordKey(opts.email) })

// Email-based account flows (issue 3 item 2, docs/auth-api.md §3): recovery, magic link and
// code sign-in, sign-up confirmation, resend and the verify step they all end in. Nothing here tells
// a caller whether an address has an account: unknown addresses get the same answer and use up the
// same per-address email allowance.
import { randomUUID } from 'node:crypto'
import { and, eq, ne } from 'drizzle-orm'
import { users } from '../db/schema/business.js'
import { authUsers } from '../db/schema/auth.js'
import { ownValue } from '@localseo/shared/own-key'
import type { AppDeps } from '../lib/deps.js'
import { accountMail, type AccountMailKind } from '../mail/templates.js'
import { GoTrueError, tooManyRequests, unprocessable, validationFailed } from './errors.js'
import {
  TOKEN_TTL_SECONDS,
  consumeCode,
  consumeLinkToken,
  issueOneTimeToken,
  type OneTimeToken,
  type TokenType,
} from './one-time-tokens.js'
import { assertPasswordAcceptable } from './passwords.js'
import { insertUser, isUniqueViolation, signUpWithPassword } from './password-auth.js'
import { EMAIL_ADDRESS_GAP, clearPasswordFailures, peekToken, takeToken } from './rate-limit.js'
import { issuerFor } from './session-response.js'
import { createSession, type IssuedSession } from './sessions.js'
import { findUserByEmail, isBanned, serializeUser, type AuthUser } from './users.js'

type Deps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'mailer' | 'logger' | 'passwordCost'>

const otpExpired = () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid')

/**
 * At most one email per address per 60 s, whether or not the address has an account, and (with
 * AUTH_RATE_LIMITS on) at most AUTH_EMAILS_PER_HOUR emails from the whole server. Only an email
 * that is sent takes from the hourly budget (issue 31 item 4): a request that sends nothing (an
 * address without an account) only looks at it, so it gets the same answer and cannot spend it.
 */
export async function guardEmailSend(deps: Deps, address: string, sends = true): Promise<void> {
  const gap = await takeToken({
    db: deps.db,
    clock: deps.clock,
    key: `mail-address:${address}`,
    bucket: EMAIL_ADDRESS_GAP,
  })
  if (!gap.allowed) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${gap.retryAfterSeconds} seconds.`,
      gap.retryAfterSeconds,
    )
  }
  if (deps.env.AUTH_RATE_LIMITS === 'off') return
  const perHour = deps.env.AUTH_EMAILS_PER_HOUR
  const budget = {
    db: deps.db,
    clock: deps.clock,
    key: 'mail-hourly',
    bucket: { burst: perHour, perSecond: perHour / 3600 },
  }
  const hourly = sends ? await takeToken(budget) : await peekToken(budget)
  if (!hourly.allowed) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      'Email rate limit exceeded',
      hourly.retryAfterSeconds,
    )
  }
}

/** The `type` of the emailed link for each token purpose (GoTrue's verify types). */
const LINK_TYPE: Record<TokenType, string> = {
  confirmation: 'signup',
  recovery: 'recovery',
  magiclink: 'magiclink',
  email_change: 'email_change',
}

/** Issues a token for `user` and mails its link and code to `to`. */
export async function sendAccountEmail(
  deps: Deps,
  opts: {
    user: AuthUser
    kind: AccountMailKind
    tokenType: TokenType
    to: string
    redirectTo: string
  },
): Promise<void> {
  const { token, code } = await issueOneTimeToken({
    db: deps.db,
    clock: deps.clock,
    userId: opts.user.id,
    type: opts.tokenType,
    relatesTo: opts.to,
  })
  const query = new URLSearchParams({
    token,
    type: LINK_TYPE[opts.tokenType],
    redirect_to: opts.redirectTo,
  })
  const link = `${issuerFor(deps.env.SITE_URL)}/verify?${query.toString()}`
  await deps.mailer.send(
    accountMail({
      kind: opts.kind,
      to: opts.to,
      link,
      code,
      validMinutes: TOKEN_TTL_SECONDS / 60,
      newEmail: opts.tokenType === 'email_change' ? opts.to : undefined,
    }),
  )
}

async function markSent(
  deps: Deps,
  userId: string,
  field: 'confirmationSentAt' | 'recoverySentAt' | 'emailChangeSentAt',
) {
  await deps.db
    .update(authUsers)
    .set({ [field]: deps.clock.now() })
    .where(eq(authUsers.id, userId))
}

/** POST /recover: mails a recovery link and code when the address has an account. */
export async function requestRecovery(deps: Deps, opts: { email: string; redirectTo: string }) {
  const user = await findUserByEmail(deps.db, opts.email)
  await guardEmailSend(deps, opts.email, user !== undefined)
  if (!user) return
  await sendAccountEmail(deps, {
    user,
    kind: 'recovery',
    tokenType: 'recovery',
    to: user.email,
    redirectTo: opts.redirectTo,
  })
  await markSent(deps, user.id, 'recoverySentAt')
}

/**
 * POST /otp: a magic link and 6-digit code. An unknown address gets an account without a password
 * (as GoTrue does) unless `createUser` is false, which GoTrue answers with otp_disabled.
 */
export async function requestOtp(
  deps: Deps,
  opts: { email: string; createUser: boolean; data: Record<string, unknown>; redirectTo: string },
) {
  let user = await findUserByEmail(deps.db, opts.email)
  if (!user && !opts.createUser) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp')
  }
  await guardEmailSend(deps, opts.email)
  if (!user) {
    const now = deps.clock.now()
    try {
      user = await deps.db.transaction((tx) =>
        insertUser({
          tx,
          now,
          email: opts.email,
          encryptedPassword: null,
          confirmed: false,
          userMetadata: { ...opts.data },
        }),
      )
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      user = await findUserByEmail(deps.db, opts.email)
      if (!user) throw error
    }
  }
  // An unconfirmed address gets a confirmation token: using it confirms and signs in at once.
  const tokenType = user.emailConfirmedAt ? 'magiclink' : 'confirmation'
  await sendAccountEmail(deps, {
    user,
    kind: 'magiclink',
    tokenType,
    to: user.email,
    redirectTo: opts.redirectTo,
  })
  if (tokenType === 'confirmation') await markSent(deps, user.id, 'confirmationSentAt')
}

/** POST /resend: the sign-up confirmation or the email-change confirmation, again. */
export async function resendEmail(
  deps: Deps,
  opts: { type: 'signup' | 'email_change'; email: string; redirectTo: string },
) {
  if (opts.type === 'signup') {
    const user = await findUserByEmail(deps.db, opts.email)
    const sends = user !== undefined && !user.emailConfirmedAt
    await guardEmailSend(deps, opts.email, sends)
    if (!user || !sends) return
    await sendAccountEmail(deps, {
      user,
      kind: 'signup',
      tokenType: 'confirmation',
      to: user.email,
      redirectTo: opts.redirectTo,
    })
    await markSent(deps, user.id, 'confirmationSentAt')
    return
  }
  const [user] = await deps.db
    .select()
    .from(authUsers)
    .where(eq(authUsers.emailChange, opts.email))
    .limit(1)
  await guardEmailSend(deps, opts.email, user !== undefined)
  if (!user) return
  await sendAccountEmail(deps, {
    user,
    kind: 'email_change',
    tokenType: 'email_change',
    to: opts.email,
    redirectTo: opts.redirectTo,
  })
  await markSent(deps, user.id, 'emailChangeSentAt')
}

/**
 * POST /signup without autoconfirm: a new address gets an unconfirmed account and a confirmation
 * email; an address that already has an account gets an obfuscated user (random id, no identities,
 * GoTrue's TestSignupTwice) and, if still unconfirmed, the confirmation again.
 */
export async function signUpWithConfirmation(
  deps: Deps,
  opts: { email: string; password: string; data: Record<string, unknown>; redirectTo: string },
) {
  assertPasswordAcceptable(opts.password)
  const existing = await findUserByEmail(deps.db, opts.email)
  if (existing) {
    if (!existing.emailConfirmedAt) {
      try {
        await guardEmailSend(deps, existing.email)
        await sendAccountEmail(deps, {
          user: existing,
          kind: 'signup',
          tokenType: 'confirmation',
          to: existing.email,
          redirectTo: opts.redirectTo,
        })
      } catch (error) {
        // A resend inside the 60 s gap is skipped quietly: the answer must not differ.
        if (!(error instanceof GoTrueError && error.status === 429)) throw error
      }
    }
    return obfuscatedUser(deps, opts.email, opts.data)
  }
  await guardEmailSend(deps, opts.email)
  const { user } = await signUpWithPassword({
    db: deps.db,
    clock: deps.clock,
    autoconfirm: false,
    email: opts.email,
    password: opts.password,
    data: opts.data,
    passwordCost: deps.passwordCost,
  })
  await sendAccountEmail(deps, {
    user,
    kind: 'signup',
    tokenType: 'confirmation',
    to: user.email,
    redirectTo: opts.redirectTo,
  })
  const now = deps.clock.now()
  const [sent] = await deps.db
    .update(authUsers)
    .set({ confirmationSentAt: now })
    .where(eq(authUsers.id, user.id))
    .returning()
  return serializeUser(sent ?? user)
}

function obfuscatedUser(deps: Deps, email: string, data: Record<string, unknown>) {
  const now = deps.clock.now()
  const fake: AuthUser = {
    id: randomUUID(),
    email,
    encryptedPassword: null,
    emailConfirmedAt: null,
    confirmationSentAt: now,
    lastSignInAt: null,
    recoverySentAt: null,
    emailChange: null,
    emailChangeSentAt: null,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: { ...data },
    bannedUntil: null,
    createdAt: now,
    updatedAt: now,
  }
  return { ...serializeUser(fake), identities: [] }
}

/** Token purposes each verify `type` accepts (`email` is auth-js' type for the emailed code). */
const VERIFY_TYPES: Record<string, TokenType[]> = {
  signup: ['confirmation'],
  magiclink: ['magiclink', 'confirmation'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  email: ['confirmation', 'magiclink', 'recovery'],
  invite: [],
}

function verifyTypes(type: string): TokenType[] {
  const types = ownValue(VERIFY_TYPES, type)
  if (!types) throw validationFailed(`Unsupported verification type: ${type}`)
  return types
}

/**
 * POST /verify and GET /verify: consumes the token (link token, or email + code) and signs the user
 * in with amr `otp`. The first use also confirms the address; an email change takes effect here.
 */
export async function verifyOneTimeToken(
  deps: Deps,
  opts: {
    type: string
    linkToken?: string
    email?: string
    code?: string
    userAgent?: string
  },
): Promise<IssuedSession> {
  const types = verifyTypes(opts.type)
  let row: OneTimeToken | undefined
  if (opts.linkToken) {
    row = await consumeLinkToken({ ...deps, token: opts.linkToken, types })
  } else if (opts.email && opts.code) {
    const owner =
      opts.type === 'email_change'
        ? (
            await deps.db
              .select()
              .from(authUsers)
              .where(eq(authUsers.emailChange, opts.email))
              .limit(1)
          )[0]
        : await findUserByEmail(deps.db, opts.email)
    if (owner && /^\d{6}$/.test(opts.code)) {
      row = await consumeCode({ ...deps, userId: owner.id, code: opts.code, types })
    }
  }
  if (!row) throw otpExpired()
  const token = row
  const issued = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(authUsers)
      .where(eq(authUsers.id, token.userId))
      .for('update')
    if (!user) throw otpExpired()
    if (isBanned(user, deps.clock)) throw new GoTrueError(403, 'user_banned', 'User is banned')
    const now = deps.clock.now()
    const patch: Partial<typeof authUsers.$inferInsert> = { lastSignInAt: now, updatedAt: now }
    if (!user.emailConfirmedAt) {
      patch.emailConfirmedAt = now
      patch.userMetadata = { ...user.userMetadata, email_verified: true }
    }
    if (token.tokenType === 'email_change') {
      if (user.emailChange !== token.relatesTo) throw otpExpired()
      const [taken] = await tx
        .select({ id: authUsers.id })
        .from(authUsers)
        .where(and(eq(authUsers.email, token.relatesTo), ne(authUsers.id, user.id)))
      if (taken) throw emailExists()
      Object.assign(patch, { email: token.relatesTo, emailChange: null, emailChangeSentAt: null })
      await tx
        .update(users)
        .set({ email: token.relatesTo, updatedAt: now })
        .where(eq(users.id, user.id))
    }
    const [updated] = await tx
      .update(authUsers)
      .set(patch)
      .where(eq(authUsers.id, user.id))
      .returning()
    return createSession({
      tx,
      clock: deps.clock,
      user: updated ?? user,
      method: 'otp',
      userAgent: opts.userAgent,
    })
  })
  // Proving control of the mailbox lifts a password lockout (README "Locked out").
  await clearPasswordFailures({ db: deps.db, email: issued.user.email })
  return issued
}

export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered')

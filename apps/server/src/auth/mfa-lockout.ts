// Wrong second-factor codes lock the account's second factor (issue 31 item 5b): 5 wrong codes
// (TOTP or recovery codes) in 15 minutes, from any address, and it answers 429 until the window
// ends; the owner gets one email per lockout. The count lives in auth.rate_limits, so every
// instance shares it (ADR 029).
import type { AppDeps } from '../lib/deps.js'
import { secondFactorLockedMail } from '../mail/templates.js'
import { GoTrueError, tooManyRequests } from './errors.js'
import { clearFailures, failureLockout, recordFailure, type FailureWindow } from './rate-limit.js'
import type { AuthUser } from './users.js'

const SECOND_FACTOR_FAILURES: FailureWindow = { max: 5, windowSeconds: 15 * 60 }

type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'logger'>

const keyFor = (userId: string) => `mfa-failures:${userId}`

const locked = (retryAfterSeconds: number) =>
  tooManyRequests(
    'over_request_rate_limit',
    'Too many wrong codes. Two-factor sign-in is locked for 15 minutes; try again later.',
    retryAfterSeconds,
  )

/** Whether a failed attempt was a wrong code (and counts), not a malformed or expired request. */
const isWrongCode = (error: unknown) =>
  error instanceof GoTrueError && error.errorCode === 'mfa_verification_failed'

/**
 * Runs `attempt` (a code check) unless the user's second factor is locked. A wrong code counts; the
 * one that reaches the limit sends the owner an email; a right code starts the count again.
 */
export async function withSecondFactorLockout<T>(
  deps: Deps,
  user: AuthUser,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, clock } = deps
  const key = keyFor(user.id)
  const limits = SECOND_FACTOR_FAILURES
  const wait = await failureLockout({ db, clock, key, limits })
  if (wait !== undefined) throw locked(wait)
  let result: T
  try {
    result = await attempt()
  } catch (error) {
    if (isWrongCode(error) && (await recordFailure({ db, clock, key, limits })) === limits.max) {
      await notifyOwner(deps, user)
    }
    throw error
  }
  await clearFailures({ db, key })
  return result
}

async function notifyOwner(deps: Deps, user: AuthUser) {
  try {
    const minutes = SECOND_FACTOR_FAILURES.windowSeconds / 60
    await deps.mailer.send(secondFactorLockedMail({ to: user.email, minutes }))
  } catch (error) {
    // The lockout holds whether or not the email goes out; the refusal must not become a 500.
    deps.logger.error({ err: error, userId: user.id }, 'second-factor lockout email failed')
  }
}

// What the auth store's screens can ask for (docs/web-conventions.md "The auth store"): signing in
// and up, the pending two-factor and new-password steps, and the emails that start a sign-in.
import type { User as AuthUser } from '@supabase/auth-js'
import { loadClient, setState, signedOut, type AuthCore } from './auth-core'
import { enter } from './auth-session'

// docs/product.md §8 error catalogue.
export const authMessages = {
  loginFailed: 'An error occurred during login',
  userNotFound: 'User not found',
  signupFailed: 'An error occurred during signup',
  userNotCreated: 'Failed to create user',
  codeFailed: 'That code did not work. Check it and try again.',
  recoveryCodeFailed: 'That recovery code did not work. Check it and try again.',
  sendFailed: 'We could not send the email. Please try again.',
  passwordFailed: 'Your new password could not be saved. Please try again.',
} as const

/** A failure whose message is meant for the user, exactly as docs/product.md §8 words it. */
class AuthFailure extends Error {}

const noSignInWaiting = 'There is no sign-in waiting for a code. Please log in again.'

/**
 * A wrong two-factor code in plain words: the server keeps GoTrue's wording ('Invalid TOTP code
 * entered', docs/auth-api.md) for the clients that match on it; the owner reads the catalogue's.
 */
function codeErrorMessage(error: { code?: string | undefined; message: string }): string {
  if (error.code === 'mfa_verification_failed' || !error.message) return authMessages.codeFailed
  return error.message
}

/** The message to show for an auth-js error, or the fallback when it has none. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}

/** A sign-in: loading while it runs; a failure signs out and shows the message, then throws. */
async function run(core: AuthCore, fallbackMessage: string, action: () => Promise<AuthUser>) {
  core.busy = true
  setState(core, { status: 'loading', error: null })
  try {
    await enter(core, await action())
  } catch (error) {
    // docs/product.md §8: the provider's message, else the generic one.
    const message = messageOf(error, fallbackMessage)
    setState(core, { status: 'logged-out', user: null, error: message, pendingEmail: null })
    throw error
  } finally {
    core.busy = false
  }
}

/** A step inside a pending state: a failure keeps the state and shows the message. */
async function step(core: AuthCore, fallbackMessage: string, action: () => Promise<void>) {
  core.busy = true
  setState(core, { error: null })
  try {
    await action()
  } catch (error) {
    setState(core, { error: messageOf(error, fallbackMessage) })
    throw error
  } finally {
    core.busy = false
  }
}

/** Ends this browser's session only (the server's `scope: 'local'`); the others stay. */
export async function signOutHere(core: AuthCore) {
  core.busy = true
  try {
    const { error } = await (await loadClient(core)).signOut({ scope: 'local' })
    if (error) console.warn('Sign-out request failed', error)
  } finally {
    core.busy = false
    signedOut(core)
  }
}

/** The user a 6-digit code from an email signs in: a sign-in code ('email') or a recovery code. */
async function verifyEmailedCode(
  core: AuthCore,
  email: string,
  code: string,
  type: 'email' | 'recovery',
) {
  const client = await loadClient(core)
  const { data, error } = await client.verifyOtp({ email, token: code, type })
  if (error) throw new AuthFailure(error.message || authMessages.codeFailed)
  if (!data.user || !data.session) throw new AuthFailure(authMessages.codeFailed)
  return data.user
}

/** Password sign-in, sign-up and the two emailed codes. Each throws after recording the error. */
export function signInActions(core: AuthCore) {
  return {
    /** The form shows `error` and swallows the throw (docs/product.md §8). */
    login: (email: string, password: string) =>
      run(core, authMessages.loginFailed, async () => {
        const client = await loadClient(core)
        const { data, error } = await client.signInWithPassword({ email, password })
        if (error) throw new AuthFailure(error.message || authMessages.loginFailed)
        if (!data.user) throw new AuthFailure(authMessages.userNotFound)
        // docs/product.md §5: a sign-in that returns no session is an error too.
        if (!data.session) throw new AuthFailure(authMessages.loginFailed)
        return data.user
      }),

    signup: (email: string, password: string, fullName: string) =>
      run(core, authMessages.signupFailed, async () => {
        const options = { data: { full_name: fullName } }
        const client = await loadClient(core)
        const { data, error } = await client.signUp({ email, password, options })
        if (error) throw new AuthFailure(error.message || authMessages.signupFailed)
        if (!data.user) throw new AuthFailure(authMessages.userNotCreated)
        // Only when the server asks for email confirmation; ours confirms at once.
        if (!data.session) throw new AuthFailure('Please confirm your email address, then log in.')
        return data.user
      }),

    /** Signs in with the 6-digit code from a sign-in email (signInWithOtp, then verifyOtp). */
    verifyEmailCode: (email: string, code: string) =>
      run(core, authMessages.codeFailed, () => verifyEmailedCode(core, email, code, 'email')),

    /** The code from a recovery email, instead of its link (another device): then a new password. */
    verifyRecoveryCode: (email: string, code: string) =>
      run(core, authMessages.codeFailed, async () => {
        const user = await verifyEmailedCode(core, email, code, 'recovery')
        core.recovering = true
        return user
      }),
  }
}

/** The steps of a half-finished sign-in: the two-factor code, the new password, or leaving. */
export function pendingStepActions(core: AuthCore) {
  return {
    /** The 'mfa-required' step: the code from the authenticator app raises the session to aal2. */
    verifySecondFactor: (code: string) =>
      step(core, authMessages.codeFailed, async () => {
        const factorId = core.pendingFactorId
        if (core.state.status !== 'mfa-required' || !factorId) {
          throw new AuthFailure(noSignInWaiting)
        }
        const client = await loadClient(core)
        const { data, error } = await client.mfa.challengeAndVerify({ factorId, code })
        if (error) throw new AuthFailure(codeErrorMessage(error))
        await enter(core, data.user)
      }),

    /**
     * The 'mfa-required' step with a recovery code in place of the app's code, for an owner who lost
     * their phone (docs/auth-api.md §3 "Recovery codes"): the server raises the session to aal2 and
     * auth-js takes the new session.
     */
    verifySecondFactorRecoveryCode: (code: string) =>
      step(core, authMessages.recoveryCodeFailed, async () => {
        if (core.state.status !== 'mfa-required') throw new AuthFailure(noSignInWaiting)
        // Loaded on use: the first screen's script stays within its budget (ADR 019).
        const { signInWithRecoveryCode } = await import('./recovery-codes')
        const user = await signInWithRecoveryCode(await loadClient(core), code).catch(
          (error: unknown) => {
            throw new AuthFailure(messageOf(error, authMessages.recoveryCodeFailed))
          },
        )
        await enter(core, user)
      }),

    /** The 'password-recovery' step: saves the new password, then opens the app. */
    setNewPassword: (password: string) =>
      step(core, authMessages.passwordFailed, async () => {
        const client = await loadClient(core)
        const { data, error } = await client.updateUser({ password })
        if (error) throw new AuthFailure(error.message || authMessages.passwordFailed)
        core.recovering = false
        await enter(core, data.user)
      }),

    /** Leaves a pending code or recovery step: ends this half-finished session. */
    cancelSignIn: () => signOutHere(core),
  }
}

/** The emails that start a sign-in; an unknown address looks the same as a known one. */
export function emailActions(core: AuthCore) {
  const { origin } = core.deps
  return {
    /** Sends a recovery link. */
    requestPasswordReset: async (email: string) => {
      const client = await loadClient(core)
      const { error } = await client.resetPasswordForEmail(email, {
        redirectTo: `${origin}/reset-password`,
      })
      if (error) throw new AuthFailure(messageOf(error, authMessages.sendFailed))
    },

    /** Emails a 6-digit sign-in code; only existing accounts get one (shouldCreateUser: false). */
    sendEmailCode: async (email: string) => {
      const client = await loadClient(core)
      const { error } = await client.signInWithOtp({
        email,
        options: { shouldCreateUser: false, emailRedirectTo: `${origin}/` },
      })
      if (error && error.code !== 'otp_disabled') {
        throw new AuthFailure(messageOf(error, authMessages.sendFailed))
      }
    },
  }
}

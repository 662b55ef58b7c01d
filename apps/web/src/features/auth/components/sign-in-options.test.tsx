import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { authClient } from '@/lib/auth-client'
import {
  authUser,
  json,
  sessionFor,
  signedInHandlers,
  stubNetwork,
  TOTP_FACTOR_ID,
  totpFactor,
} from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'
import { EXPIRED_LINK_MESSAGE } from '../utils/link-error'

type User = ReturnType<typeof userEvent.setup>

const legacyError = (status: number, code: string, msg: string) =>
  json({ code: status, error_code: code, msg }, status)

async function openLanding() {
  const app = renderApp('/')
  await screen.findByRole('heading', { name: 'Log In' })
  return app
}

/**
 * A page load from a recovery link: a link in the URL makes the app load auth-js at start-up; the
 * test then hands it the session with verifyOtp, as the link would (auth-js announces
 * PASSWORD_RECOVERY).
 */
async function openRecoveryLink() {
  window.history.replaceState(null, '', '/?code=from-the-link')
  return openLanding()
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>
}

// The code-split cards and screens these tests open load here, once, so no first render waits for
// them to compile (issue 30).
beforeAll(async () => {
  await loadScreens(paths.dashboard, paths.settings)
  await import('./forgot-password-card')
  await import('./email-code-card')
  await import('./second-factor-card')
  await import('./reset-password-screen')
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('Forgot password?', () => {
  test('asks for the email, sends the link back to Set a new password, and says "Check your email"', async () => {
    const requests: Request[] = []
    stubNetwork({
      'POST /auth/v1/recover': (request) => {
        requests.push(request)
        return json({})
      },
    })
    const user = userEvent.setup()
    await openLanding()
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))

    const title = await screen.findByRole('heading', { name: 'Reset your password' })
    expect(title).toHaveFocus()
    // The address typed on the Log In card comes along.
    expect(screen.getByLabelText('Email Address')).toHaveValue('ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }))

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible()
    expect(screen.getByRole('status')).toHaveTextContent(
      'If an account exists for ada@example.com, it will get an email with a link',
    )
    expect(requests).toHaveLength(1)
    const request = requests[0]!
    expect(await bodyOf(request)).toMatchObject({ email: 'ada@example.com' })
    expect(new URL(request.url).searchParams.get('redirect_to')).toBe(
      `${window.location.origin}/reset-password`,
    )

    await user.click(screen.getByRole('button', { name: 'Back to Log In' }))
    expect(screen.getByRole('heading', { name: 'Log In' })).toBeVisible()
  })

  test('the code from the recovery email also leads to Set a new password', async () => {
    const verify: Record<string, unknown>[] = []
    stubNetwork({
      'POST /auth/v1/recover': () => json({}),
      'POST /auth/v1/verify': async (request) => {
        verify.push(await bodyOf(request))
        return verify.length === 1
          ? legacyError(403, 'otp_expired', 'Token has expired or is invalid')
          : json(sessionFor())
      },
    })
    const user = userEvent.setup()
    const { pathname } = await openLanding()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await screen.findByRole('heading', { name: 'Reset your password' })
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }))
    await screen.findByRole('heading', { name: 'Check your email' })

    await user.type(screen.getByLabelText('6-digit code'), '111111')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Token has expired or is invalid')

    await user.type(screen.getByLabelText('6-digit code'), '222222')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeVisible()
    expect(pathname()).toBe('/reset-password')
    expect(verify[1]).toMatchObject({ email: 'ada@example.com', token: '222222', type: 'recovery' })
  })

  test('a rate-limited request shows the server message and stays on the form', async () => {
    stubNetwork({
      'POST /auth/v1/recover': () =>
        legacyError(
          429,
          'over_email_send_rate_limit',
          'For security purposes, you can only request this after 42 seconds.',
        ),
    })
    const user = userEvent.setup()
    await openLanding()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    await screen.findByRole('heading', { name: 'Reset your password' })
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'For security purposes, you can only request this after 42 seconds.',
    )
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
  })
})

describe('the recovery link', () => {
  test('opens Set a new password, which checks both entries, saves, and signs the owner in', async () => {
    const updates: Record<string, unknown>[] = []
    stubNetwork({
      ...signedInHandlers(),
      'POST /auth/v1/verify': () => json(sessionFor()),
      'PUT /auth/v1/user': async (request) => {
        updates.push(await bodyOf(request))
        return json(authUser())
      },
    })
    const user = userEvent.setup()
    const { pathname } = await openRecoveryLink()
    await authClient.verifyOtp({ type: 'recovery', email: 'ada@example.com', token: '123456' })

    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeVisible()
    expect(pathname()).toBe('/reset-password')
    expect(screen.getByText('ada@example.com')).toBeVisible()

    await user.type(screen.getByLabelText('New password'), 'brand new secret')
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secrte')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match.')
    expect(updates).toHaveLength(0)

    await user.clear(screen.getByLabelText('Confirm new password'))
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new secret')
    await user.click(screen.getByRole('button', { name: 'Save new password' }))
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(pathname()).toBe('/dashboard')
    expect(updates).toEqual([expect.objectContaining({ password: 'brand new secret' })])
  })

  test('Cancel and log out leaves the recovery for the Log In card', async () => {
    const { calls } = stubNetwork({
      ...signedInHandlers(),
      'POST /auth/v1/verify': () => json(sessionFor()),
    })
    const user = userEvent.setup()
    const { pathname } = await openRecoveryLink()
    await authClient.verifyOtp({ type: 'recovery', email: 'ada@example.com', token: '123456' })
    await user.click(await screen.findByRole('button', { name: 'Cancel and log out' }))
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeVisible()
    expect(pathname()).toBe('/')
    expect(calls).toContain('POST /auth/v1/logout')
    expect(calls).not.toContain('PUT /auth/v1/user')
  })

  test('an expired link explains itself and offers a new one', async () => {
    stubNetwork({ 'POST /auth/v1/recover': () => json({}) })
    window.history.replaceState(
      null,
      '',
      '/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    )
    const user = userEvent.setup()
    renderApp('/reset-password')
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED_LINK_MESSAGE)
    await user.click(screen.getByRole('link', { name: 'Email me a new link' }))
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible()
  })
})

describe('Email me a sign-in code', () => {
  async function askForCode(user: User) {
    await openLanding()
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in code' }))
    const title = await screen.findByRole('heading', { name: 'Sign in with a code' })
    expect(title).toHaveFocus()
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Email me a code' }))
    await screen.findByRole('heading', { name: 'Enter your sign-in code' })
  }

  test('sends a code to existing accounts only, then signs in with it', async () => {
    const otp: Record<string, unknown>[] = []
    const verify: Record<string, unknown>[] = []
    stubNetwork({
      ...signedInHandlers(),
      'POST /auth/v1/otp': async (request) => {
        otp.push(await bodyOf(request))
        return json({})
      },
      'POST /auth/v1/verify': async (request) => {
        verify.push(await bodyOf(request))
        return json(sessionFor())
      },
    })
    const user = userEvent.setup()
    await askForCode(user)
    expect(otp).toEqual([expect.objectContaining({ email: 'ada@example.com', create_user: false })])

    const code = screen.getByLabelText('6-digit code')
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    await user.type(code, '123 456')
    expect(code).toHaveValue('123456')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))

    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(verify).toEqual([
      expect.objectContaining({ email: 'ada@example.com', token: '123456', type: 'email' }),
    ])
  })

  test('an unknown address gets the same answer as a known one', async () => {
    stubNetwork({
      'POST /auth/v1/otp': () => legacyError(422, 'otp_disabled', 'Signups not allowed for otp'),
    })
    const user = userEvent.setup()
    await askForCode(user)
    expect(screen.queryByText('Signups not allowed for otp')).not.toBeInTheDocument()
  })

  test('a wrong code shows the server message and keeps the code step', async () => {
    stubNetwork({
      'POST /auth/v1/otp': () => json({}),
      'POST /auth/v1/verify': () =>
        legacyError(403, 'otp_expired', 'Token has expired or is invalid'),
    })
    const user = userEvent.setup()
    await askForCode(user)
    await user.type(screen.getByLabelText('6-digit code'), '999999')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Token has expired or is invalid')
    expect(screen.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible()
    expect(screen.getByLabelText('6-digit code')).toHaveValue('')
  })
})

describe('logging in to a two-factor account', () => {
  const twoFactorUser = authUser({ factors: [totpFactor()] })

  test('asks for the authenticator code before the app opens', async () => {
    let attempts = 0
    const { calls } = stubNetwork({
      ...signedInHandlers(undefined, twoFactorUser),
      'POST /auth/v1/token': () => json(sessionFor(twoFactorUser, 'aal1')),
      [`POST /auth/v1/factors/${TOTP_FACTOR_ID}/challenge`]: () =>
        json({ id: 'challenge-1', type: 'totp', expires_at: Date.now() / 1000 + 300 }),
      [`POST /auth/v1/factors/${TOTP_FACTOR_ID}/verify`]: () =>
        ++attempts === 1
          ? legacyError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
          : json(sessionFor(twoFactorUser, 'aal2')),
    })
    const user = userEvent.setup()
    const { pathname } = await openLanding()
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Log In' }))

    expect(await screen.findByRole('heading', { name: 'Enter your two-factor code' })).toHaveFocus()
    expect(pathname()).toBe('/')
    expect(calls).not.toContain('GET /api/business')

    await user.type(screen.getByLabelText('6-digit code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    // GoTrue's wording stays on the wire; the owner reads plain English (issue 32 item 9).
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code did not work. Check it and try again.',
    )

    await user.type(screen.getByLabelText('6-digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(pathname()).toBe('/dashboard')
  })

  test('an owner who lost their phone gets in with a recovery code instead', async () => {
    const sent: unknown[] = []
    let attempts = 0
    stubNetwork({
      ...signedInHandlers(undefined, twoFactorUser),
      'POST /auth/v1/token': () => json(sessionFor(twoFactorUser, 'aal1')),
      'POST /auth/v1/recovery-codes/verify': async (request) => {
        sent.push(await request.clone().json())
        return ++attempts === 1
          ? legacyError(422, 'mfa_verification_failed', 'Invalid recovery code entered')
          : json(sessionFor(twoFactorUser, 'aal2'))
      },
    })
    const user = userEvent.setup()
    const { pathname } = await openLanding()
    await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Log In' }))
    await screen.findByRole('heading', { name: 'Enter your two-factor code' })

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }))
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Recovery code'), 'wrong-codes')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid recovery code entered')

    await user.type(screen.getByLabelText('Recovery code'), 'abcde-23456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(pathname()).toBe('/dashboard')
    expect(sent).toEqual([{ code: 'wrong-codes' }, { code: 'abcde-23456' }])
  })

  test('a protected screen sends an aal1 session back to the code step', async () => {
    stubNetwork({ ...signedInHandlers(undefined, twoFactorUser) })
    localStorage.setItem('supabase.auth.token', JSON.stringify(sessionFor(twoFactorUser, 'aal1')))
    const { pathname } = renderApp('/settings')
    expect(await screen.findByRole('heading', { name: 'Enter your two-factor code' })).toBeVisible()
    expect(pathname()).toBe('/')
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull())
  })

  test('Cancel and log out returns to the Log In card', async () => {
    const { calls } = stubNetwork({ ...signedInHandlers(undefined, twoFactorUser) })
    localStorage.setItem('supabase.auth.token', JSON.stringify(sessionFor(twoFactorUser, 'aal1')))
    const user = userEvent.setup()
    renderApp('/')
    await user.click(await screen.findByRole('button', { name: 'Cancel and log out' }))
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeVisible()
    expect(calls).toContain('POST /auth/v1/logout')
  })
})

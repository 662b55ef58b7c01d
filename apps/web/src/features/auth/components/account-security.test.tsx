import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import {
  authUser,
  json,
  sessionFor,
  storeSession,
  stubNetwork,
  TOTP_FACTOR_ID,
  totpFactor,
} from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'
import { NAME_SAVED, PASSWORD_CHANGED } from './account-forms'
import { RECOVERY_CODES_INTRO } from './recovery-codes-panel'
import { OTHERS_SIGNED_OUT, TWO_FACTOR_OFF, TWO_FACTOR_ON } from './security-card'

const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-23456`)

type Handlers = Parameters<typeof stubNetwork>[0]

/** A signed-in owner on Settings; `user` is what GET /auth/v1/user answers. */
function openSettings(extra: Handlers = {}, user = authUser(), aal?: 'aal1' | 'aal2') {
  storeSession(sessionFor(user, aal))
  const network = stubNetwork({
    ...ownerHandlers(),
    'GET /auth/v1/user': () => json(user),
    ...extra,
  })
  renderApp('/settings')
  return network
}

const region = async (name: string) =>
  within(await screen.findByRole('region', { name }, settingsScreenWait))

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  return (await request.clone().json()) as Record<string, unknown>
}

// Settings' code, and auth-js, which loads at the first account action, load here once, not inside
// a test's first findBy (issue 30).
beforeAll(async () => {
  await loadScreens(paths.settings)
  await import('@/lib/auth-client')
})

describe('the Account card', () => {
  test('saving the full name updates it on the account and in the header', async () => {
    const bodies: Record<string, unknown>[] = []
    openSettings({
      'PUT /auth/v1/user': async (request) => {
        bodies.push(await bodyOf(request))
        return json(authUser({ fullName: 'Ada King' }))
      },
    })
    const user = userEvent.setup()
    const account = await region('Account')
    const name = account.getByLabelText('Full Name')
    await waitFor(() => expect(name).toHaveValue('Ada Lovelace'))
    await user.clear(name)
    await user.type(name, 'Ada King')
    await user.click(account.getByRole('button', { name: 'Save name' }))

    expect(await account.findByRole('status')).toHaveTextContent(NAME_SAVED)
    expect(bodies).toEqual([expect.objectContaining({ data: { full_name: 'Ada King' } })])
    await waitFor(() =>
      expect(within(screen.getByRole('banner')).getByText('Ada King')).toBeInTheDocument(),
    )
  })

  test('changing the email says a link must confirm it and shows the pending address', async () => {
    const requests: Request[] = []
    openSettings({
      'PUT /auth/v1/user': (request) => {
        requests.push(request)
        return json(authUser({ newEmail: 'ada@newmail.example' }))
      },
    })
    const user = userEvent.setup()
    const account = await region('Account')
    await user.type(account.getByLabelText('New email address'), 'ada@newmail.example')
    await user.click(account.getByRole('button', { name: 'Change email' }))

    const pending = await account.findByRole('status')
    expect(pending).toHaveTextContent('we have emailed a link to ada@newmail.example')
    expect(pending).toHaveTextContent('until then you keep logging in with your current address')
    expect(account.getByText('ada@example.com')).toBeVisible()
    const request = requests[0]!
    expect(await bodyOf(request)).toMatchObject({ email: 'ada@newmail.example' })
    expect(new URL(request.url).searchParams.get('redirect_to')).toBe(
      `${window.location.origin}/settings`,
    )
  })

  test('a pending email change is shown after a reload', async () => {
    openSettings({}, authUser({ newEmail: 'ada@newmail.example' }))
    const account = await region('Account')
    expect(await account.findByRole('status')).toHaveTextContent('ada@newmail.example')
  })

  test('a new password must be typed twice the same', async () => {
    const { calls } = openSettings()
    const user = userEvent.setup()
    const account = await region('Account')
    await user.type(account.getByLabelText('New password'), 'first secret')
    await user.type(account.getByLabelText('Confirm new password'), 'other secret')
    await user.click(account.getByRole('button', { name: 'Change password' }))
    expect(account.getByRole('alert')).toHaveTextContent('The two passwords do not match.')
    expect(calls).not.toContain('PUT /auth/v1/user')
  })

  test('a changed password says the other sessions were signed out', async () => {
    const bodies: Record<string, unknown>[] = []
    openSettings({
      'PUT /auth/v1/user': async (request) => {
        bodies.push(await bodyOf(request))
        return json(authUser())
      },
    })
    const user = userEvent.setup()
    const account = await region('Account')
    await user.type(account.getByLabelText('New password'), 'a better secret')
    await user.type(account.getByLabelText('Confirm new password'), 'a better secret')
    await user.click(account.getByRole('button', { name: 'Change password' }))
    expect(await account.findByRole('status')).toHaveTextContent(PASSWORD_CHANGED)
    expect(bodies).toEqual([expect.objectContaining({ password: 'a better secret' })])
    expect(account.getByLabelText('New password')).toHaveValue('')
  })

  test('a refused password shows the server message', async () => {
    openSettings({
      'PUT /auth/v1/user': () =>
        json(
          {
            code: 422,
            error_code: 'same_password',
            msg: 'New password should be different from the old password.',
          },
          422,
        ),
    })
    const user = userEvent.setup()
    const account = await region('Account')
    await user.type(account.getByLabelText('New password'), 'same secret')
    await user.type(account.getByLabelText('Confirm new password'), 'same secret')
    await user.click(account.getByRole('button', { name: 'Change password' }))
    expect(await account.findByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    )
  })
})

describe('the Security card', () => {
  // The server's QR code is an SVG with '#' colours and, here, a script that must never run.
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><script>window.hacked=true</script><path fill="#ffffff" d="M0 0h29v29H0z"/></svg>'

  test('two-factor sign-in is set up with the QR code or the key, and a code', async () => {
    let user = authUser()
    const verified: Record<string, unknown>[] = []
    openSettings({
      'GET /auth/v1/user': () => json(user),
      'POST /auth/v1/factors': () =>
        json({
          id: TOTP_FACTOR_ID,
          type: 'totp',
          friendly_name: 'Authenticator app',
          totp: {
            qr_code: svg,
            secret: 'JBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/LocalSEO%20AI:ada@example.com?secret=JBSWY3DPEHPK3PXP',
          },
        }),
      [`POST /auth/v1/factors/${TOTP_FACTOR_ID}/challenge`]: () =>
        json({ id: 'challenge-1', type: 'totp', expires_at: Date.now() / 1000 + 300 }),
      [`POST /auth/v1/factors/${TOTP_FACTOR_ID}/verify`]: async (request) => {
        verified.push(await bodyOf(request))
        user = authUser({ factors: [totpFactor()] })
        return json(sessionFor(user, 'aal2'))
      },
      'POST /auth/v1/recovery-codes': () => json({ codes: RECOVERY_CODES }),
    })
    const actor = userEvent.setup()
    const security = await region('Security')
    expect(await security.findByText('Off')).toBeVisible()
    await actor.click(security.getByRole('button', { name: 'Set up two-factor sign-in' }))

    const qr = await security.findByRole('img', { name: /QR code/ })
    const source = qr.getAttribute('src') ?? ''
    expect(source.startsWith('data:image/svg+xml;charset=utf-8,%3Csvg')).toBe(true)
    expect(decodeURIComponent(source.split(',')[1] ?? '')).toBe(svg)
    // Shown as an image only: the SVG never becomes part of the page.
    expect(document.querySelector('svg script')).toBeNull()
    expect(security.getByText('JBSWY3DPEHPK3PXP')).toBeVisible()

    await actor.type(security.getByLabelText('6-digit code'), '123456')
    await actor.click(security.getByRole('button', { name: 'Turn on two-factor sign-in' }))
    // Two announcements: two-factor sign-in is on, and (empty until used) the codes' copy result.
    const statuses = await security.findAllByRole('status')
    expect(statuses[0]).toHaveTextContent(TWO_FACTOR_ON)
    expect(verified).toEqual([{ challenge_id: 'challenge-1', code: '123456' }])
    expect(await security.findByText('On')).toBeVisible()

    // The recovery codes, shown once, with ways to keep them.
    const codes = security.getByRole('region', { name: 'Recovery codes' })
    expect(codes).toHaveTextContent(RECOVERY_CODES_INTRO)
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES)
    expect(within(codes).getByRole('button', { name: 'Download' })).toBeVisible()
    await actor.click(within(codes).getByRole('button', { name: 'Copy codes' }))
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'))
    await actor.click(within(codes).getByRole('button', { name: 'I have saved my codes' }))
    expect(security.queryByRole('region', { name: 'Recovery codes' })).not.toBeInTheDocument()
    expect(security.queryByText(RECOVERY_CODES[0]!)).not.toBeInTheDocument()
  })

  test('new recovery codes are made from Settings and shown once', async () => {
    const fresh = RECOVERY_CODES.map((code) => code.replace('a', 'z'))
    const user = authUser({ factors: [totpFactor()] })
    const { calls } = openSettings(
      { 'POST /auth/v1/recovery-codes': () => json({ codes: fresh }) },
      user,
      'aal2',
    )
    const actor = userEvent.setup()
    const security = await region('Security')
    await actor.click(await security.findByRole('button', { name: 'Make new recovery codes' }))
    const codes = await security.findByRole('region', { name: 'Recovery codes' })
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh)
    expect(calls.filter((call) => call === 'POST /auth/v1/recovery-codes')).toHaveLength(1)
  })

  test('an aal2 session turns two-factor sign-in off without another code', async () => {
    let user = authUser({ factors: [totpFactor()] })
    const { calls } = openSettings(
      {
        'GET /auth/v1/user': () => json(user),
        [`DELETE /auth/v1/factors/${TOTP_FACTOR_ID}`]: () => {
          user = authUser()
          return json({ id: TOTP_FACTOR_ID })
        },
        'POST /auth/v1/token': () => json(sessionFor(authUser(), 'aal1')),
      },
      user,
      'aal2',
    )
    const actor = userEvent.setup()
    const security = await region('Security')
    await actor.click(await security.findByRole('button', { name: 'Turn off two-factor sign-in' }))
    const confirm = security.getByRole('form', { name: 'Turn off two-factor sign-in' })
    expect(within(confirm).queryByLabelText(/code/)).not.toBeInTheDocument()
    await actor.click(within(confirm).getByRole('button', { name: 'Turn off' }))
    expect(await security.findByRole('status')).toHaveTextContent(TWO_FACTOR_OFF)
    expect(calls).toContain(`DELETE /auth/v1/factors/${TOTP_FACTOR_ID}`)
    expect(calls).not.toContain(`POST /auth/v1/factors/${TOTP_FACTOR_ID}/challenge`)
    expect(await security.findByText('Off')).toBeVisible()
  })

  test('an aal1 session of a two-factor account never reaches Settings: the code comes first', async () => {
    const user = authUser({ factors: [totpFactor()] })
    const { calls } = openSettings({}, user, 'aal1')
    expect(await screen.findByRole('heading', { name: 'Enter your two-factor code' })).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Security' })).not.toBeInTheDocument()
    expect(calls).not.toContain('GET /api/business')
  })

  test('Sign out of all other sessions ends the others and says so', async () => {
    const scopes: (string | null)[] = []
    openSettings({
      'POST /auth/v1/logout': (request) => {
        scopes.push(new URL(request.url).searchParams.get('scope'))
        return new Response(null, { status: 204 })
      },
    })
    const actor = userEvent.setup()
    const security = await region('Security')
    await actor.click(security.getByRole('button', { name: 'Sign out of all other sessions' }))
    expect(await security.findByRole('status')).toHaveTextContent(OTHERS_SIGNED_OUT)
    expect(scopes).toEqual(['others'])
    // This browser stays signed in.
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeVisible()
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { renderApp } from '@/test/render-app'
import { deferred, json, sessionFor, signedInHandlers, stubNetwork } from '@/test/network'

const invalidLogin = () =>
  json({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }, 400)

async function openLanding() {
  const app = renderApp('/')
  await screen.findByRole('heading', { name: 'Log In' })
  return app
}

async function fillLogin(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email Address'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'correct horse')
}

describe('the Log In / Sign Up card', () => {
  test('toggling to Sign Up adds a Full Name field, and toggling back removes it', async () => {
    stubNetwork({})
    const user = userEvent.setup()
    await openLanding()
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '6')

    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }))
    expect(screen.getByRole('heading', { name: 'Sign Up' })).toBeInTheDocument()
    expect(screen.getByLabelText('Full Name')).toBeRequired()

    await user.click(screen.getByRole('button', { name: 'Already have an account? Log in' }))
    expect(screen.getByRole('heading', { name: 'Log In' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument()
  })

  test('a failed login shows the server message above the form, and toggling clears it', async () => {
    stubNetwork({ 'POST /auth/v1/token': invalidLogin })
    const user = userEvent.setup()
    const { pathname } = await openLanding()
    await fillLogin(user)
    await user.click(screen.getByRole('button', { name: 'Log In' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Invalid login credentials')
    const emailField = screen.getByLabelText('Email Address')
    // The message sits above the form fields.
    expect(
      alert.compareDocumentPosition(emailField) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    expect(pathname()).toBe('/')

    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  test('a failed sign-up shows the server message', async () => {
    stubNetwork({
      'POST /auth/v1/signup': () =>
        json({ code: 422, error_code: 'user_already_exists', msg: 'User already registered' }, 422),
    })
    const user = userEvent.setup()
    await openLanding()
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }))
    await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace')
    await fillLogin(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('User already registered')
  })

  test('logging in shows a loading state, then opens the dashboard', async () => {
    const pending = deferred<Response>()
    stubNetwork({ ...signedInHandlers(), 'POST /auth/v1/token': () => pending.promise })
    const user = userEvent.setup()
    const { pathname } = await openLanding()
    await fillLogin(user)
    await user.click(screen.getByRole('button', { name: 'Log In' }))

    const busy = await screen.findByRole('button', { name: 'Logging in...' })
    expect(busy).toBeDisabled()

    pending.resolve(json(sessionFor()))
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(pathname()).toBe('/dashboard')
  })

  test('signing up shows "Creating account..." while the request runs', async () => {
    const pending = deferred<Response>()
    stubNetwork({ ...signedInHandlers(), 'POST /auth/v1/signup': () => pending.promise })
    const user = userEvent.setup()
    await openLanding()
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }))
    await user.type(screen.getByLabelText('Full Name'), 'Ada Lovelace')
    await fillLogin(user)
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled()
    pending.resolve(json(sessionFor()))
    await waitFor(() => expect(screen.getByText('Ada Lovelace')).toBeInTheDocument())
  })
})

import type { GoogleConnections } from '@localseo/shared/integrations'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { ownerHandlers } from '@/test/business-fixtures'
import { deferred, json, storeSession, stubNetwork } from '@/test/network'
import { renderApp } from '@/test/render-app'

const none: GoogleConnections = { searchConsole: false, analytics: false }

function signIn(extra: Parameters<typeof stubNetwork>[0] = {}, connections = none) {
  storeSession()
  const network = stubNetwork({ ...ownerHandlers({ connections }), ...extra })
  renderApp('/settings')
  return network
}

const card = async (name: string) =>
  within(await screen.findByRole('region', { name }, { timeout: 5000 }))

function storedConnections() {
  const user = JSON.parse(localStorage.getItem('user') ?? '{}') as {
    googleConnections?: GoogleConnections
  }
  return user.googleConnections
}

describe('API settings', () => {
  test('the AI service is always connected and names its engine', async () => {
    signIn()
    const ai = await card('AI Service')
    expect(ai.getByText('Connected and working properly')).toBeVisible()
    expect(await ai.findByText(/Engine: built-in/)).toBeVisible()
  })

  test('the AI card still reads connected when the status cannot be loaded', async () => {
    signIn({
      'GET /api/ai/status': () => json({ error: { code: 'not_found', message: 'No.' } }, 404),
    })
    const ai = await card('AI Service')
    expect(ai.getByText('Connected and working properly')).toBeVisible()
    await waitFor(() => expect(ai.queryByText(/Engine:/)).not.toBeInTheDocument())
  })

  test('connecting Search Console shows "Connecting...", then connected with the green result text', async () => {
    const held = deferred<Response>()
    signIn({ 'POST /api/integrations/search-console/connect': () => held.promise })
    const searchConsole = await card('Google Search Console')
    expect(searchConsole.getByText('Not connected')).toBeVisible()
    const user = userEvent.setup()
    await user.click(searchConsole.getByRole('button', { name: 'Connect with Google' }))
    expect(searchConsole.getByRole('button', { name: 'Connecting...' })).toBeDisabled()

    held.resolve(
      json({
        success: true,
        message: 'Successfully connected to Google Search Console',
        connections: { searchConsole: true, analytics: false },
      }),
    )
    expect(await searchConsole.findByText('Connected and working properly')).toBeVisible()
    const result = searchConsole.getByRole('status')
    expect(result).toHaveTextContent('Successfully connected to Google Search Console')
    expect(result).toHaveClass('text-success')
    expect(searchConsole.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    expect(storedConnections()).toEqual({ searchConsole: true, analytics: false })
    // The other service is untouched.
    expect((await card('Google Analytics')).getByText('Not connected')).toBeVisible()
  })

  test('a refused connection shows the server message and stays disconnected', async () => {
    signIn({
      'POST /api/integrations/analytics/connect': () =>
        json({ success: false, message: 'Google said no', connections: none }),
    })
    const analytics = await card('Google Analytics')
    await userEvent.click(analytics.getByRole('button', { name: 'Connect with Google' }))
    expect(await analytics.findByRole('alert')).toHaveTextContent('Google said no')
    expect(analytics.getByText('Not connected')).toBeVisible()
    expect(analytics.getByRole('button', { name: 'Connect with Google' })).toBeEnabled()
  })

  test('a refusal without a message uses "Failed to connect to Google Analytics"', async () => {
    signIn({
      'POST /api/integrations/analytics/connect': () =>
        json({ success: false, message: '', connections: none }),
    })
    const analytics = await card('Google Analytics')
    await userEvent.click(analytics.getByRole('button', { name: 'Connect with Google' }))
    expect(await analytics.findByRole('alert')).toHaveTextContent(
      'Failed to connect to Google Analytics',
    )
  })

  test('a failed request shows "An error occurred while connecting to Google Search Console"', async () => {
    signIn({
      'POST /api/integrations/search-console/connect': () =>
        json({ error: { code: 'internal_error', message: 'Boom.' } }, 500),
    })
    const searchConsole = await card('Google Search Console')
    await userEvent.click(searchConsole.getByRole('button', { name: 'Connect with Google' }))
    expect(await searchConsole.findByRole('alert')).toHaveTextContent(
      'An error occurred while connecting to Google Search Console',
    )
    expect(searchConsole.getByText('Not connected')).toBeVisible()
    expect(storedConnections()).toEqual(none)
  })

  test('a connected service can be disconnected', async () => {
    const { calls } = signIn(
      {
        'DELETE /api/integrations/analytics': () => json({ connections: none }),
      },
      { searchConsole: false, analytics: true },
    )
    const analytics = await card('Google Analytics')
    expect(await analytics.findByText('Connected and working properly')).toBeVisible()
    await userEvent.click(analytics.getByRole('button', { name: 'Disconnect' }))
    expect(await analytics.findByText('Not connected')).toBeVisible()
    expect(calls).toContain('DELETE /api/integrations/analytics')
    expect(storedConnections()).toEqual(none)
  })
})

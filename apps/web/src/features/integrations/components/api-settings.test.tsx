import {
  simulatedConnectMessage,
  type GoogleAccount,
  type GoogleConnections,
} from '@localseo/shared/integrations'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { deferred, json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

const none: GoogleConnections = { searchConsole: false, analytics: false }

function signIn(extra: Parameters<typeof stubNetwork>[0] = {}, connections = none) {
  storeSession()
  const network = stubNetwork({ ...ownerHandlers({ connections }), ...extra })
  renderApp('/settings')
  return network
}

const card = async (name: string) =>
  within(await screen.findByRole('region', { name }, settingsScreenWait))

function storedConnections() {
  const user = JSON.parse(localStorage.getItem('user') ?? '{}') as {
    googleConnections?: GoogleConnections
  }
  return user.googleConnections
}

beforeAll(async () => {
  await loadScreens(paths.settings)
})

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

  test('connecting the simulated Search Console shows "Connecting...", then "Simulated", never "Connected and working properly" (issue 32 item 3)', async () => {
    const held = deferred<Response>()
    signIn({ 'POST /api/integrations/search-console/connect': () => held.promise })
    const searchConsole = await card('Google Search Console')
    expect(searchConsole.getByText('Not connected')).toBeVisible()
    const user = userEvent.setup()
    await user.click(searchConsole.getByRole('button', { name: 'Connect with Google' }))
    expect(searchConsole.getByRole('button', { name: 'Connecting...' })).toBeDisabled()

    const message = simulatedConnectMessage('search-console')
    held.resolve(
      json({ success: true, message, connections: { searchConsole: true, analytics: false } }),
    )
    expect(
      await searchConsole.findByText('Simulated: sample figures, no Google sign-in'),
    ).toBeVisible()
    expect(searchConsole.getByText('Simulated')).toBeVisible()
    expect(searchConsole.queryByText('Connected and working properly')).not.toBeInTheDocument()
    const result = searchConsole.getByRole('status')
    expect(result).toHaveTextContent(
      'Simulated Google Search Console turned on: no Google sign-in took place',
    )
    expect(result).not.toHaveTextContent(/Successfully/)
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
    expect(await analytics.findByText('Simulated: sample figures, no Google sign-in')).toBeVisible()
    await userEvent.click(analytics.getByRole('button', { name: 'Disconnect' }))
    expect(await analytics.findByText('Not connected')).toBeVisible()
    expect(calls).toContain('DELETE /api/integrations/analytics')
    expect(storedConnections()).toEqual(none)
  })
})

describe('API settings with Google sign-in on the server (issue 18)', () => {
  const connected: GoogleAccount = {
    status: 'connected',
    email: 'owner@gmail.com',
    services: ['search-console', 'analytics'],
    searchConsoleSite: null,
    connectedAt: '2026-03-10T15:00:00.000Z',
  }

  function withGoogle(google: GoogleAccount, extra: Parameters<typeof stubNetwork>[0] = {}) {
    storeSession()
    const network = stubNetwork({ ...ownerHandlers({ google }), ...extra })
    renderApp('/settings')
    return network
  }

  test('Connect with Google asks the server for the consent screen and leaves for it', async () => {
    const held = deferred<Response>()
    const { calls } = withGoogle(
      { status: 'not_connected' },
      { 'GET /api/integrations/google/connect': () => held.promise },
    )
    const searchConsole = await card('Google Search Console')
    expect(searchConsole.getByText('Not connected')).toBeVisible()
    expect(screen.queryByText(/simulated for now/)).not.toBeInTheDocument()
    await userEvent.click(searchConsole.getByRole('button', { name: 'Connect with Google' }))
    expect(searchConsole.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    expect(calls).toContain('GET /api/integrations/google/connect')
    // The simulated endpoint is never called once Google is real.
    expect(calls).not.toContain('POST /api/integrations/search-console/connect')
  })

  test('a connected account names itself on both cards and Disconnect, once confirmed, forgets it', async () => {
    let google: GoogleAccount = connected
    const { calls } = withGoogle(connected, {
      'GET /api/integrations': () => json({ connections: none, google }),
      'DELETE /api/integrations/google': () => {
        google = { status: 'not_connected' }
        return json({ google, revokedAtGoogle: true })
      },
    })
    const analytics = await card('Google Analytics')
    expect(await analytics.findByText('Connected and working properly')).toBeVisible()
    expect(analytics.getByText('Connected to Google as owner@gmail.com')).toBeVisible()
    // Asked first, saying what goes and that the posts stay; Cancel changes nothing.
    await userEvent.click(analytics.getByRole('button', { name: 'Disconnect' }))
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Google?' })
    expect(within(dialog).getByText(/reviews and calls/)).toBeVisible()
    expect(within(dialog).getByText(/Your posts are kept/)).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls).not.toContain('DELETE /api/integrations/google')
    await userEvent.click(analytics.getByRole('button', { name: 'Disconnect' }))
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Google?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    expect(await analytics.findByText('Not connected')).toBeVisible()
    expect(calls).toContain('DELETE /api/integrations/google')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(
      (await card('Google Search Console')).getByRole('button', { name: 'Connect with Google' }),
    ).toBeVisible()
  })

  test('the owner picks the Search Console property, the website first', async () => {
    let saved: unknown
    withGoogle(connected, {
      'GET /api/integrations/google/search-console/sites': () =>
        json({
          sites: [
            ['sc-domain:sunrisedental.com', 'siteOwner', true],
            ['https://blog.example.org/', 'siteFullUser', false],
          ].map(([siteUrl, permissionLevel, matchesWebsite]) => ({
            siteUrl,
            permissionLevel,
            matchesWebsite,
          })),
          selected: null,
        }),
      'PUT /api/integrations/google/search-console/site': async (request) => {
        saved = await request.json()
        return json({ google: { ...connected, searchConsoleSite: 'https://blog.example.org/' } })
      },
    })
    const searchConsole = await card('Google Search Console')
    const property = await searchConsole.findByLabelText('Search Console property')
    expect(property).toHaveDisplayValue('sunrisedental.com (whole domain), your website')
    await userEvent.selectOptions(property, 'https://blog.example.org/')
    await userEvent.click(searchConsole.getByRole('button', { name: 'Use this property' }))
    expect(await searchConsole.findByText('Search Console property saved')).toBeVisible()
    expect(saved).toEqual({ siteUrl: 'https://blog.example.org/' })
    expect(searchConsole.getByRole('button', { name: 'Property saved' })).toBeDisabled()
  })

  test('a service whose access Google did not grant says so and offers to connect again', async () => {
    withGoogle({ ...connected, services: ['analytics'] })
    const searchConsole = await card('Google Search Console')
    expect(
      await searchConsole.findByText(/did not grant access to Google Search Console/),
    ).toBeVisible()
    expect(searchConsole.getByRole('button', { name: 'Connect with Google' })).toBeVisible()
  })

  test('a revoked grant reads Reconnect with the date and the reason', async () => {
    withGoogle({
      status: 'revoked',
      email: null,
      revokedAt: '2026-03-10T15:00:00.000Z',
      reason: 'Google refused the saved access (Token has been expired or revoked.).',
    })
    const searchConsole = await card('Google Search Console')
    expect(
      await searchConsole.findByText('Reconnect: access was revoked on Mar 10, 2026'),
    ).toBeVisible()
    expect(searchConsole.getByText(/Token has been expired or revoked/)).toBeVisible()
    expect(searchConsole.getByRole('button', { name: 'Reconnect' })).toBeVisible()
  })

  test("Google's answer shows once on the way back: connected, or the refusal", async () => {
    window.history.replaceState(null, '', '/settings?google=connected')
    withGoogle(connected)
    expect(
      await screen.findByText(
        'Connected to Google as owner@gmail.com',
        { selector: 'span' },
        settingsScreenWait,
      ),
    ).toBeVisible()
    expect(window.location.search).toBe('')
  })

  test('consent refused on Google reads as such', async () => {
    window.history.replaceState(null, '', '/settings?google=denied')
    withGoogle({ status: 'not_connected' })
    expect(await screen.findByRole('alert', {}, settingsScreenWait)).toHaveTextContent(
      "Google was not connected: access was not allowed on Google's consent screen.",
    )
    expect(window.location.search).toBe('')
  })
})

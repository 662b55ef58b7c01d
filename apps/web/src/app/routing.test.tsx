import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { BUSINESS_REQUIRED_MESSAGE } from '@/components/business-required'
import { createAppState } from '@/app/provider'
import { paths } from '@/config/paths'
import { loadScreens, renderApp } from '@/test/render-app'
import {
  authUser,
  deferred,
  json,
  namedBusiness,
  signedInHandlers,
  storeSession,
  stubNetwork,
} from '@/test/network'

// The screens' code, compiled before the first render (CI's loaded machine took over findBy's
// second to compile the Keyword Planner's on first use).
beforeAll(() =>
  loadScreens(paths.dashboard, paths.keywordPlanner, paths.keywords, paths.settings, paths.methods),
)

function signIn(business = signedInHandlers()) {
  storeSession()
  return stubNetwork(business)
}

describe('signed out', () => {
  test('a protected screen redirects to the landing page', async () => {
    stubNetwork({})
    const { pathname } = renderApp('/settings')
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
    expect(screen.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument()
  })

  test('an unknown path goes to the landing page', async () => {
    stubNetwork({})
    const { pathname } = renderApp('/no-such-page')
    await screen.findByRole('heading', { name: 'Log In' })
    expect(pathname()).toBe('/')
  })

  test('the landing page lists the four benefits and the copyright line', async () => {
    stubNetwork({})
    renderApp('/')
    await screen.findByRole('heading', { name: 'Log In' })
    for (const benefit of [
      'Analyze local keyword performance',
      'Monitor listings across platforms',
      'Get personalized SEO recommendations',
      'Track progress over time',
    ]) {
      expect(screen.getByText(benefit)).toBeInTheDocument()
    }
    expect(screen.getByText('© 2025 LocalSEO AI. All rights reserved.')).toBeInTheDocument()
  })
})

describe('signed in', () => {
  test('the landing page redirects to the dashboard', async () => {
    signIn()
    const { pathname } = renderApp('/')
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(pathname()).toBe('/dashboard')
    expect(screen.queryByRole('heading', { name: 'Log In' })).not.toBeInTheDocument()
  })

  test('an unknown path goes to SEO Recommendations', async () => {
    signIn()
    const { pathname } = renderApp('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'SEO Recommendations' })).toBeVisible()
    expect(pathname()).toBe('/recommendations')
  })

  test('the header shows the name from the live session', async () => {
    signIn()
    renderApp('/settings')
    // In the header (Settings' account card names the owner too).
    await waitFor(() =>
      expect(within(screen.getByRole('banner')).getByText('Ada Lovelace')).toBeInTheDocument(),
    )
    expect(within(screen.getByRole('banner')).getByText('LocalSEO AI')).toBeInTheDocument()
  })

  test("while the session is checked the shell's frame is painted, with nothing of the account", async () => {
    const check = deferred<Response>()
    signIn({ ...signedInHandlers(namedBusiness), 'GET /auth/v1/user': () => check.promise })
    renderApp('/dashboard')
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session…')
    expect(within(screen.getByRole('banner')).getByText('LocalSEO AI')).toBeInTheDocument()
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument()
    expect(screen.queryByText('Sunrise Dental')).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
    check.resolve(json(authUser()))
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  test('the side menu lists every screen in order and marks the one from the path', async () => {
    signIn()
    renderApp('/keyword-planner')
    await screen.findByRole('heading', { name: 'Keyword Planner' })
    const menu = screen.getByRole('navigation', { name: 'Main' })
    const links = within(menu).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'SEO Recommendations',
      'Dashboard',
      'Keyword Analysis',
      'Keyword Planner',
      'Rank Tracker',
      'Backlink Monitor',
      'Local Listings',
      'Reviews',
      'Profile Posts',
      'Reports',
      'Settings',
    ])
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual(['Keyword Planner'])
    expect(within(menu).getByRole('link', { name: 'Rank Tracker' })).toHaveAttribute(
      'href',
      '/rank-tracker',
    )
  })

  test('the Methods page opens at its path without an entry of its own in the side menu', async () => {
    signIn()
    renderApp('/methods')
    expect(
      await screen.findByRole('heading', { name: 'How LocalSEO AI computes its figures' }),
    ).toBeVisible()
    const menu = screen.getByRole('navigation', { name: 'Main' })
    expect(within(menu).queryByRole('link', { name: /method/i })).not.toBeInTheDocument()
    expect(
      within(menu)
        .getAllByRole('link')
        .filter((link) => link.getAttribute('aria-current') === 'page'),
    ).toEqual([])
  })

  test('the small-screen menu toggle reports its state', async () => {
    signIn()
    const user = userEvent.setup()
    renderApp('/dashboard')
    const toggle = await screen.findByRole('button', { name: 'Open menu' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
  })

  test('Log Out signs out, forgets the stored user and returns to the landing page', async () => {
    const { calls } = signIn()
    const user = userEvent.setup()
    const { pathname } = renderApp('/dashboard')
    await user.click(await screen.findByRole('button', { name: 'Log Out' }))
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
    expect(calls).toContain('POST /auth/v1/logout')
    expect(localStorage.getItem('user')).toBeNull()
  })
})

test('auth-js starts loading when the pointer or the focus reaches Log Out, before the click', async () => {
  signIn()
  const state = createAppState()
  const loadClient = vi.spyOn(state.store, 'loadClient')
  const user = userEvent.setup()
  renderApp('/dashboard', state)
  const logOut = await screen.findByRole('button', { name: 'Log Out' })
  expect(loadClient).not.toHaveBeenCalled()
  await user.hover(logOut)
  expect(loadClient).toHaveBeenCalledTimes(1)
  logOut.focus()
  expect(loadClient).toHaveBeenCalledTimes(2)
})

describe('screens without a business name', () => {
  test.each([
    ['/recommendations', 'SEO Recommendations'],
    ['/keywords', 'Keyword Analysis'],
    ['/keyword-planner', 'Keyword Planner'],
    ['/rank-tracker', 'Rank Tracker'],
    ['/backlinks', 'Backlink Monitor'],
    ['/listings', 'Local Listings'],
  ])('%s asks for the business information first', async (path, title) => {
    signIn()
    renderApp(path)
    expect(await screen.findByRole('heading', { name: title })).toBeVisible()
    expect(screen.getByText(BUSINESS_REQUIRED_MESSAGE)).toBeVisible()
    expect(BUSINESS_REQUIRED_MESSAGE).toBe(
      'Please add your business information in Settings first to use this feature.',
    )
  })

  test('the dashboard welcomes the user and links to Settings', async () => {
    signIn()
    renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Welcome to LocalSEO AI' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings',
    )
  })

  test('a named business lifts the requirement', async () => {
    signIn(signedInHandlers(namedBusiness))
    renderApp('/keywords')
    expect(await screen.findByRole('heading', { name: 'Keyword Analysis' })).toBeVisible()
    await waitFor(() => expect(screen.getAllByText('Sunrise Dental').length).toBeGreaterThan(0))
    expect(screen.queryByText(BUSINESS_REQUIRED_MESSAGE)).not.toBeInTheDocument()
  })
})

describe('start-up', () => {
  test('a stored user that fails to parse is removed', async () => {
    stubNetwork({})
    localStorage.setItem('user', '{"id": 42, "email": null')
    renderApp('/')
    await screen.findByRole('heading', { name: 'Log In' })
    expect(localStorage.getItem('user')).toBeNull()
  })
})

// The start-up preload (docs/decisions/019-compressed-assets-and-preloading.md): a returning owner's
// business and the opened screen's first requests start before anything renders, side by side
// with the session check, and the screen then uses those answers instead of asking again.
import { screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { authUser, json, storeSession, stubNetwork } from '@/test/network'
import { renderApp } from '@/test/render-app'
import { dashboardKey } from '@/lib/query-keys'
import { preloadSignedIn } from './preload'
import { createAppState, type AppState } from './provider'

const DASHBOARD_REQUESTS = [
  'GET /api/business',
  'GET /api/dashboard',
  'GET /api/integrations',
  'GET /api/site-audit/runs',
]

/** The user record the app keeps after a sign-in (lib/user-storage.ts). */
function storeUser(business = savedBusiness) {
  const googleConnections = { searchConsole: false, analytics: false }
  const user = {
    id: authUser().id,
    email: 'ada@example.com',
    name: 'Ada',
    business,
    googleConnections,
  }
  localStorage.setItem('user', JSON.stringify(user))
}

/**
 * Waits until the session check and the dashboard's preload are done: the early answers are taken
 * by then, so nothing of this test asks the next test's network.
 */
async function dashboardPreloaded(state: AppState) {
  await vi.waitFor(() => {
    expect(state.store.getState()).toMatchObject({ status: 'logged-in', ready: true })
    const dashboard = state.queryClient.getQueryCache().findAll({ queryKey: dashboardKey })
    expect(dashboard.map((query) => query.state.status)).toEqual(['success'])
    expect(state.queryClient.isFetching()).toBe(0)
  })
}

describe('a returning owner', () => {
  test("the session check, the business and the dashboard's requests start before the first render", async () => {
    storeSession()
    storeUser()
    const { calls } = stubNetwork(ownerHandlers())
    const state = createAppState()

    expect(preloadSignedIn(state, '/dashboard')).toBe(true)
    // Sent at once by the entry script, before auth-js and the API client have loaded.
    expect(calls).toEqual(['GET /auth/v1/user', ...DASHBOARD_REQUESTS])

    await vi.waitFor(() =>
      expect(calls).toEqual(expect.arrayContaining(['GET /auth/v1/user', ...DASHBOARD_REQUESTS])),
    )
    // Nothing has rendered: the answers wait in the cache and the auth store for the screens.
    await dashboardPreloaded(state)
    expect(state.queryClient.getQueryData(['business', authUser().id])).toEqual(savedBusiness)
  })

  test('the landing page preloads the dashboard the owner is sent to', async () => {
    storeSession()
    storeUser()
    const { calls } = stubNetwork(ownerHandlers())
    const state = createAppState()
    preloadSignedIn(state, '/')
    await vi.waitFor(() => expect(calls).toEqual(expect.arrayContaining(DASHBOARD_REQUESTS)))
    await dashboardPreloaded(state)
  })

  test('the dashboard then opens on those answers, asking for none of them twice', async () => {
    storeSession()
    storeUser()
    const { calls } = stubNetwork(ownerHandlers())
    const state = createAppState()
    preloadSignedIn(state, '/dashboard')
    await dashboardPreloaded(state)

    renderApp('/dashboard', state)

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(await screen.findByText('Top Keywords')).toBeInTheDocument()
    expect(calls).toContain('GET /auth/v1/user')
    for (const request of DASHBOARD_REQUESTS) {
      expect(
        calls.filter((call) => call === request),
        request,
      ).toHaveLength(1)
    }
  })

  test("another screen's first requests start with its code too", async () => {
    storeSession()
    storeUser()
    const { calls } = stubNetwork({
      ...ownerHandlers(),
      'GET /api/recommendations': () => json({ tasks: [], progress: {} }),
      'GET /api/listings': () => json({}),
    })
    preloadSignedIn(createAppState(), '/recommendations')
    preloadSignedIn(createAppState(), '/listings')
    await vi.waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining(['GET /api/recommendations', 'GET /api/listings']),
      ),
    )
    expect(calls).not.toContain('GET /api/dashboard')
  })
})

describe('a visitor without a stored session', () => {
  test('nothing is preloaded and nothing is asked for', () => {
    storeUser()
    const { calls } = stubNetwork(ownerHandlers())
    const state = createAppState()
    const checkSession = vi.spyOn(state.store, 'checkSession')
    expect(preloadSignedIn(state, '/dashboard')).toBe(false)
    // Nothing was started that could ask later: no request, no session check, no cached query.
    expect(calls).toEqual([])
    expect(checkSession).not.toHaveBeenCalled()
    expect(state.queryClient.getQueryCache().getAll()).toEqual([])
  })
})

// The start-up preload (docs/decisions/019-compressed-assets-and-preloading.md): a returning owner's
// business and the opened screen's first requests start before anything renders, side by side
// with the session check, and the screen then uses those answers instead of asking again.
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { authUser, json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'
import { earlyRequestsNotTaken } from '@/lib/early-requests'
import { dashboardKey } from '@/lib/query-keys'
import { preloadSignedIn } from './preload'
import { earlyRequestsOf } from './router'
import { createAppState, type AppState } from './provider'

const DASHBOARD_REQUESTS = [
  'GET /api/business',
  // The signed-in layout's, on every screen.
  'GET /api/alerts',
  'GET /api/membership',
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

/** Every request's method and URL (path and query), as the screens sent it. */
function sentUrls(fetchMock: ReturnType<typeof stubNetwork>['fetchMock']): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    return `${request.method} ${url.pathname}${url.search}`
  })
}

// Each screen's early requests are the very ones its queries send: the screen takes each answer
// instead of asking again (a URL that differed in its query would be asked twice).
const SCREENS_WITH_EARLY_REQUESTS = [
  '/dashboard/audit',
  '/keywords',
  '/keyword-planner',
  '/rank-tracker',
  '/rank-tracker/grid',
  '/backlinks',
  '/reviews',
  '/posts',
  '/reports',
  '/settings',
  '/competitors',
]

const sampleLink = {
  location: 'main',
  googleLocation: 'locations/1',
  account: 'accounts/1',
  title: 'Sample profile',
  address: '1 Main St',
  placeId: null,
  sample: true,
  linkedAt: '2026-11-01T00:00:00.000Z',
}

describe("a returning owner's other screens", () => {
  beforeAll(() => loadScreens(...SCREENS_WITH_EARLY_REQUESTS))

  test.each(SCREENS_WITH_EARLY_REQUESTS)('%s asks for each early request once', async (path) => {
    storeSession()
    storeUser()
    // What the test does not stub answers 404: a client error, never retried, so each query asks
    // once. The Rank Tracker asks for its history once its keywords are in.
    const { fetchMock } = stubNetwork({
      ...ownerHandlers(),
      'GET /api/rank-tracker/keywords': () => json({ keywords: [] }),
      // Posts are asked for a location linked to a profile.
      'GET /api/business-profile': () => json({ connection: 'sample', links: [sampleLink] }),
    })
    const state = createAppState()
    preloadSignedIn(state, path)
    const early = earlyRequestsOf(path)
    expect(early).toEqual(expect.arrayContaining(['/api/alerts', '/api/membership']))
    expect(early.length).toBeGreaterThan(2)

    renderApp(path, state)

    // The screen takes every early answer: one its queries never ask for stays here.
    await vi.waitFor(
      () => {
        expect(earlyRequestsNotTaken()).toEqual([])
        expect(state.queryClient.isFetching()).toBe(0)
      },
      { timeout: 5000 },
    )
    const sent = sentUrls(fetchMock)
    const pathOf = (url: string) => url.split('?')[0]
    for (const url of early) {
      // The path asked for once, with the very query the early request sent.
      expect(
        sent.filter((request) => pathOf(request) === `GET ${pathOf(url)}`),
        url,
      ).toEqual([`GET ${url}`])
    }
  })
})

test("a page that is not a signed-in screen sends no screen's requests early", () => {
  expect(earlyRequestsOf('/shared/some-token')).toEqual([])
  expect(earlyRequestsOf('/reset-password')).toEqual([])
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

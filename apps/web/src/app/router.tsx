// The route table (docs/product.md §2). Protected screens and their layout are code-split, so the landing page
// ships only what it needs; each screen receives the user's business (or the empty business).
import type { Business } from '@localseo/shared/business'
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { lazy, Suspense, type ComponentType } from 'react'
import { BrowserRouter, Route, Routes, useOutletContext } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import type { ScreenPreload } from '@/lib/screen-preload'
import { FallbackRedirect, FullPageLoader, RedirectIfAuthenticated } from './guards'
import { lazyLoaded } from './lazy-loaded'
import { LandingRoute } from './routes/landing'
import { layoutCode, screenCode } from './screen-code'
import { ShellSkeleton } from './shell-skeleton'

type ScreenComponent = ComponentType<{ business: Business }>

interface ScreenRouteEntry {
  path: string
  Screen: ScreenComponent
  /** Starts the screen's code, and its first requests where it has a preload (app/preload.ts). */
  preload: (context: ScreenPreload) => Promise<unknown>
  /** Starts (or joins) the download of the screen's code alone. */
  load: () => Promise<unknown>
  /** Its first GET requests, sent from this script before the API client loads (lib/early-requests.ts). */
  early: readonly string[]
}

/**
 * A code-split screen: `importScreen` fetches its chunk, `prefetch` (lazily loaded too) its first
 * data, and `early` names the GET requests it sends first (its prefetch's, or its queries' for the
 * main location), to send before the chunk arrives; its queries take those answers.
 */
function screenRoute(
  path: string,
  importScreen: () => Promise<ScreenComponent>,
  {
    prefetch,
    early = [],
  }: { prefetch?: (context: ScreenPreload) => Promise<void>; early?: readonly string[] } = {},
): ScreenRouteEntry {
  const { Component, load } = lazyLoaded(importScreen)
  return {
    path,
    Screen: Component,
    preload: (context) => Promise.all([load(), prefetch?.(context)]),
    load,
    early,
  }
}

const ResetPasswordScreen = lazy(async () => ({
  default: (await import('@/features/auth/components/reset-password-screen')).ResetPasswordScreen,
}))

/** A share link's page: no account, no signed-in layout, its own chunk (issue 35 item 5). */
const SharedScreen = lazy(async () => ({
  default: (await import('@/features/share-links/components/shared-screen')).SharedScreen,
}))

/** The signed-in layout's chunk (with the libraries every signed-in screen shares). */
const protectedLayout = lazyLoaded(async () => (await layoutCode()).ProtectedLayout, {
  placeholder: <ShellSkeleton />,
})
export const loadProtectedLayout = protectedLayout.load
const ProtectedLayout = protectedLayout.Component

const screens: readonly ScreenRouteEntry[] = [
  screenRoute(
    paths.recommendations,
    async () => (await screenCode[paths.recommendations]()).RecommendationsScreen,
    {
      prefetch: async (context) =>
        (
          await import('@/features/recommendations/api/get-recommendations')
        ).prefetchRecommendations(context),
    },
  ),
  screenRoute(paths.dashboard, async () => (await screenCode[paths.dashboard]()).DashboardRoute, {
    prefetch: async (context) =>
      (await import('@/features/dashboard/api/prefetch-dashboard')).prefetchDashboard(context),
    // What prefetchDashboard asks for (preload.test.tsx checks they are taken, not asked again).
    early: [
      `/api/dashboard?location=${MAIN_LOCATION}`,
      '/api/integrations',
      '/api/site-audit/runs',
    ],
  }),
  screenRoute(paths.siteAudit, async () => (await screenCode[paths.siteAudit]()).SiteAuditScreen, {
    early: ['/api/site-audit/runs'],
  }),
  screenRoute(paths.keywords, async () => (await screenCode[paths.keywords]()).KeywordsScreen, {
    early: [
      `/api/keywords?location=${MAIN_LOCATION}`,
      `/api/keywords/suggestions?location=${MAIN_LOCATION}`,
    ],
  }),
  screenRoute(
    paths.keywordPlanner,
    async () => (await screenCode[paths.keywordPlanner]()).PlannerScreen,
    { early: [`/api/planner/saved?location=${MAIN_LOCATION}`] },
  ),
  screenRoute(
    paths.rankTracker,
    async () => (await screenCode[paths.rankTracker]()).RankTrackerScreen,
    {
      early: [
        '/api/automation',
        `/api/rank-tracker/keywords?location=${MAIN_LOCATION}`,
        // The first page of the default 30 days, asked for once the keywords are in.
        `/api/rank-tracker/history?location=${MAIN_LOCATION}&range=30&page=1`,
      ],
    },
  ),
  screenRoute(
    paths.rankTrackerGrid,
    async () => (await screenCode[paths.rankTrackerGrid]()).GeoGridScreen,
    { early: ['/api/geo-grid/setup', '/api/geo-grid/scans'] },
  ),
  screenRoute(paths.backlinks, async () => (await screenCode[paths.backlinks]()).BacklinksScreen, {
    early: [
      `/api/backlinks/summary?location=${MAIN_LOCATION}`,
      `/api/backlinks?location=${MAIN_LOCATION}&page=1&pageSize=20`,
      '/api/backlinks/verify-runs/latest',
    ],
  }),
  screenRoute(paths.listings, async () => (await screenCode[paths.listings]()).ListingsScreen, {
    prefetch: async (context) =>
      (await import('@/features/listings/api/get-listings')).prefetchListings(context),
  }),
  screenRoute(paths.reviews, async () => (await screenCode[paths.reviews]()).ReviewsScreen, {
    early: [
      `/api/business-profile/reviews/summary?location=${MAIN_LOCATION}`,
      `/api/business-profile/reviews?location=${MAIN_LOCATION}&page=1`,
    ],
  }),
  screenRoute(paths.posts, async () => (await screenCode[paths.posts]()).PostsScreen, {
    early: ['/api/business-profile', `/api/business-profile/posts?location=${MAIN_LOCATION}`],
  }),
  screenRoute(paths.reports, async () => (await screenCode[paths.reports]()).ReportsRoute, {
    early: [
      '/api/share-links',
      `/api/reports/months?location=${MAIN_LOCATION}`,
      '/api/reports/settings',
    ],
  }),
  screenRoute(paths.settings, async () => (await screenCode[paths.settings]()).SettingsScreen, {
    early: [
      '/api/business/sample-data',
      '/api/automation',
      '/api/alerts/preferences',
      '/api/ai/status',
      '/api/rank-provider',
      '/api/geo-grid/tiles',
    ],
  }),
  screenRoute(
    paths.newBusiness,
    async () => (await screenCode[paths.newBusiness]()).NewBusinessScreen,
  ),
  screenRoute(paths.join, async () => (await screenCode[paths.join]()).JoinScreen),
  screenRoute(paths.methods, async () => (await screenCode[paths.methods]()).MethodsScreen),
  screenRoute(
    paths.competitors,
    async () => (await screenCode[paths.competitors]()).CompetitorsScreen,
    { early: [`/api/competitors?location=${MAIN_LOCATION}&days=90`] },
  ),
]

/** Hands the business the protected layout loaded to a screen. */
function ScreenRoute({ Screen }: { Screen: ScreenComponent }) {
  const business = useOutletContext<Business>()
  return (
    <Suspense fallback={<Spinner />}>
      <Screen business={business} />
    </Suspense>
  )
}

/** What the signed-in layout asks for around every screen with a business: the alerts and the role. */
const LAYOUT_REQUESTS = ['/api/alerts', '/api/membership']

/**
 * The GET requests the signed-in screen at `pathname` and its layout send first
 * (lib/early-requests.ts); none for a path that is not a signed-in screen.
 */
export function earlyRequestsOf(pathname: string): readonly string[] {
  const entry = screens.find((screen) => screen.path === pathname)
  return entry ? [...LAYOUT_REQUESTS, ...entry.early] : []
}

/**
 * The code of the signed-in layout and of the screen at `pathname`, loaded: a test awaits it before
 * rendering, so its first render does not wait for the code to be compiled.
 */
export async function loadScreenCode(pathname: string): Promise<void> {
  const entry = screens.find((screen) => screen.path === pathname)
  if (!entry) throw new Error(`no screen at ${pathname}`)
  await Promise.all([loadProtectedLayout(), entry.load()])
}

/** Starts the code and first requests of the screen at `pathname`; false when none is there. */
export function preloadScreen(pathname: string, context: ScreenPreload): boolean {
  const entry = screens.find((screen) => screen.path === pathname)
  void entry?.preload(context).catch(() => {
    // The screen loads (and reports) again when it renders.
  })
  return entry !== undefined
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        index
        element={
          <RedirectIfAuthenticated>
            <LandingRoute />
          </RedirectIfAuthenticated>
        }
      />
      <Route
        path={paths.resetPassword}
        element={
          <Suspense fallback={<FullPageLoader />}>
            <ResetPasswordScreen />
          </Suspense>
        }
      />
      <Route
        path={paths.shared}
        element={
          <Suspense fallback={<FullPageLoader />}>
            <SharedScreen />
          </Suspense>
        }
      />
      <Route element={<ProtectedLayout />}>
        {screens.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<ScreenRoute Screen={Screen} />} />
        ))}
      </Route>
      <Route path="*" element={<FallbackRedirect />} />
    </Routes>
  )
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  )
}

// The route table (docs/product.md §2). Protected screens and their layout are code-split, so the landing page
// ships only what it needs; each screen receives the user's business (or the empty business).
import type { Business } from '@localseo/shared/business'
import { lazy, Suspense, type ComponentType } from 'react'
import { BrowserRouter, Route, Routes, useOutletContext } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { FallbackRedirect, FullPageLoader, RedirectIfAuthenticated } from './guards'
import { LandingRoute } from './routes/landing'

type ScreenComponent = ComponentType<{ business: Business }>

function lazyScreen(load: () => Promise<ScreenComponent>): ScreenComponent {
  return lazy(async () => ({ default: await load() }))
}

const ResetPasswordScreen = lazy(async () => ({
  default: (await import('@/features/auth/components/reset-password-screen')).ResetPasswordScreen,
}))

const ProtectedLayout = lazy(async () => ({
  default: (await import('./layout/protected-layout')).ProtectedLayout,
}))

const screens: ReadonlyArray<{ path: string; Screen: ScreenComponent }> = [
  {
    path: paths.recommendations,
    Screen: lazyScreen(
      async () =>
        (await import('@/features/recommendations/components/recommendations-screen'))
          .RecommendationsScreen,
    ),
  },
  {
    path: paths.dashboard,
    Screen: lazyScreen(
      async () =>
        (await import('@/features/dashboard/components/dashboard-screen')).DashboardScreen,
    ),
  },
  {
    path: paths.siteAudit,
    Screen: lazyScreen(
      async () =>
        (await import('@/features/site-audit/components/site-audit-screen')).SiteAuditScreen,
    ),
  },
  {
    path: paths.keywords,
    Screen: lazyScreen(
      async () => (await import('@/features/keywords/components/keywords-screen')).KeywordsScreen,
    ),
  },
  {
    path: paths.keywordPlanner,
    Screen: lazyScreen(
      async () => (await import('@/features/planner/components/planner-screen')).PlannerScreen,
    ),
  },
  {
    path: paths.rankTracker,
    Screen: lazyScreen(
      async () =>
        (await import('@/features/rank-tracker/components/rank-tracker-screen')).RankTrackerScreen,
    ),
  },
  {
    path: paths.backlinks,
    Screen: lazyScreen(
      async () =>
        (await import('@/features/backlinks/components/backlinks-screen')).BacklinksScreen,
    ),
  },
  {
    path: paths.listings,
    Screen: lazyScreen(
      async () => (await import('@/features/listings/components/listings-screen')).ListingsScreen,
    ),
  },
  {
    path: paths.settings,
    Screen: lazyScreen(async () => (await import('@/app/routes/settings')).SettingsScreen),
  },
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
        element={
          <Suspense fallback={<FullPageLoader />}>
            <ProtectedLayout />
          </Suspense>
        }
      >
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

// Each signed-in screen's code by its path, and the signed-in layout's: dynamic imports and the
// paths alone, so the entry can start a returning owner's downloads before it evaluates React and
// the rest of itself (app/start-early.ts; docs/decisions/019-compressed-assets-and-preloading.md).
// The route table (app/router.tsx) loads each screen from here.
import { paths } from '@/config/paths'

export const layoutCode = () => import('./layout/protected-layout')

export const screenCode = {
  [paths.recommendations]: () =>
    import('@/features/recommendations/components/recommendations-screen'),
  [paths.dashboard]: () => import('@/app/routes/dashboard'),
  [paths.siteAudit]: () => import('@/features/site-audit/components/site-audit-screen'),
  [paths.keywords]: () => import('@/features/keywords/components/keywords-screen'),
  [paths.keywordPlanner]: () => import('@/features/planner/components/planner-screen'),
  [paths.rankTracker]: () => import('@/features/rank-tracker/components/rank-tracker-screen'),
  [paths.rankTrackerGrid]: () => import('@/features/geo-grid/components/geo-grid-screen'),
  [paths.backlinks]: () => import('@/features/backlinks/components/backlinks-screen'),
  [paths.listings]: () => import('@/features/listings/components/listings-screen'),
  [paths.reviews]: () => import('@/features/business-profile/components/reviews-screen'),
  [paths.posts]: () => import('@/features/business-profile/components/posts-screen'),
  [paths.reports]: () => import('@/app/routes/reports'),
  [paths.settings]: () => import('@/app/routes/settings'),
  [paths.newBusiness]: () => import('@/app/routes/new-business'),
  [paths.join]: () => import('@/features/team/components/join-screen'),
  [paths.methods]: () => import('@/features/methods/components/methods-screen'),
  [paths.competitors]: () => import('@/features/competitors/components/competitors-screen'),
}

/** The screen a signed-in owner who opens `pathname` sees first: '/' sends them to the dashboard. */
export function firstScreenOf(pathname: string): string {
  return pathname === paths.landing ? paths.dashboard : pathname
}

/** The code of the screen at `pathname`, if one is there. */
export function screenCodeAt(pathname: string): (() => Promise<unknown>) | undefined {
  return Object.hasOwn(screenCode, pathname)
    ? screenCode[pathname as keyof typeof screenCode]
    : undefined
}

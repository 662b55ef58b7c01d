import { render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { AppProvider, type AppState } from '@/app/provider'
import { AppRoutes, loadScreenCode } from '@/app/router'
import { paths as routes } from '@/config/paths'

/**
 * What screens load after their first render (the chart library's parts): loaded ahead with the
 * screen, so a test that reads a chart does not wait for it to be compiled.
 */
const LATER_PARTS: Record<string, () => Promise<unknown>> = {
  [routes.rankTracker]: () =>
    Promise.all([
      import('@/features/rank-tracker/components/trend-lines'),
      import('@/features/rank-tracker/components/map-pack-chart'),
    ]),
  [routes.keywordPlanner]: () => import('@/features/planner/components/intent-bars'),
  [routes.reviews]: () => import('@/features/business-profile/components/reviews-months-bars'),
}

/**
 * Loads the code-split signed-in layout and the screen at `path` (or several), for a test file's
 * beforeAll: the first render then finds its code compiled instead of waiting for it, which took
 * seconds on a loaded machine and outlasted findBy's one second (issue 30).
 */
export async function loadScreens(...paths: string[]): Promise<void> {
  await Promise.all(
    paths.flatMap((path) => [loadScreenCode(path), LATER_PARTS[path]?.() ?? Promise.resolve()]),
  )
}

/**
 * findBy's options for the first card of Settings: the screen renders every card at once (the
 * country and time zone lists among them), over a second on a loaded machine even with its code
 * loaded.
 */
export const settingsScreenWait = { timeout: 5000 }

/**
 * Renders the whole app (providers, guards, layout, screens) at a path, like a page load; `state`
 * is the cache and auth store main.tsx would have made (and maybe preloaded) first.
 */
export function renderApp(path = '/', state?: AppState) {
  const location = { pathname: path }
  function LocationProbe() {
    location.pathname = useLocation().pathname
    return null
  }
  const view = render(
    <AppProvider state={state}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  )
  return { ...view, pathname: () => location.pathname }
}

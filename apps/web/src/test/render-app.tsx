import { render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { AppProvider, type AppState } from '@/app/provider'
import { AppRoutes } from '@/app/router'

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

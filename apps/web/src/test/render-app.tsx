import { render } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'

/** Renders the whole app (providers, guards, layout, screens) at a path, like a page load. */
export function renderApp(path = '/') {
  const location = { pathname: path }
  function LocationProbe() {
    location.pathname = useLocation().pathname
    return null
  }
  const view = render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  )
  return { ...view, pathname: () => location.pathname }
}

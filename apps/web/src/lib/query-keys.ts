// Roots of the query keys that more than one part of the app touches. Dependency-free, so the
// provider can invalidate by prefix without pulling API code into the landing bundle.
import type { GoogleService } from '@localseo/shared/integrations'

export const dashboardKey = ['dashboard'] as const

export const integrationsKey = ['integrations'] as const

/** Simulated Google data: ['integrations', service, businessId, locationId]. */
export const googleDataKey = (service: GoogleService) => [...integrationsKey, service] as const

/** Everything derived from the business: refetched whenever the saved business changes. */
export const businessDerivedKeys = [
  dashboardKey,
  googleDataKey('search-console'),
  googleDataKey('analytics'),
] as const

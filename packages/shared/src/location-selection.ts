// Location selection, one function for every screen (docs/product.md §4 "Location selection").
import type { Business, Location } from './business.js'

export const MAIN_LOCATION = 'main'

export interface ResolvedLocation {
  /** 'main' for the business itself, otherwise the location id. */
  id: string
  /** '{business name} (Main)' for the business itself, otherwise the location name. */
  label: string
  name: string
  address: string
  city: string
  state: string
  zip: string
  /** ISO 3166-1 alpha-2: the location's, which starts as the business's. */
  country: string
  phone: string
  isMain: boolean
  location?: Location
}

/**
 * 'main', an empty id or an unknown id mean the business itself; otherwise the chosen location
 * overrides address, city, state, zip, country and phone, falling back to the business phone.
 */
export function resolveLocation(business: Business, locationId?: string | null): ResolvedLocation {
  const location =
    locationId && locationId !== MAIN_LOCATION
      ? business.locations.find((l) => l.id === locationId)
      : undefined
  if (!location) {
    return {
      id: MAIN_LOCATION,
      label: mainLocationLabel(business),
      name: business.name,
      address: business.address,
      city: business.city,
      state: business.state,
      zip: business.zip,
      country: business.country,
      phone: business.phone,
      isMain: true,
    }
  }
  return {
    id: location.id,
    label: location.name,
    name: location.name,
    address: location.address,
    city: location.city,
    state: location.state,
    zip: location.zip,
    country: location.country,
    phone: location.phone || business.phone,
    isMain: false,
    location,
  }
}

export function mainLocationLabel(business: Pick<Business, 'name'>): string {
  return `${business.name} (Main)`
}

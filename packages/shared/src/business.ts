// Business and location shapes shared by the server and the web app (docs/product.md §3). In
// zod/mini: every signed-in screen parses the business, the dashboard's first screen too
// (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'

export const BUSINESS_CATEGORIES = [
  'Accounting & Tax Services',
  'Automotive',
  'Beauty & Personal Care',
  'Construction & Home Improvement',
  'Dental',
  'Education & Tutoring',
  'Fitness & Wellness',
  'Food & Restaurant',
  'Healthcare & Medical',
  'Home Services',
  'Legal Services',
  'Manufacturing',
  'Marketing & Advertising',
  'Pet Services',
  'Real Estate',
  'Retail',
  'Technology',
  'Travel & Hospitality',
  'Other',
] as const

export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number]

/**
 * A business's or location's coordinates as the API answers them (issue 17 item 3; the pin's input
 * is coordinates.ts): null (or left out, in fixtures older than them) until a pin or a map result
 * sets them.
 */
const coordinateFields = {
  lat: z.nullish(z.number()),
  lng: z.nullish(z.number()),
  placeId: z.nullish(z.string()),
}

export const locationSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** ISO 3166-1 alpha-2 (docs/decisions/017-countries-and-addresses.md). */
  country: z._default(z.string(), 'US'),
  phone: z.string(),
  /** The location's own page on the website, '' when none (issue 11: the site audit starts there). */
  pageUrl: z._default(z.string(), ''),
  /** Where it is (issue 17 item 3): null until a pin in Settings or a map result sets it. */
  ...coordinateFields,
})

export type Location = z.infer<typeof locationSchema>

export const businessSchema = z.object({
  /** Empty until the owner first saves the business. */
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** ISO 3166-1 alpha-2 (docs/decisions/017-countries-and-addresses.md); the locations' default. */
  country: z._default(z.string(), 'US'),
  /** IANA time zone, e.g. 'America/Chicago': the business's calendar for daily jobs. */
  timeZone: z._default(z.string(), 'America/New_York'),
  phone: z.string(),
  website: z.string(),
  category: z.string(),
  /** 'Services you offer' (issue 15 item 5): the owner's own words; see business-terms.ts. */
  services: z._default(z.array(z.string()), []),
  /** Where the main business is (issue 17 item 3): null until a pin or a map result sets it. */
  ...coordinateFields,
  locations: z.array(locationSchema),
})

export type Business = z.infer<typeof businessSchema>

/**
 * docs/product.md §3: the empty business has all text empty and no locations; its country and time
 * zone are the defaults a new row gets (the forms start from the browser's instead).
 */
export const emptyBusiness: Business = {
  id: '',
  name: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  timeZone: 'America/New_York',
  phone: '',
  website: '',
  category: '',
  services: [],
  lat: null,
  lng: null,
  placeId: null,
  locations: [],
}

/** Every feature screen needs a business name (docs/product.md §1). */
export function hasBusinessName(business: Pick<Business, 'name'> | null | undefined): boolean {
  return Boolean(business?.name.trim())
}

/** What is left of the sample data a new business starts with (issue 15 item 2). */
export const sampleDataSchema = z.object({
  backlinks: z.int(),
  keywords: z.int(),
  /** True while the Local Listings screen shows sample platforms. */
  listings: z.boolean(),
  /** When the owner removed it, or null. */
  removedAt: z.nullable(z.string()),
})
export type SampleData = z.infer<typeof sampleDataSchema>

/** GET and PUT /api/business, PUT /api/business/coordinates: the business with its locations. */
export const businessResponseSchema = z.object({ business: businessSchema })
export type BusinessResponse = z.infer<typeof businessResponseSchema>

/** Every /api/business/locations answer: the whole, updated list. */
export const locationsResponseSchema = z.object({ locations: z.array(locationSchema) })
export type LocationsResponse = z.infer<typeof locationsResponseSchema>

/** GET and DELETE /api/business/sample-data. */
export const sampleDataResponseSchema = z.object({ sampleData: sampleDataSchema })

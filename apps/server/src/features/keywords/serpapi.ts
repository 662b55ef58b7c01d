// SerpApi (https://serpapi.com/search-api): `engine=google` for the organic results searched from a
// place (`location`, `gl`, `hl`, 10 a page with `start`), `engine=google_maps` with `type=search` and
// `ll=@lat,lng,zoomz` for the map. The key goes in `api_key`. Every search is one of the plan's
// searches. Answers: `organic_results[].position/link`, `local_results[].position/title/place_id/
// gps_coordinates/phone/address/type/types/rating/reviews/website` (or `place_results` when the
// search lands on one place), and `error` for a search that did not work.
import { z } from 'zod'
import {
  RESULTS_PER_PAGE,
  googleCountry,
  mapPoint,
  searchLocation,
  type FoundPlace,
  type SerpAdapter,
} from './serp-provider.js'

export const SERPAPI_BASE_URL = 'https://serpapi.com'

/** SerpApi's answer when Google had nothing for the search: an empty page, not a failure. */
const NO_RESULTS = /hasn't returned any results/i

const organicSchema = z.object({
  organic_results: z
    .array(z.object({ position: z.number().int().positive(), link: z.string() }))
    .default([]),
})

const placeSchema = z.object({
  position: z.number().int().positive().optional(),
  title: z.string(),
  place_id: z.string().nullish(),
  gps_coordinates: z.object({ latitude: z.number(), longitude: z.number() }).nullish(),
  phone: z.string().nullish(),
  address: z.string().nullish(),
  type: z.string().nullish(),
  types: z.array(z.string()).nullish(),
  rating: z.number().nullish(),
  reviews: z.number().int().nonnegative().nullish(),
  website: z.string().nullish(),
})

const mapSchema = z.object({
  local_results: z.array(placeSchema).optional(),
  place_results: placeSchema.optional(),
})

function toPlace(place: z.infer<typeof placeSchema>, index: number): FoundPlace {
  return {
    position: place.position ?? index + 1,
    name: place.title,
    placeId: place.place_id ?? null,
    lat: place.gps_coordinates?.latitude ?? null,
    lng: place.gps_coordinates?.longitude ?? null,
    phone: place.phone ?? null,
    address: place.address ?? null,
    categories: place.types ?? (place.type ? [place.type] : []),
    rating: place.rating ?? null,
    reviewCount: place.reviews ?? null,
    website: place.website ?? null,
  }
}

function searchUrl(base: string, params: Record<string, string>): URL {
  const url = new URL('/search.json', base)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url
}

export const serpApiAdapter: SerpAdapter = {
  label: 'SerpApi',
  organicRequest: (query, page, base, key) => ({
    url: searchUrl(base, {
      engine: 'google',
      q: query.keyword,
      location: searchLocation(query),
      gl: googleCountry(query.country),
      hl: 'en',
      num: String(RESULTS_PER_PAGE),
      start: String(page * RESULTS_PER_PAGE),
      api_key: key,
    }),
  }),
  readOrganic(body) {
    const { organic_results } = organicSchema.parse(body)
    return organic_results
  },
  mapRequest: (query, base, key) => ({
    url: searchUrl(base, {
      engine: 'google_maps',
      type: 'search',
      q: query.keyword,
      ll: mapPoint(query),
      gl: googleCountry(query.country),
      hl: 'en',
      api_key: key,
    }),
  }),
  readPlaces(body) {
    const { local_results, place_results } = mapSchema.parse(body)
    if (local_results) return local_results.map(toPlace)
    return place_results ? [toPlace(place_results, 0)] : []
  },
  reportedError(body) {
    const error = (body as { error?: unknown } | null)?.error
    if (typeof error !== 'string' || NO_RESULTS.test(error)) return null
    return error
  },
}

// Serper (https://serper.dev): POST google.serper.dev `/search` for the organic results searched
// from a place (`q`, `gl`, `hl`, `location`, 10 a page with `page` from 1) and `/maps` with
// `ll=@lat,lng,zoomz` for the map; the key goes in the `X-API-KEY` header. Answers:
// `organic[].position/link` and `places[].position/title/placeId|cid/latitude/longitude/
// phoneNumber/address/type|types|category/rating/ratingCount/website`; errors come as a non-2xx status with a `message`.
import { z } from 'zod'
import {
  RESULTS_PER_PAGE,
  googleCountry,
  mapPoint,
  searchLocation,
  type SerpAdapter,
  type SerpRequest,
} from './serp-provider.js'

export const SERPER_BASE_URL = 'https://google.serper.dev'

const organicSchema = z.object({
  organic: z
    .array(z.object({ position: z.number().int().positive(), link: z.string() }))
    .default([]),
})

const mapSchema = z.object({
  places: z
    .array(
      z.object({
        position: z.number().int().positive().optional(),
        title: z.string(),
        placeId: z.string().nullish(),
        cid: z.string().nullish(),
        latitude: z.number().nullish(),
        longitude: z.number().nullish(),
        phoneNumber: z.string().nullish(),
        address: z.string().nullish(),
        type: z.string().nullish(),
        types: z.array(z.string()).nullish(),
        category: z.string().nullish(),
        rating: z.number().nullish(),
        ratingCount: z.number().int().nonnegative().nullish(),
        website: z.string().nullish(),
      }),
    )
    .default([]),
})

function post(base: string, path: string, key: string, body: object): SerpRequest {
  return {
    url: new URL(path, base),
    init: {
      method: 'POST',
      headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  }
}

export const serperAdapter: SerpAdapter = {
  label: 'Serper',
  organicRequest: (query, page, base, key) =>
    post(base, '/search', key, {
      q: query.keyword,
      location: searchLocation(query),
      gl: googleCountry(query.country),
      hl: 'en',
      num: RESULTS_PER_PAGE,
      page: page + 1,
    }),
  readOrganic(body) {
    return organicSchema.parse(body).organic
  },
  mapRequest: (query, base, key) =>
    post(base, '/maps', key, {
      q: query.keyword,
      ll: mapPoint(query),
      gl: googleCountry(query.country),
      hl: 'en',
    }),
  readPlaces(body) {
    return mapSchema.parse(body).places.map((place, i) => ({
      position: place.position ?? i + 1,
      name: place.title,
      placeId: place.placeId ?? place.cid ?? null,
      lat: place.latitude ?? null,
      lng: place.longitude ?? null,
      phone: place.phoneNumber ?? null,
      address: place.address ?? null,
      categories: place.types ?? [place.type ?? place.category].filter((c) => c != null),
      rating: place.rating ?? null,
      reviewCount: place.ratingCount ?? null,
      website: place.website ?? null,
    }))
  },
  reportedError: () => null,
}

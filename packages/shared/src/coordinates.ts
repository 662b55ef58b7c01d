// Where a business or location is (issue 17 item 3): latitude and longitude, both or neither, set by a
// pin in Settings or taken from a map-pack result. Shared by the Settings pin and the server.
import { z } from 'zod'

const latitude = z
  .number({ message: 'Latitude must be a number.' })
  .min(-90, 'Latitude is between -90 and 90.')
  .max(90, 'Latitude is between -90 and 90.')
const longitude = z
  .number({ message: 'Longitude must be a number.' })
  .min(-180, 'Longitude is between -180 and 180.')
  .max(180, 'Longitude is between -180 and 180.')

/** What a pin saves: a point, or null for both to clear it. */
export const coordinatesInputSchema = z
  .object({ lat: latitude.nullable(), lng: longitude.nullable() })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.lat === null) === (value.lng === null)) return
    const missing = value.lat === null ? 'lat' : 'lng'
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'Give both latitude and longitude, or neither.',
    })
  })

export type CoordinatesInput = z.infer<typeof coordinatesInputSchema>

/** A point on the map. */
export interface LatLng {
  lat: number
  lng: number
}

/** The point of something that has coordinates, or null when it has none yet. */
export function pointOf(place: { lat?: number | null; lng?: number | null }): LatLng | null {
  return place.lat == null || place.lng == null ? null : { lat: place.lat, lng: place.lng }
}

/** '30.26720, -97.74310': five decimals are about a metre. */
export function formatPoint(point: LatLng): string {
  return `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`
}

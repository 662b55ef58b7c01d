import { describe, expect, test } from 'vitest'
import type { MapPackQuery } from './rank-provider.js'
import { MAP_PACK_RESULTS, simulateMapPack } from './simulated-map-pack.js'

const at = { lat: 30.2672, lng: -97.7431 }
const query: MapPackQuery = {
  businessId: 'b1',
  locationId: 'main',
  keyword: 'dentist austin',
  country: 'US',
  ...at,
  zoom: 13,
  day: '2026-03-10',
  match: {
    name: 'Bright Smile Dental',
    phone: null,
    address: null,
    website: null,
    placeId: null,
    ...at,
  },
}
/** About `km` kilometres north of the business. */
const north = (km: number) => ({ ...query, lat: at.lat + km / 111.2 })

describe('simulated map pack', () => {
  test('is the same for the same point and day', () => {
    expect(simulateMapPack(north(2))).toEqual(simulateMapPack(north(2)))
  })

  test('ranks the business near the top where it is and out of the results far away', () => {
    const here = simulateMapPack(query)
    const far = simulateMapPack(north(15))
    if (here.status !== 'ok' || far.status !== 'ok') throw new Error('the simulation never fails')
    expect(here.position).not.toBeNull()
    expect(here.position!).toBeLessThanOrEqual(7)
    expect(here.business?.name).toBe('Bright Smile Dental')
    expect(here.places[here.position! - 1]?.name).toBe('Bright Smile Dental')
    expect(far.position).toBeNull()
    expect(far.business).toBeNull()
    expect(far.places).toHaveLength(MAP_PACK_RESULTS)
    expect(far.places.map((p) => p.name)).not.toContain('Bright Smile Dental')
  })

  test('lists the same competitors by name, numbered in order', () => {
    const result = simulateMapPack(north(3))
    if (result.status !== 'ok') throw new Error('the simulation never fails')
    expect(result.places.map((p) => p.position)).toEqual(
      Array.from({ length: MAP_PACK_RESULTS }, (_, i) => i + 1),
    )
    expect(new Set(result.places.map((p) => p.name)).size).toBe(MAP_PACK_RESULTS)
    expect(result.places.some((p) => p.name.endsWith(' Dentist'))).toBe(true)
  })
})

test("competitors are of the business's own category and some carry its city (issue 34 item 7)", () => {
  const result = simulateMapPack({ ...north(3), category: 'Dental', city: 'Austin' })
  if (result.status !== 'ok') throw new Error('the simulation never fails')
  const others = result.places.filter((p) => p.name !== query.match.name)
  expect(others.every((p) => p.categories[0] === 'Dental')).toBe(true)
  expect(
    others.some((p) => p.name === 'Austin Dental Co.' || p.name === 'Austin Dental Group'),
  ).toBe(true)
  for (const place of others) {
    expect(place.rating).toBeGreaterThanOrEqual(3.6)
    expect(place.reviewCount).toBeGreaterThan(0)
  }
  // A competitor's review count grows from one month to the next, never shrinks.
  const later = simulateMapPack({
    ...north(3),
    category: 'Dental',
    city: 'Austin',
    day: '2026-06-10',
  })
  if (later.status !== 'ok') throw new Error('the simulation never fails')
  const count = (r: typeof result, name: string) =>
    r.places.find((p) => p.name === name)?.reviewCount
  const named = others[0]!.name
  expect(count(later, named)).toBeGreaterThanOrEqual(count(result, named)!)
})

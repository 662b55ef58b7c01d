import { describe, expect, test } from 'vitest'
import { coordinatesInputSchema } from './coordinates.js'
import {
  gridPoints,
  NOT_FOUND_RANK,
  formatUsd,
  positionBand,
  queryPrice,
  scanCost,
  scanInputSchema,
  summarizeScan,
  type SummaryPoint,
} from './geo-grid.js'

const KM_PER_DEGREE_LAT = 111.195

describe('coordinates input', () => {
  test('accepts a point, or null for both', () => {
    expect(coordinatesInputSchema.parse({ lat: 30.2672, lng: -97.7431 })).toEqual({
      lat: 30.2672,
      lng: -97.7431,
    })
    expect(coordinatesInputSchema.parse({ lat: null, lng: null })).toEqual({ lat: null, lng: null })
  })

  test.each([
    [{ lat: 91, lng: 0 }, 'lat', 'Latitude is between -90 and 90.'],
    [{ lat: -90.5, lng: 0 }, 'lat', 'Latitude is between -90 and 90.'],
    [{ lat: 0, lng: 180.1 }, 'lng', 'Longitude is between -180 and 180.'],
    [{ lat: 10, lng: null }, 'lng', 'Give both latitude and longitude, or neither.'],
    [{ lat: null, lng: 10 }, 'lat', 'Give both latitude and longitude, or neither.'],
    [{ lat: '10', lng: 10 }, 'lat', 'Latitude must be a number.'],
  ])('refuses %j', (input, path, message) => {
    const result = coordinatesInputSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ path: [path], message })
  })

  test('the bounds themselves are valid', () => {
    expect(coordinatesInputSchema.safeParse({ lat: -90, lng: 180 }).success).toBe(true)
    expect(coordinatesInputSchema.safeParse({ lat: 90, lng: -180 }).success).toBe(true)
  })
})

describe('grid points', () => {
  test('a 5x5 grid at the equator: 1 km is the same angle north and east', () => {
    const points = gridPoints({ lat: 0, lng: 0 }, 5, 1)
    expect(points).toHaveLength(25)
    const centre = points[12]!
    expect(centre).toMatchObject({ row: 2, col: 2, lat: 0, lng: 0 })
    const north = points[7]! // row 1, col 2
    const east = points[13]! // row 2, col 3
    expect(north.lat * KM_PER_DEGREE_LAT).toBeCloseTo(1, 3)
    expect(north.lng).toBe(0)
    expect(east.lng * KM_PER_DEGREE_LAT).toBeCloseTo(1, 3)
    expect(points[0]).toMatchObject({ row: 0, col: 0 })
    expect(points[0]!.lat).toBeCloseTo(2 / KM_PER_DEGREE_LAT, 6)
    expect(points[0]!.lng).toBeCloseTo(-2 / KM_PER_DEGREE_LAT, 6)
  })

  test('at 60°N a kilometre east is twice the degrees of longitude', () => {
    const points = gridPoints({ lat: 60, lng: 10 }, 3, 2)
    const centre = points[4]!
    const east = points[5]!
    const south = points[7]!
    expect((centre.lat - south.lat) * KM_PER_DEGREE_LAT).toBeCloseTo(2, 3)
    expect((east.lng - centre.lng) * KM_PER_DEGREE_LAT).toBeCloseTo(4, 3)
    // Measured on the sphere, east is 2 km away too.
    const rad = Math.PI / 180
    const km = 6371 * Math.cos(60 * rad) * (east.lng - centre.lng) * rad
    expect(km).toBeCloseTo(2, 3)
  })
})

describe('scan summary', () => {
  const place = (position: number, name: string) => ({ position, name, placeId: null })
  const top = (names: string[]) => names.map((name, i) => place(i + 1, name))
  const points: SummaryPoint[] = [
    { status: 'ok', position: 1, places: top(['Us', 'A', 'B']) },
    { status: 'ok', position: 3, places: top(['A', 'B', 'Us']) },
    { status: 'ok', position: 5, places: top(['B', 'A', 'C', 'D', 'Us']) },
    { status: 'ok', position: null, places: top(['A', 'C']) },
    { status: 'failed', position: null, places: [] },
    { status: 'deferred', position: null, places: [] },
  ]

  test('average counts a point where the business is not found as 21; failures are left out', () => {
    const summary = summarizeScan(points)
    expect(summary.scanned).toBe(4)
    expect(summary.found).toBe(3)
    expect(summary.averageRank).toBe((1 + 3 + 5 + NOT_FOUND_RANK) / 4)
    expect(summary.top3Share).toBe(0.5)
  })

  test('competitors: the places above the business, most points first', () => {
    expect(summarizeScan(points).competitors).toEqual([
      { name: 'A', points: 3 },
      { name: 'B', points: 2 },
      { name: 'C', points: 2 },
      { name: 'D', points: 1 },
    ])
  })

  test('no scanned point: no average and no share, never 0', () => {
    expect(summarizeScan([{ status: 'failed', position: null, places: [] }])).toEqual({
      scanned: 0,
      found: 0,
      averageRank: null,
      top3Share: null,
      competitors: [],
    })
  })

  test('bands: 1-3, 4-10, 11-20, not found', () => {
    expect([1, 3, 4, 10, 11, 20, null].map(positionBand)).toEqual([
      'top3',
      'top3',
      'top10',
      'top10',
      'top20',
      'top20',
      'none',
    ])
  })
})

describe('scan input', () => {
  const keywordId = '7d0b6f1e-6a57-4d0b-9a57-0b6f1e6a574d'
  test('a 9x9 grid is accepted and costs 81 queries', () => {
    expect(scanInputSchema.parse({ keywordId, gridSize: 9, spacingKm: 1 }).gridSize).toBe(9)
    expect(scanCost(9)).toBe(81)
  })
  test('a grid and spacing from the lists', () => {
    expect(scanInputSchema.parse({ keywordId, gridSize: 5, spacingKm: 0.5 })).toEqual({
      keywordId,
      locationId: 'main',
      gridSize: 5,
      spacingKm: 0.5,
    })
  })
  test.each([
    [{ keywordId, gridSize: 4, spacingKm: 1 }, 'Choose a 3x3, 5x5, 7x7 or 9x9 grid.'],
    [{ keywordId, gridSize: 11, spacingKm: 1 }, 'Choose a 3x3, 5x5, 7x7 or 9x9 grid.'],
    [{ keywordId, gridSize: 5, spacingKm: 3 }, 'Choose a spacing of 0.5, 1, 2 or 5 km.'],
    [{ keywordId: 'x', gridSize: 5, spacingKm: 1 }, 'Choose a tracked keyword.'],
  ])('refuses %j', (input, message) => {
    const result = scanInputSchema.safeParse(input)
    expect(result.error?.issues[0]?.message).toBe(message)
  })
})

describe('query price', () => {
  test('a paid provider costs its list price, with the month it was read', () => {
    expect(queryPrice('Serper', false, undefined)).toEqual({
      usdPerQuery: 0.001,
      source: "Serper's list price (Nov 2026)",
    })
    expect(queryPrice('SerpApi', false, undefined)?.usdPerQuery).toBe(0.015)
  })
  test('the configured price wins over the list price', () => {
    expect(queryPrice('SerpApi', false, 0.004)).toEqual({
      usdPerQuery: 0.004,
      source: 'the configured price',
    })
  })
  test('simulated positions and unknown providers have no price', () => {
    expect(queryPrice('Simulated', true, 0.004)).toBeNull()
    expect(queryPrice('Other', false, undefined)).toBeNull()
    expect(queryPrice('toString', false, undefined)).toBeNull()
  })
  test('money shows cents, or a tenth of a cent below ten cents', () => {
    expect(formatUsd(49 * 0.015)).toBe('$0.73')
    expect(formatUsd(49 * 0.001)).toBe('$0.049')
  })
})

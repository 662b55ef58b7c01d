// The geo-grid's point view with the competitors the owner follows (issue 34 item 1): a column each
// with its position at that point, found by placeKey (its place id, else its normalized name), and
// each place with the category, rating and review count the provider gave.
import type { FollowedCompetitor } from '@localseo/shared/competitors'
import {
  summarizeScan,
  type GridScan,
  type GridSetup,
  type ScanPoint,
} from '@localseo/shared/geo-grid'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { json, namedBusiness, storeSession, stubNetwork } from '@/test/network'
import { GeoGridScreen } from './geo-grid-screen'

const places = [
  {
    position: 1,
    name: 'Summit Dentist',
    placeId: 'summit',
    category: 'Dentist',
    rating: 4.8,
    reviewCount: 1234,
  },
  {
    position: 2,
    name: 'Sunrise Dental',
    placeId: 'own',
    category: 'Dentist',
    rating: 4.6,
    reviewCount: 88,
  },
  // No place id from this provider: found by its name, however it was written.
  {
    position: 3,
    name: 'The Oak Hill Dentist, LLC',
    placeId: null,
    category: null,
    rating: null,
    reviewCount: 1,
  },
]

const points: ScanPoint[] = [0, 1, 2, 3].map((i) => ({
  row: Math.floor(i / 2),
  col: i % 2,
  lat: 30 + i / 100,
  lng: -97,
  status: i === 3 ? 'failed' : 'ok',
  position: i === 3 ? null : 2,
  reason: i === 3 ? 'SerpApi timed out.' : null,
  checkedAt: '2026-11-25T10:00:03.000Z',
  // The second point's search did not return Summit Dentist.
  places: i === 3 ? [] : i === 1 ? places.slice(1) : places,
}))

const scan: GridScan = {
  id: 'scan-1',
  locationId: 'loc_1',
  locationLabel: 'Sunrise Dental - Downtown',
  keyword: 'dentist austin',
  keywordKey: 'dentist austin',
  gridSize: 2,
  spacingKm: 1,
  center: { lat: 30.01, lng: -97 },
  status: 'done',
  simulated: false,
  sourceLabel: 'SerpApi',
  scheduled: false,
  error: null,
  pointsDone: 4,
  pointsTotal: 4,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:00:05.000Z',
  summary: summarizeScan(points),
}

const setup: GridSetup = {
  keywords: [
    { id: '7d0b6f1e-6a57-4d0b-9a57-0b6f1e6a574d', keyword: 'dentist austin', locationId: 'loc_1' },
  ],
  locations: [{ id: 'loc_1', label: 'Sunrise Dental - Downtown', point: { lat: 30, lng: -97 } }],
  budget: null,
  simulated: false,
  sourceLabel: 'SerpApi',
  price: null,
  tiles: null,
}

function renderScreen(followed: FollowedCompetitor[]) {
  storeSession()
  const asked: string[] = []
  stubNetwork({
    'GET /api/geo-grid/setup': () => json(setup),
    'GET /api/geo-grid/scans': () => json({ scans: [scan], nextBefore: null }),
    'GET /api/geo-grid/scans/scan-1': () => json({ scan, points }),
    'GET /api/competitors/followed': (request) => {
      asked.push(new URL(request.url).searchParams.get('location') ?? '')
      return json({ followed })
    },
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <GeoGridScreen business={namedBusiness} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return asked
}

const followed: FollowedCompetitor[] = [
  { id: 'c1', name: 'Summit Dentist', key: 'id:summit' },
  { id: 'c2', name: 'Oak Hill Dentist', key: 'name:oak hill dentist' },
  { id: 'c3', name: 'Lakeview Dentist', key: 'id:lakeview' },
]

async function openPoint(name: RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }))
  return screen.getByRole('region', { name })
}

describe("a geo-grid point with the owner's followed competitors", () => {
  test('a column each, with its position there or — where the search did not return it', async () => {
    const asked = renderScreen(followed)
    const panel = await openPoint(/^Row 1, column 1/)
    const table = within(panel).getByRole('table', {
      name: 'Followed competitors at row 1, column 1',
    })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Business', 'You', 'Summit Dentist', 'Oak Hill Dentist', 'Lakeview Dentist'])
    expect(within(table).getByRole('row', { name: /^Position/ }).textContent).toBe(
      'Position#2#1#3—',
    )
    // The followed column is the scan's location's.
    expect(asked).toEqual(['loc_1'])
    // In the pack, followed places are marked, and each place says what the provider said of it.
    const pack = within(panel).getByRole('table', { name: 'Local pack at row 1, column 1' })
    const rows = within(pack).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Summit DentistFollowingDentist · 4.8 stars · 1,234 reviews',
      '2Sunrise DentalYouDentist · 4.6 stars · 88 reviews',
      '3The Oak Hill Dentist, LLCFollowing1 review',
    ])
  })

  test('a followed competitor absent at another point reads —', async () => {
    renderScreen(followed)
    const panel = await openPoint(/^Row 1, column 2/)
    const table = within(panel).getByRole('table', { name: /^Followed competitors/ })
    expect(within(table).getByRole('row', { name: /^Position/ }).textContent).toBe('Position#2—#3—')
  })

  test('no followed column without followed competitors, nor at a point without an answer', async () => {
    renderScreen([])
    const panel = await openPoint(/^Row 1, column 1/)
    expect(within(panel).queryByRole('table', { name: /^Followed competitors/ })).toBeNull()
    expect(within(panel).getByRole('table', { name: /^Local pack/ })).toBeInTheDocument()
  })

  test('a point whose search failed shows no followed column', async () => {
    renderScreen(followed)
    const panel = await openPoint(/^Row 2, column 2/)
    expect(within(panel).queryByRole('table')).toBeNull()
  })
})

import type { GridScan, ScanPoint } from '@localseo/shared/geo-grid'
import { summarizeScan } from '@localseo/shared/geo-grid'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { BusinessTimeZone } from '@/lib/time-zone'
import { HeatMap } from './heat-map'

const RIVALS = ['Summit Dentist', 'Oak Hill Dentist', 'Lakeview Dentist', 'Cedar Park Smiles']

/** The pack seen at a point: the rivals, with the business at `position` when it was found. */
function pack(position: number | null) {
  const names = [...RIVALS]
  if (position !== null) names.splice(position - 1, 0, 'Sunrise Dental')
  return names.map((name, i) => ({
    position: i + 1,
    name,
    placeId: `place-${name}`,
    category: 'Dentist',
    rating: 4.5,
    reviewCount: 100 + i,
  }))
}

function point(i: number, size: number, status: ScanPoint['status'], position: number | null) {
  return {
    row: Math.floor(i / size),
    col: i % size,
    lat: 30 + Math.floor(i / size) / 100,
    lng: -97 + (i % size) / 100,
    status,
    position,
    reason: status === 'failed' ? 'SerpApi timed out.' : null,
    checkedAt: status === 'pending' ? null : '2026-11-25T10:00:03.000Z',
    places: status === 'ok' ? pack(position) : [],
  } satisfies ScanPoint
}

function scanOf(points: ScanPoint[], size: number, overrides: Partial<GridScan> = {}): GridScan {
  return {
    id: 'scan-1',
    locationId: 'main',
    locationLabel: 'Sunrise Dental (Main)',
    keyword: 'dentist austin',
    keywordKey: 'dentist austin',
    gridSize: size,
    spacingKm: 1,
    center: { lat: 30.01, lng: -96.99 },
    status: 'done',
    simulated: false,
    sourceLabel: 'SerpApi',
    scheduled: false,
    error: null,
    pointsDone: points.length,
    pointsTotal: size * size,
    createdAt: '2026-11-25T10:00:00.000Z',
    finishedAt: '2026-11-25T10:00:05.000Z',
    summary: summarizeScan(points),
    ...overrides,
  }
}

const threeByThree = [
  point(0, 3, 'ok', 2),
  point(1, 3, 'ok', null),
  point(2, 3, 'failed', null),
  ...[3, 4, 5, 6, 7, 8].map((i) => point(i, 3, 'ok', 1)),
]

function renderMap(points: ScanPoint[], scan: GridScan) {
  render(
    <BusinessTimeZone value="America/Chicago">
      <HeatMap scan={scan} points={points} tiles={null} />
    </BusinessTimeZone>,
  )
}

describe('a point of the heat map opens', () => {
  test('a click shows the whole pack seen there, when, by which provider, the business marked', async () => {
    renderMap(threeByThree, scanOf(threeByThree, 3))
    await userEvent.click(screen.getByRole('button', { name: /^Row 1, column 1: #2/ }))
    const panel = screen.getByRole('region', { name: 'Row 1, column 1: you are #2' })
    expect(panel).toHaveTextContent('Searched Nov 25, 2026, 4:00 AM with SerpApi')
    const rows = within(panel).getAllByRole('row').slice(1)
    // Each place with what the provider said of it (issue 34 item 1).
    expect(rows.map((row) => row.textContent)).toEqual([
      '1Summit DentistDentist · 4.5 stars · 100 reviews',
      '2Sunrise DentalYouDentist · 4.5 stars · 101 reviews',
      '3Oak Hill DentistDentist · 4.5 stars · 102 reviews',
      '4Lakeview DentistDentist · 4.5 stars · 103 reviews',
      '5Cedar Park SmilesDentist · 4.5 stars · 104 reviews',
    ])
    expect(rows[1]).toHaveAttribute('data-own', 'true')
    expect(rows[0]).not.toHaveAttribute('data-own')
    expect(within(panel).queryByText('Sample')).not.toBeInTheDocument()
    // Focus moves into the panel so a screen reader reads it.
    expect(within(panel).getByRole('heading')).toHaveFocus()
  })

  test('where the business is not found, no entry is marked as it', async () => {
    renderMap(threeByThree, scanOf(threeByThree, 3))
    await userEvent.click(
      screen.getByRole('button', { name: /^Row 1, column 2: not in the top 20/ }),
    )
    const panel = screen.getByRole('region', { name: 'Row 1, column 2: not in the top 20' })
    expect(within(panel).getAllByRole('row')).toHaveLength(RIVALS.length + 1)
    expect(within(panel).queryByText('You')).not.toBeInTheDocument()
  })

  test('a failed point gives its reason instead of a pack', async () => {
    renderMap(threeByThree, scanOf(threeByThree, 3))
    await userEvent.click(screen.getByRole('button', { name: /^Row 1, column 3: check failed/ }))
    const panel = screen.getByRole('region', { name: 'Row 1, column 3: check failed' })
    expect(panel).toHaveTextContent(
      'The search failed: SerpApi timed out. It is left out of the figures.',
    )
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument()
  })

  test('Escape closes it and gives focus back to the point; the keyboard opens it too', async () => {
    renderMap(threeByThree, scanOf(threeByThree, 3))
    const cell = screen.getByRole('button', { name: /^Row 2, column 1: #1/ })
    cell.focus()
    await userEvent.keyboard('{Enter}')
    expect(cell).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('region', { name: 'Row 2, column 1: you are #1' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(cell).toHaveFocus()
    expect(cell).toHaveAttribute('aria-expanded', 'false')
  })

  test('a simulated scan is labelled Sample in the pack', async () => {
    renderMap(threeByThree, scanOf(threeByThree, 3, { simulated: true, sourceLabel: 'Simulated' }))
    await userEvent.click(screen.getByRole('button', { name: /^Row 1, column 1/ }))
    const panel = screen.getByRole('region', { name: /^Row 1, column 1/ })
    expect(panel).toHaveTextContent('with Simulated')
    expect(within(panel).getByText('Sample')).toBeInTheDocument()
  })

  test('a 9x9 grid draws 81 points in nine columns, each of them a button', () => {
    const nine = Array.from({ length: 81 }, (_, i) => point(i, 9, 'ok', (i % 20) + 1))
    renderMap(nine, scanOf(nine, 9))
    const grid = screen.getByRole('list', { name: /on a 9x9 grid/ })
    expect(grid.style.gridTemplateColumns).toBe('repeat(9, minmax(0, 1fr))')
    expect(within(grid).getAllByRole('button')).toHaveLength(81)
  })
})

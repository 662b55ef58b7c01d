import type { GridScan, ScanPoint } from '@localseo/shared/geo-grid'
import { summarizeScan } from '@localseo/shared/geo-grid'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { HeatMap } from './heat-map'
import { ScanSummary } from './scan-summary'

const positions: (number | null | 'failed')[] = [1, 2, 5, null, 3, 12, 'failed', 8, 1]
const places = (position: number | null) =>
  ['Summit Dentist', 'Oak Hill Dentist', 'Lakeview Dentist'].map((name, i) => ({
    position: position !== null && i + 1 >= position ? i + 2 : i + 1,
    name,
    placeId: null,
    category: null,
    rating: null,
    reviewCount: null,
  }))

const points: ScanPoint[] = positions.map((position, i) => ({
  row: Math.floor(i / 3),
  col: i % 3,
  lat: 30 + Math.floor(i / 3) / 100,
  lng: -97 + (i % 3) / 100,
  status: position === 'failed' ? 'failed' : 'ok',
  position: position === 'failed' ? null : position,
  reason: position === 'failed' ? 'The provider timed out.' : null,
  checkedAt: '2026-11-25T10:00:03.000Z',
  places: position === 'failed' ? [] : places(position),
}))

const scan: GridScan = {
  id: 'scan-1',
  locationId: 'main',
  locationLabel: 'Bright Smile Dental (Main)',
  keyword: 'dentist austin',
  keywordKey: 'dentist austin',
  gridSize: 3,
  spacingKm: 1,
  center: { lat: 30.01, lng: -96.99 },
  status: 'done',
  simulated: true,
  sourceLabel: 'Simulated',
  scheduled: false,
  error: null,
  pointsDone: 9,
  pointsTotal: 9,
  createdAt: '2026-11-25T10:00:00.000Z',
  finishedAt: '2026-11-25T10:00:05.000Z',
  summary: summarizeScan(points),
}

describe('heat map without tiles', () => {
  test('one square per point, coloured by position, with the number on it', () => {
    render(<HeatMap scan={scan} points={points} tiles={null} />)
    const grid = screen.getByRole('list', { name: /Positions of 'dentist austin' on a 3x3 grid/ })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(9)
    const cells = within(grid).getAllByRole('button')
    expect(cells).toHaveLength(9)
    expect(cells.map((cell) => cell.querySelector('[aria-hidden]')?.textContent)).toEqual([
      '1',
      '2',
      '5',
      '20+',
      '3',
      '12',
      '!',
      '8',
      '1',
    ])
    expect(cells[0]).toHaveClass('bg-green-700')
    expect(cells[2]).toHaveClass('bg-amber-400')
    expect(cells[3]).toHaveClass('bg-red-700')
    expect(cells[5]).toHaveClass('bg-orange-500')
    expect(cells[6]).toHaveClass('border-dashed')
    expect(cells[3]).toHaveTextContent('Row 2, column 1: not in the top 20')
    expect(cells[6]).toHaveTextContent('check failed (The provider timed out.)')
    // The centre square is the business.
    expect(cells[4]).toHaveClass('ring-2')
    expect(screen.getByText('#11-20')).toBeInTheDocument()
  })
})

describe('scan summary', () => {
  test('average rank with not found as 21, top-3 share and who beats the business', () => {
    render(
      <MemoryRouter>
        <ScanSummary scan={scan} />
      </MemoryRouter>,
    )
    // (1 + 2 + 5 + 21 + 3 + 12 + 8 + 1) / 8 = 6.6; the failed point is left out.
    expect(screen.getByText('Average rank').nextElementSibling).toHaveTextContent('#6.6')
    expect(screen.getByText('In the top 3').nextElementSibling).toHaveTextContent('50%')
    expect(screen.getByText('In the top 3').parentElement).toHaveTextContent('4 of 8 points')
    expect(screen.getByText(/counts as 21 in the average/)).toBeInTheDocument()
    expect(screen.getByText(/1 point without an answer is left out/)).toBeInTheDocument()
    expect(screen.getByText('Simulated')).toBeInTheDocument()
    // Each figure links to its formula on the Methods page.
    expect(
      screen.getByRole('link', { name: 'How is this computed? (average rank)' }),
    ).toHaveAttribute('href', '/methods#average-rank')
    expect(
      screen.getByRole('link', { name: 'How is this computed? (top-3 share)' }),
    ).toHaveAttribute('href', '/methods#top-3-share')
    const competitors = screen.getByRole('heading', { name: 'Who beats you most often' })
      .nextElementSibling as HTMLElement
    const rows = within(competitors).getAllByRole('listitem')
    expect(rows[0]).toHaveTextContent('Summit Dentist')
    expect(rows[0]).toHaveTextContent('6 of 8 points')
    // The Competitors screen of the scan's location (issue 34 item 1).
    expect(screen.getByRole('link', { name: 'See who outranks you' })).toHaveAttribute(
      'href',
      '/competitors?location=main',
    )
  })
})

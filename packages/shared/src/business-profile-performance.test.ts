import { describe, expect, test } from 'vitest'
import {
  addDays,
  changePercent,
  comparePerformance,
  performancePeriods,
  performanceSeries,
  performanceTotals,
  searchTermImpressions,
  type PerformanceDay,
} from './business-profile-performance.js'

const day = (d: string, calls: number, mobileMaps = 0): PerformanceDay => ({
  day: d,
  desktopMaps: 1,
  desktopSearch: 2,
  mobileMaps,
  mobileSearch: 4,
  calls,
  directions: 0,
  websiteClicks: 1,
})

describe('the periods', () => {
  test('28 days up to the last reported day, the 28 before, and 90 for the chart', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(performancePeriods('2026-03-10')).toEqual({
      current: { from: '2026-02-11', to: '2026-03-10' },
      previous: { from: '2026-01-14', to: '2026-02-10' },
      series: { from: '2025-12-11', to: '2026-03-10' },
    })
  })
})

describe('the totals and their change', () => {
  test('a worked example: 56 days, calls 2 a day then 3 a day', () => {
    // 2026-01-14 … 2026-02-10: 2 calls and 3 mobile Maps views a day; 2026-02-11 … 2026-03-10: 3 and 5.
    const days: PerformanceDay[] = []
    for (let i = 0; i < 56; i++) {
      const d = addDays('2026-01-14', i)
      days.push(i < 28 ? day(d, 2, 3) : day(d, 3, 5))
    }
    // A day outside both periods is not counted.
    days.push(day('2026-01-13', 100, 100))
    const compared = comparePerformance(days, '2026-03-10', '2026-01-13')
    expect(compared.current.totals).toEqual({
      desktopMaps: 28,
      desktopSearch: 56,
      mobileMaps: 140,
      mobileSearch: 112,
      impressions: 336,
      maps: 168,
      search: 168,
      mobile: 252,
      desktop: 84,
      calls: 84,
      directions: 0,
      websiteClicks: 28,
    })
    expect(compared.previous?.totals).toMatchObject({ calls: 56, mobileMaps: 84, impressions: 280 })
    expect(compared.change).toMatchObject({
      calls: 50, // 84 against 56
      mobileMaps: 66.7, // 140 against 84
      impressions: 20, // 336 against 280
      desktopMaps: 0,
      directions: null, // 0 against 0: no percentage
    })
  })

  test('no period before when the stored days start inside it', () => {
    const days = [day('2026-03-01', 4)]
    const compared = comparePerformance(days, '2026-03-10', '2026-03-01')
    expect(compared.previous).toBeNull()
    expect(compared.change.calls).toBeNull()
    expect(compared.current.totals.calls).toBe(4)
  })

  test('change in percent, one decimal; none from 0', () => {
    expect(changePercent(120, 100)).toBe(20)
    expect(changePercent(75, 100)).toBe(-25)
    expect(changePercent(1, 3)).toBe(-66.7)
    expect(changePercent(5, 0)).toBeNull()
    expect(performanceTotals([], { from: '2026-01-01', to: '2026-01-28' }).impressions).toBe(0)
  })
})

describe('the chart and the search terms', () => {
  test('90 days oldest first, a day not stored as 0', () => {
    const series = performanceSeries([day('2026-03-10', 7)], '2026-03-10')
    expect(series).toHaveLength(90)
    expect(series[0]).toMatchObject({ day: '2025-12-11', calls: 0, mobileSearch: 0 })
    expect(series.at(-1)).toMatchObject({ day: '2026-03-10', calls: 7 })
  })

  test("a term below Google's threshold reads '< N'", () => {
    expect(searchTermImpressions({ impressions: 1520, below: null })).toBe('1,520')
    expect(searchTermImpressions({ impressions: null, below: 15 })).toBe('< 15')
  })
})

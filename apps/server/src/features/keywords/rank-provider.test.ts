import { describe, expect, test } from 'vitest'
import { addDays, rangeDays } from '@localseo/shared/rank-tracker'
import { parseEnv } from '../../env.js'
import {
  createSimulatedRankProvider,
  simulateRankCheck,
  simulatedPosition,
  type RankQuery,
} from './rank-provider.js'

const query: RankQuery = {
  businessId: 'b1',
  locationId: 'main',
  city: 'Austin',
  country: 'US',
  keyword: 'dental in austin',
  day: '2026-03-10',
  attempt: 1,
}

/** The rate an instance runs with unless SIMULATED_FAILURE_RATE says otherwise. */
const defaultRate = parseEnv({ NODE_ENV: 'production' }).SIMULATED_FAILURE_RATE

describe('simulated rank provider', () => {
  test('the same keyword, location and day always give the same position', async () => {
    const provider = createSimulatedRankProvider({ failureRate: defaultRate })
    const first = await provider.check([query, { ...query, day: '2026-03-09' }])
    const again = await createSimulatedRankProvider({ failureRate: defaultRate }).check([
      query,
      { ...query, day: '2026-03-09' },
    ])
    expect(again).toEqual(first)
    expect(simulatedPosition(query)).toBe(simulatedPosition({ ...query }))
  })

  test('another keyword, location or business ranks differently', () => {
    const days = rangeDays('2026-03-10', 30)
    const series = (q: Partial<RankQuery>) =>
      days.map((day) => simulatedPosition({ ...query, ...q, day }))
    const base = series({})
    expect(series({ keyword: 'best dental near me' })).not.toEqual(base)
    expect(series({ locationId: 'loc_1' })).not.toEqual(base)
    expect(series({ businessId: 'b2' })).not.toEqual(base)
  })

  test('positions stay within 1-100 and drift plausibly from day to day', () => {
    for (const keyword of ['a', 'b', 'c', 'dentist', 'emergency dental austin', 'x'.repeat(40)]) {
      let previous: number | undefined
      for (let i = 0; i < 365; i++) {
        const position = simulatedPosition({ ...query, keyword, day: addDays('2026-01-01', i) })
        expect(position).toBeGreaterThanOrEqual(1)
        expect(position).toBeLessThanOrEqual(100)
        expect(Number.isInteger(position)).toBe(true)
        if (previous !== undefined) expect(Math.abs(position - previous)).toBeLessThanOrEqual(6)
        previous = position
      }
    }
  })

  test('a failed check has no position: never 0 and never "not ranking"', () => {
    const result = simulateRankCheck(query, 1)
    expect(result.status).toBe('failed')
    expect(result).toHaveProperty('reason')
    expect(result).not.toHaveProperty('position')
  })

  test('failures are rare by default, deterministic, and a retry is a new attempt', () => {
    const days = rangeDays('2026-03-10', 365)
    const results = days.map((day) => simulateRankCheck({ ...query, day }, defaultRate))
    const failed = results.filter((r) => r.status === 'failed').length
    expect(failed).toBeGreaterThan(0)
    expect(failed).toBeLessThan(365 * 0.06)
    expect(days.map((day) => simulateRankCheck({ ...query, day }, defaultRate))).toEqual(results)
    const failedDay = days[results.findIndex((r) => r.status === 'failed')]!
    expect(simulateRankCheck({ ...query, day: failedDay, attempt: 2 }, defaultRate).status).toBe(
      'ok',
    )
  })

  test('at rate 0 no check fails', () => {
    const days = rangeDays('2026-03-10', 365)
    expect(days.every((day) => simulateRankCheck({ ...query, day }, 0).status === 'ok')).toBe(true)
  })
})

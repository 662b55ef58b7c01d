// The worked examples here are the ones the Methods page (/methods) shows: change one, change both.
import { describe, expect, test } from 'vitest'
import {
  averageRank,
  NOT_FOUND_RANK,
  positionWeight,
  reviewsPerMonth,
  shareOfLocalVoice,
  SOLV_WEIGHTS,
  tallyRanks,
  top3Share,
  type MeasuredPoint,
} from './local-metrics.js'

const ok = (position: number | null): MeasuredPoint => ({ status: 'ok', position })

/**
 * The Methods page's example scan: five points answered, at positions 1, 2, 5 and 12, and one where
 * the business is not among the 20 places; one point failed and one was deferred by the budget.
 */
const example: MeasuredPoint[] = [
  ok(1),
  ok(2),
  ok(5),
  ok(12),
  ok(null),
  { status: 'failed', position: null },
  { status: 'deferred', position: null },
]

describe('average rank', () => {
  test('the mean over the points that answered, absent counting as 21', () => {
    // (1 + 2 + 5 + 12 + 21) / 5 = 41 / 5 = 8.2; the failed and deferred points are not counted.
    expect(NOT_FOUND_RANK).toBe(21)
    expect(averageRank(example)).toBeCloseTo(8.2, 10)
  })

  test('a failed point never enters, even with a position recorded', () => {
    // (3 + 5) / 2 = 4: the failed point's stale 1 would make it (3 + 5 + 1) / 3 = 3.
    expect(averageRank([ok(3), ok(5), { status: 'failed', position: 1 }])).toBe(4)
  })

  test('null when no point answered', () => {
    expect(averageRank([])).toBeNull()
    expect(averageRank([{ status: 'pending', position: null }])).toBeNull()
  })
})

describe('top-3 share', () => {
  test('the share of answered points in positions 1-3', () => {
    // Positions 1 and 2 are in the top 3; 5, 12 and absent are not: 2 / 5 = 0.4.
    expect(top3Share(example)).toBe(0.4)
  })

  test('position 3 is in, 4 is out', () => {
    // 1 of 2.
    expect(top3Share([ok(3), ok(4)])).toBe(0.5)
  })

  test('null when no point answered', () => {
    expect(top3Share([{ status: 'failed', position: 2 }])).toBeNull()
  })
})

describe('share of local voice', () => {
  test('map pack (Local Falcon) and weighted', () => {
    // Map pack: 2 of 5 points in positions 1-3 = 0.4.
    // Weighted: 1 (pos 1) + 0.8 (pos 2) + 0.2 (pos 5) + 0 (pos 12) + 0 (absent) = 2.0; 2.0 / 5 = 0.4.
    const share = shareOfLocalVoice(example)
    expect(share.mapPack).toBe(0.4)
    expect(share.weighted).toBeCloseTo(0.4, 10)
  })

  test('the weighted share credits order within the pack where the map-pack share does not', () => {
    // Both grids are all in the pack (map pack 1); weighted: 3 x 1 / 3 = 1 against 3 x 0.6 / 3 = 0.6.
    expect(shareOfLocalVoice([ok(1), ok(1), ok(1)])).toEqual({ mapPack: 1, weighted: 1 })
    const third = shareOfLocalVoice([ok(3), ok(3), ok(3)])
    expect(third.mapPack).toBe(1)
    expect(third.weighted).toBeCloseTo(0.6, 10)
  })

  test('each weight as documented', () => {
    expect(
      [1, 2, 3, 4, 10, 11, 20, NOT_FOUND_RANK].map((p) => positionWeight(p, SOLV_WEIGHTS)),
    ).toEqual([1, 0.8, 0.6, 0.2, 0.2, 0, 0, 0])
  })

  test('other weights can be passed', () => {
    // Only position 1 counts: 1 of 2 points = 0.5.
    expect(shareOfLocalVoice([ok(1), ok(2)], [{ upTo: 1, weight: 1 }]).weighted).toBe(0.5)
  })

  test('null both ways when no point answered', () => {
    expect(shareOfLocalVoice([{ status: 'deferred', position: null }])).toEqual({
      mapPack: null,
      weighted: null,
    })
  })
})

describe('reviews per month', () => {
  test('first to last observation, per 30.44 days', () => {
    // 40 reviews on 1 March, 52 on 31 May: 12 more over 91 days = 91 / 30.44 = 2.9895 months;
    // 12 / 2.9895 = 4.014 a month. The count in between (45 on 15 April) does not change it.
    const rate = reviewsPerMonth([
      { at: '2026-05-31T00:00:00Z', reviewCount: 52 },
      { at: '2026-03-01T00:00:00Z', reviewCount: 40 },
      { at: new Date('2026-04-15T00:00:00Z'), reviewCount: 45 },
    ])
    expect(rate).toBeCloseTo(4.014, 3)
  })

  test('reviews removed read as a loss', () => {
    // 30 down to 27 over 30.44 days: -3 a month.
    const rate = reviewsPerMonth([
      { at: new Date(0), reviewCount: 30 },
      { at: new Date(30.44 * 86_400_000), reviewCount: 27 },
    ])
    expect(rate).toBeCloseTo(-3, 10)
  })

  test('null with one observation, or two under a week apart', () => {
    expect(reviewsPerMonth([])).toBeNull()
    expect(reviewsPerMonth([{ at: '2026-03-01T00:00:00Z', reviewCount: 40 }])).toBeNull()
    expect(
      reviewsPerMonth([
        { at: '2026-03-01T00:00:00Z', reviewCount: 40 },
        { at: '2026-03-07T23:59:00Z', reviewCount: 44 },
      ]),
    ).toBeNull()
    // Exactly seven days is enough: 2 reviews over 7 / 30.44 months = 8.697 a month.
    expect(
      reviewsPerMonth([
        { at: '2026-03-01T00:00:00Z', reviewCount: 40 },
        { at: '2026-03-08T00:00:00Z', reviewCount: 42 },
      ]),
    ).toBeCloseTo(8.697, 3)
  })
})

describe('a tally summed over many searches', () => {
  test('gives the same figures as the points it counts', () => {
    const tally = tallyRanks(example)
    // Five answered points: ranks 1, 2, 5 and 12 once each, absent at one.
    expect(tally.answered).toBe(5)
    expect(tally.atRank.slice(0, 12)).toEqual([1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])
    expect(averageRank(tally)).toBeCloseTo(averageRank(example)!, 10)
    expect(top3Share(tally)).toBe(top3Share(example))
    expect(shareOfLocalVoice(tally)).toEqual(shareOfLocalVoice(example))
  })

  test("a competitor's figures over two scans and a daily check, absent where it was not seen", () => {
    // 10 answered searches; the competitor was 1st at 2, 4th at 3, and absent at the other 5:
    // average (2×1 + 3×4 + 5×21) / 10 = 119 / 10 = 11.9; top-3 share 2/10 = 0.2;
    // weighted share (2×1 + 3×0.2 + 5×0) / 10 = 2.6 / 10 = 0.26.
    const atRank = Array.from({ length: 20 }, (_, i) => (i === 0 ? 2 : i === 3 ? 3 : 0))
    const tally = { answered: 10, atRank }
    expect(averageRank(tally)).toBeCloseTo(11.9, 10)
    expect(top3Share(tally)).toBe(0.2)
    expect(shareOfLocalVoice(tally).weighted).toBeCloseTo(0.26, 10)
    expect(averageRank({ answered: 0, atRank: [] })).toBeNull()
  })
})

import { describe, expect, test } from 'vitest'
import { ALERT_TOPIC_LABELS } from './alert-topic-labels.js'
import {
  confirmedDropAlert,
  confirmsDrop,
  mapMoveAlert,
  moveAlert,
  needsConfirmation,
  type RankMove,
} from './confirmed-drops.js'

const organic = (from: number, to: number | null): RankMove => ({
  kind: 'organic',
  keyword: 'dentist austin',
  from,
  to,
})
const map = (from: number, to: number | null): RankMove => ({ ...organic(from, to), kind: 'map' })

describe('which moves wait for a second check', () => {
  test.each([
    ['leaving the top 3', organic(2, 7), true],
    ['leaving the top 10', organic(9, 12), true],
    ['falling 5 places', organic(20, 25), true],
    ['falling 4 places', organic(20, 24), false],
    ['rising 5 places', organic(25, 20), false],
    ['leaving the top 3 of the map pack', map(3, 4), true],
    ['leaving the map results', map(12, null), true],
    ['moving inside the map pack', map(1, 3), false],
    ['rising into the map pack', map(8, 2), false],
  ])('%s: %s', (_, move, waits) => {
    expect(needsConfirmation(move)).toBe(waits)
  })

  test('leaving the top 100 is a drop when it is a fall of 5 places or more past #100', () => {
    expect(moveAlert(organic(2, null))).toEqual({
      kind: 'rank_drop',
      message: "'dentist austin' is no longer in the top 100 (was #2).",
    })
    expect(needsConfirmation(organic(96, null))).toBe(true)
    expect(moveAlert(organic(97, null))).toBeNull()
  })
})

describe('what the map moves say', () => {
  test('leaving the map results comes first, then leaving the top 3; simulated ones say so', () => {
    expect(mapMoveAlert('dentist austin', 2, null)?.message).toBe(
      "'dentist austin' left the map results: not among the places shown (was #2).",
    )
    expect(mapMoveAlert('dentist austin', 2, 6, true)?.message).toBe(
      "'dentist austin' left the top 3 of the map pack: now #6 (was #2, simulated).",
    )
  })
})

describe('a second check confirms a drop by the same rule', () => {
  test.each([
    ['still out of the top 3', organic(2, 7), 8, true],
    ['back in the top 3', organic(2, 7), 3, false],
    ['outside the top 100', organic(2, 7), null, true],
    ['a smaller fall than 5 from the same start', organic(20, 25), 23, false],
    ['map: still out of the pack', map(2, 6), 4, true],
    ['map: back in the pack', map(2, 6), 2, false],
    ['map: back among the results', map(12, null), 15, false],
  ])('%s', (_, move, second, confirmed) => {
    expect(confirmsDrop(move, second)).toBe(confirmed)
  })
})

test('the alert of a confirmed drop names both checks, at the business’s clock', () => {
  const where = { simulated: false, timeZone: 'America/Chicago' }
  const alert = confirmedDropAlert(
    organic(2, 7),
    {
      first: { provider: 'SerpApi', position: 7, at: new Date('2026-03-11T15:12:00Z') },
      second: { provider: 'Serper', position: 8, at: new Date('2026-03-11T15:42:00Z') },
    },
    where,
  )
  expect(alert).toEqual({
    kind: 'rank_drop',
    message:
      "'dentist austin' left the top 3: now #7 (was #2). Checked twice: SerpApi #7 at 10:12, Serper #8 at 10:42.",
  })
  // A rise is never a confirmed drop.
  const check = { provider: 'SerpApi', position: 2, at: new Date() }
  expect(confirmedDropAlert(organic(7, 2), { first: check, second: check }, where)).toBeNull()
})

test('Settings says a drop is checked twice before the owner is told', () => {
  expect(ALERT_TOPIC_LABELS.rankings.detail).toContain(
    'A drop is checked a second time, half an hour later, before you are told',
  )
})

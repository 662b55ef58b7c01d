import { describe, expect, test } from 'vitest'
import { stateForZip, zipMatchesState } from './zip-state.js'

describe('ZIP and state', () => {
  test.each([
    ['78701', 'TX'],
    ['10001', 'NY'],
    ['02108', 'MA'],
    ['90210', 'CA'],
    ['60601-1234', 'IL'],
    ['99501', 'AK'],
  ])('%s is in %s', (zip, state) => {
    expect(stateForZip(zip)).toBe(state)
    expect(zipMatchesState(zip, state)).toBe(true)
  })

  test('a ZIP from another state does not match', () => {
    expect(zipMatchesState('10001', 'TX')).toBe(false)
  })

  test('malformed or unknown ZIP codes are never flagged', () => {
    expect(zipMatchesState('abc', 'TX')).toBe(true)
    expect(zipMatchesState('00001', 'TX')).toBe(true)
  })
})

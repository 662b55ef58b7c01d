import { describe, expect, test } from 'vitest'
import { figureSourceDescription, figureSourceLabel } from './figure-source.js'
import { formatVolume } from './keyword-figures.js'

describe('a keyword data source names itself and the month of its figures (issue 18 item 4)', () => {
  const measured = {
    kind: 'measured',
    at: '2026-11-25T12:00:00.000Z',
    provider: 'DataForSEO (Google Ads)',
    month: '2026-10',
  } as const

  test("'Source: DataForSEO (Google Ads), October 2026'", () => {
    expect(figureSourceLabel(measured)).toBe('Source: DataForSEO (Google Ads), October 2026')
    expect(
      figureSourceDescription({ ...measured, note: 'Searches in United States.' }, 'volume'),
    ).toBe('Source: DataForSEO (Google Ads), October 2026. Searches in United States.')
  })

  test('an estimate standing in for a failed source says why', () => {
    const source = { kind: 'estimate', reason: 'DataForSEO did not answer within 30 s.' } as const
    expect(figureSourceLabel(source)).toBe('Estimate')
    expect(figureSourceDescription(source, 'search volume')).toBe(
      'Estimated search volume: worked out by the built-in engine, not measured. DataForSEO did not answer within 30 s.',
    )
  })

  test("no figures from a source read 'No data', never 0; no estimate reads 'No estimate'", () => {
    expect(formatVolume(null, measured)).toBe('No data')
    expect(formatVolume(null, { kind: 'estimate' })).toBe('No estimate')
    expect(formatVolume(null)).toBe('No estimate')
    expect(formatVolume(1900, measured)).toBe('1,900')
  })
})

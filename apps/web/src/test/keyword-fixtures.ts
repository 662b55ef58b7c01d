// Keyword records as the API sends them (docs/decisions/016-one-keyword-entity.md), for screen tests.
import type { KeywordRecord } from '@localseo/shared/keyword-figures'

export function keywordRecord(
  keyword: string,
  position: number | null,
  previousPosition: number | null,
  overrides: Partial<KeywordRecord> = {},
): KeywordRecord {
  return {
    id: `id-${keyword}`,
    keyword,
    position,
    previousPosition,
    positionSource: position === null ? null : { kind: 'simulated' },
    volume: 300,
    difficulty: 'medium',
    volumeSource: { kind: 'estimate' },
    sample: false,
    tracked: false,
    analysedAt: '2026-03-10T15:00:00.000Z',
    createdAt: '2026-03-10T15:00:00.000Z',
    ...overrides,
  }
}

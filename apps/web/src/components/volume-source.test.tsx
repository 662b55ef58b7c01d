// Where a keyword's volume comes from (issue 18 item 4): with a keyword data source the planner and
// Keyword Analysis say 'Source: DataForSEO (Google Ads), October 2026' beside real volumes and CPC,
// a search with no figures reads 'No data' (never 0), and a keyword the source could not answer
// keeps its estimate with its own 'Estimate' label and the reason.
import type { KeywordAnalysis } from '@localseo/shared/ai'
import type { FigureSource } from '@localseo/shared/keyword-figures'
import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import { moneyFor } from '@localseo/shared/money'
import { render, screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { AnalysisResults } from '@/features/keywords/components/analysis-results'
import { KeywordTable } from '@/features/planner/components/keyword-table'
import { keywordRecord } from '@/test/keyword-fixtures'

const MEASURED: FigureSource = {
  kind: 'measured',
  at: '2026-11-25T12:00:00.000Z',
  provider: 'DataForSEO (Google Ads)',
  month: '2026-10',
}

const idea = (keyword: string, overrides: Partial<PlannerKeyword>): PlannerKeyword => ({
  keyword,
  volume: 1900,
  difficulty: 'medium',
  cpc: 6.85,
  competition: 0.48,
  relevance: 'high',
  intent: 'local',
  trend: 'up',
  volumeSource: MEASURED,
  ...overrides,
})

test('the planner names the source and month of real volumes, and each row that differs', () => {
  render(
    <KeywordTable
      label="Keyword ideas"
      money={moneyFor('US')}
      keywords={[
        idea('dentist austin', {}),
        idea('dentist zilker', { volume: null, cpc: null, difficulty: null, trend: null }),
        idea('dentist austin prices', {
          volume: 320,
          volumeSource: { kind: 'estimate', reason: 'DataForSEO did not answer within 30 s.' },
        }),
      ]}
      actionFor={() => ({ kind: 'save', pending: false })}
      onSave={() => undefined}
      onRemove={() => undefined}
    />,
  )
  const table = screen.getByRole('table', { name: 'Keyword ideas' })
  const header = within(table).getAllByRole('columnheader')[1]
  expect(header).toHaveTextContent('Source: DataForSEO (Google Ads), October 2026')
  const rows = within(table).getAllByRole('row').slice(1)
  expect(rows[0]).toHaveTextContent('1,900')
  expect(rows[0]).toHaveTextContent('$6.85')
  expect(rows[0]).not.toHaveTextContent('Estimate')
  expect(rows[1]).toHaveTextContent('No data')
  expect(rows[1]).not.toHaveTextContent(/\b0\b/)
  expect(rows[2]).toHaveTextContent('320')
  const estimate = within(rows[2] as HTMLElement).getByText('Estimate')
  expect(estimate.closest('[data-source]')).toHaveAttribute(
    'title',
    expect.stringContaining('DataForSEO did not answer within 30 s.') as unknown,
  )
})

test('without a keyword data source the planner says Estimate, as before', () => {
  render(
    <KeywordTable
      label="Keyword ideas"
      money={moneyFor('US')}
      keywords={[idea('dentist austin', { volumeSource: undefined })]}
      actionFor={() => ({ kind: 'save', pending: false })}
      onSave={() => undefined}
      onRemove={() => undefined}
    />,
  )
  const header = within(screen.getByRole('table')).getAllByRole('columnheader')[1]
  expect(header).toHaveTextContent('Estimate')
  expect(header).not.toHaveTextContent('DataForSEO')
})

const analysis: KeywordAnalysis = {
  keyword: 'dentist austin',
  searchVolume: 1900,
  competition: 'Medium',
  relevance: 'High',
  aiAnalysis: 'A strong local search.',
  recommendations: ['Add the search to your home page title.'],
  source: 'built-in',
}

test('Keyword Analysis shows the volume with its source and month, and no data as No data', () => {
  const { rerender } = render(
    <AnalysisResults
      analysis={analysis}
      record={keywordRecord('dentist austin', 4, null, { volume: 1900, volumeSource: MEASURED })}
    />,
  )
  const results = screen.getByRole('region', { name: 'Analysis Results' })
  expect(results).toHaveTextContent('1,900 monthly searches')
  expect(
    within(results).getAllByText('Source: DataForSEO (Google Ads), October 2026'),
  ).toHaveLength(2)
  rerender(
    <AnalysisResults
      analysis={{ ...analysis, searchVolume: null, competition: null }}
      record={keywordRecord('dentist zilker', 4, null, { volume: null, volumeSource: MEASURED })}
    />,
  )
  const empty = screen.getByRole('region', { name: 'Analysis Results' })
  expect(empty).toHaveTextContent('Search VolumeNo data')
  expect(empty).toHaveTextContent('Google Ads has no figures for this search')
})

import type { Business } from '@localseo/shared/business'
import { searchExamples } from '@localseo/shared/business-terms'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import type { AnalyseKeywordResult, KeywordAnalysisRecord } from '@localseo/shared/keywords'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { useRef, useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { useMayChange } from '@/lib/member-role'
import { useAnalyseKeyword } from '../api/analyse-keyword'
import { useKeywordAnalysis } from '../api/get-keyword-analysis'
import { useKeywordSuggestions } from '../api/get-keyword-suggestions'
import { useKeywords } from '../api/get-keywords'
import {
  ANALYSIS_FAILED_MESSAGE,
  EMPTY_KEYWORD_MESSAGE,
  NO_BUSINESS_MESSAGE,
} from '../utils/messages'
import { AnalysisForm } from './analysis-form'
import { AnalysisFailed, AnalysisPending, AnalysisResults } from './analysis-results'
import { KeywordTips } from './keyword-tips'
import { RankingsTable } from './rankings-table'
import { SuggestionsTable } from './suggestions-table'

/** The 'Analysis' tab: the AI keyword analysis, the rankings and the suggestions (docs/product.md §2). */
export function AnalysisTab({
  business,
  named,
  location,
}: {
  business: Business
  named: boolean
  location: ResolvedLocation
}) {
  const [keyword, setKeyword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [result, setResult] = useState<AnalyseKeywordResult | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const analyse = useAnalyseKeyword()
  const mayChange = useMayChange()
  const keywords = useKeywords(named ? business.id : '', location.id)
  const suggestions = useKeywordSuggestions(named ? business.id : '', location.id)

  // The figures and the advice are a job's on the server (issue 36 item 3): read until it finishes.
  const analysis = useKeywordAnalysis(business.id, result?.analysis ?? null)
  const analysing = analyse.isPending || analysis?.status === 'pending'

  function start(text: string) {
    setError(null)
    const done = { onSuccess: setResult, onError: () => setError(ANALYSIS_FAILED_MESSAGE) }
    analyse.mutate({ keyword: text, locationId: location.id }, done)
  }

  function submit() {
    // docs/product.md §5: the keyword first, then the business name.
    if (!keyword.trim()) return setError(EMPTY_KEYWORD_MESSAGE)
    if (!named) return setError(NO_BUSINESS_MESSAGE)
    start(keyword.trim())
  }

  function analyzeSuggestion(suggestion: string) {
    setKeyword(suggestion)
    setError(null)
    window.scrollTo({ top: 0, behavior: 'smooth' })
    inputRef.current?.focus({ preventScroll: true })
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {named ? null : <BusinessRequired />}
      {mayChange ? (
        <AnalysisForm
          keyword={keyword}
          onKeywordChange={setKeyword}
          onSubmit={submit}
          pending={analysing}
          error={error}
          inputRef={inputRef}
          place={named ? location.city : ''}
          example={searchExamples({ ...business, city: location.city }).keyword}
        />
      ) : null}
      {result && analysis ? (
        <AnalysisOutcome
          analysis={analysis}
          // The list's copy is read again until a check the server left to a job lands (issue 36).
          record={keywords.data?.find((k) => k.id === result.keyword.id) ?? result.keyword}
          onRetry={mayChange ? () => start(analysis.keyword) : undefined}
          retrying={analysing}
        />
      ) : null}
      {named ? (
        <>
          <RankingsTable
            keywords={keywords.data ?? []}
            loading={keywords.isPending}
            failed={keywords.isError}
            locationId={location.id}
          />
          <SuggestionsTable
            keywords={suggestions.data ?? []}
            loading={suggestions.isPending}
            failed={suggestions.isError}
            onAnalyze={mayChange ? analyzeSuggestion : undefined}
          />
        </>
      ) : null}
      <KeywordTips />
    </div>
  )
}

/** The Analysis Results panel as the analysis's job left it: pending, failed or done. */
function AnalysisOutcome({
  analysis,
  record,
  onRetry,
  retrying,
}: {
  analysis: KeywordAnalysisRecord
  record: KeywordRecord
  onRetry: (() => void) | undefined
  retrying: boolean
}) {
  if (analysis.result) return <AnalysisResults analysis={analysis.result} record={record} />
  if (analysis.status === 'pending') return <AnalysisPending keyword={analysis.keyword} />
  return (
    <AnalysisFailed
      keyword={analysis.keyword}
      reason={analysis.failure ?? ANALYSIS_FAILED_MESSAGE}
      onRetry={onRetry}
      retrying={retrying}
    />
  )
}

import type { Business } from '@localseo/shared/business'
import { searchExamples } from '@localseo/shared/business-terms'
import type { AnalyseKeywordResult } from '@localseo/shared/keywords'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { useRef, useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { useMayChange } from '@/lib/member-role'
import { useAnalyseKeyword } from '../api/analyse-keyword'
import { useKeywordSuggestions } from '../api/get-keyword-suggestions'
import { useKeywords } from '../api/get-keywords'
import {
  ANALYSIS_FAILED_MESSAGE,
  EMPTY_KEYWORD_MESSAGE,
  NO_BUSINESS_MESSAGE,
} from '../utils/messages'
import { AnalysisForm } from './analysis-form'
import { AnalysisResults } from './analysis-results'
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

  function submit() {
    // docs/product.md §5: the keyword first, then the business name.
    if (!keyword.trim()) return setError(EMPTY_KEYWORD_MESSAGE)
    if (!named) return setError(NO_BUSINESS_MESSAGE)
    setError(null)
    analyse.mutate(
      { keyword: keyword.trim(), locationId: location.id },
      {
        onSuccess: setResult,
        onError: () => setError(ANALYSIS_FAILED_MESSAGE),
      },
    )
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
          pending={analyse.isPending}
          error={error}
          inputRef={inputRef}
          place={named ? location.city : ''}
          example={searchExamples({ ...business, city: location.city }).keyword}
        />
      ) : null}
      {result ? (
        <AnalysisResults
          analysis={result.analysis}
          // The list's copy is read again until a check the server left to a job lands (issue 36).
          record={keywords.data?.find((k) => k.id === result.keyword.id) ?? result.keyword}
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

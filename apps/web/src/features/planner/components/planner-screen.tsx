import { hasBusinessName, type Business } from '@localseo/shared/business'
import { searchExamples } from '@localseo/shared/business-terms'
import {
  sortKeywords,
  type PlannerKeyword,
  type PlannerQuery,
} from '@localseo/shared/keyword-engine'
import { conversionNote, moneyFor, type Money } from '@localseo/shared/money'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { showErrorToast } from '@/lib/toast'
import { useSavedKeywords } from '../api/get-saved-keywords'
import { useRemoveSavedKeyword } from '../api/remove-saved-keyword'
import { useSaveKeyword } from '../api/save-keyword'
import { usePlannerSearch } from '../api/search-planner'
import { InsightsPanel } from './insights-panel'
import { KeywordTable, type KeywordTableProps, type RowAction } from './keyword-table'
import { panelId, PlannerTabs, tabId, type PlannerTab } from './planner-tabs'
import { PlannerToolbar } from './planner-toolbar'
import { StrategyPanel } from './strategy-panel'

export const NO_RESULTS_MESSAGE = 'No keywords found. Try a different search term or filter.'
export const NO_SAVED_MESSAGE =
  'No saved keywords yet. Save keywords from search results to see them here.'

/** Keyword Planner (docs/product.md §2). */
/** Downloads the keywords shown; the CSV writer loads when Export is first pressed. */
function exportKeywords(keywords: readonly PlannerKeyword[], money: Money) {
  void import('../utils/export-csv').then(({ downloadKeywordsCsv }) =>
    downloadKeywordsCsv(keywords, money),
  )
}

export function PlannerScreen({ business }: { business: Business }) {
  if (!hasBusinessName(business)) {
    return (
      <section>
        <PageHeader title="Keyword Planner" />
        <BusinessRequired />
      </section>
    )
  }
  return <Planner business={business} />
}

const initialQuery: PlannerQuery = { q: '', intent: 'all', difficulty: 'all', sort: 'volume' }

/** Saving and removing planner keywords, and the action each row offers on each tab. */
function useSavedActions(business: Business, locationId: string, tab: PlannerTab) {
  const saved = useSavedKeywords(business.id, locationId)
  const save = useSaveKeyword(business.id, locationId)
  const remove = useRemoveSavedKeyword(business.id, locationId)
  const savedList = saved.data ?? []
  const idOf = (k: PlannerKeyword) => savedList.find((s) => s.keyword === k.keyword)?.id
  const actionFor = (k: PlannerKeyword): RowAction => {
    if (tab === 'saved') {
      return { kind: 'remove', pending: remove.isPending && remove.variables === idOf(k) }
    }
    if (savedList.some((s) => s.keyword === k.keyword)) return { kind: 'saved' }
    return { kind: 'save', pending: save.isPending && save.variables.keyword === k.keyword }
  }
  const onSave = (k: PlannerKeyword) =>
    save.mutate(
      { keyword: k.keyword, locationId },
      { onError: (error) => showErrorToast(error.message || 'Could not save the keyword.') },
    )
  const onRemove = (k: PlannerKeyword) => {
    const id = idOf(k)
    if (id) remove.mutate(id, { onError: () => showErrorToast('Could not remove the keyword.') })
  }
  return { saved, savedList, actionFor, onSave, onRemove }
}

function Planner({ business }: { business: Business }) {
  const [location, setLocation] = useSelectedLocation(business)
  const [query, setQuery] = useState<PlannerQuery>(initialQuery)
  const [tab, setTab] = useState<PlannerTab>('search')
  const search = usePlannerSearch(business, { ...query, location: location.id })
  const { saved, savedList, actionFor, onSave, onRemove } = useSavedActions(
    business,
    location.id,
    tab,
  )
  // The Saved tab follows the sort too (issue 32 item 9); the search answers sorted already.
  const shown: readonly PlannerKeyword[] =
    tab === 'search' ? (search.data?.keywords ?? []) : sortKeywords(savedList, query.sort)
  // CPCs in the location's country's currency (issue 32 item 5).
  const money = moneyFor(location.country)
  const converted = conversionNote(money)
  // Reading the search again for its missing figures keeps the table as it is.
  const figuresPending = tab === 'search' && search.data?.pending === true
  const loading = tab === 'search' ? search.isFetching && !figuresPending : saved.isPending
  const failed = tab === 'search' ? search.isError : saved.isError

  return (
    <section className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Keyword Planner"
        description={business.name}
        actions={
          business.locations.length > 0 ? (
            <LocationPicker business={business} value={location.id} onChange={setLocation} />
          ) : undefined
        }
      />
      <Card>
        <CardContent>
          <PlannerToolbar
            query={query}
            onChange={setQuery}
            example={searchExamples({ ...business, city: location.city }).service}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <PlannerTabs value={tab} onChange={setTab} savedCount={savedList.length} />
            <Button
              variant="outline"
              disabled={loading || shown.length === 0}
              onClick={() => exportKeywords(shown, money)}
            >
              <Download aria-hidden="true" />
              Export CSV
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            Search volume, difficulty, CPC, competition and trend are estimates, not measured search
            data. CPC is in {money.currency}.{converted ? ` ${converted}` : null}
          </p>
          {figuresPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Getting Google Ads figures for some of these keywords. They appear here in a moment.
            </p>
          ) : null}
          <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} className="min-w-0">
            <PlannerResults
              tab={tab}
              loading={loading}
              failed={failed}
              keywords={shown}
              money={money}
              actions={{ actionFor, onSave, onRemove }}
            />
          </div>
        </CardContent>
      </Card>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <InsightsPanel keywords={loading ? [] : shown} money={money} />
        {tab === 'saved' ? <StrategyPanel keywords={savedList} /> : null}
      </div>
    </section>
  )
}

/** The tab's keyword table, or its loading, failure or empty state. */
function PlannerResults({
  tab,
  loading,
  failed,
  keywords,
  money,
  actions,
}: {
  tab: PlannerTab
  loading: boolean
  failed: boolean
  keywords: readonly PlannerKeyword[]
  money: Money
  actions: Pick<KeywordTableProps, 'actionFor' | 'onSave' | 'onRemove'>
}) {
  if (loading) {
    return <Spinner label={tab === 'search' ? 'Searching keywords…' : 'Loading saved keywords…'} />
  }
  if (failed) return <ErrorAlert>Could not load keywords. Please try again.</ErrorAlert>
  if (keywords.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        {tab === 'search' ? NO_RESULTS_MESSAGE : NO_SAVED_MESSAGE}
      </p>
    )
  }
  return (
    <KeywordTable
      label={tab === 'search' ? 'Search results' : 'Saved keywords'}
      keywords={keywords}
      money={money}
      {...actions}
    />
  )
}

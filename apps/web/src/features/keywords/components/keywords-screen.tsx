import { hasBusinessName, type Business } from '@localseo/shared/business'
import { lazy, Suspense, useId } from 'react'
import { useSearchParams } from 'react-router'
import { BusinessRequired } from '@/components/business-required'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Spinner } from '@/components/ui/spinner'
import { TabList, TabPanel } from '@/components/ui/tabs'
import { AnalysisTab } from './analysis-tab'

// The Search queries tab is its own chunk, and asks the server only once opened (issue 18 item 2).
const SearchQueriesTab = lazy(async () => ({
  default: (await import('./search-queries-tab')).SearchQueriesTab,
}))

type TabValue = 'analysis' | 'search-queries'

const tabs = [
  { value: 'analysis', label: 'Analysis' },
  { value: 'search-queries', label: 'Search queries' },
] as const

/** Keyword Analysis (docs/product.md §2), and the owner's real Google searches (issue 18 item 2). */
export function KeywordsScreen({ business }: { business: Business }) {
  const named = hasBusinessName(business)
  const [location, setLocation] = useSelectedLocation(business)
  // The open tab is in the address (?tab=search-queries), so the dashboard can link to it.
  const [params, setParams] = useSearchParams()
  const tab: TabValue = params.get('tab') === 'search-queries' ? 'search-queries' : 'analysis'
  const setTab = (next: TabValue) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'analysis') updated.delete('tab')
        else updated.set('tab', next)
        return updated
      },
      { replace: true },
    )
  const id = useId()

  return (
    <section className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Keyword Analysis"
        description={named ? business.name : undefined}
        actions={
          named && business.locations.length > 0 ? (
            <LocationPicker business={business} value={location.id} onChange={setLocation} />
          ) : undefined
        }
      />
      <TabList
        idPrefix={id}
        label="Keyword Analysis sections"
        tabs={tabs}
        value={tab}
        onChange={setTab}
      />
      {/* Hidden rather than unmounted: an analysis (an AI call) and the typed keyword survive a
          look at the other tab. */}
      <div hidden={tab !== 'analysis'}>
        <TabPanel idPrefix={id} value="analysis">
          <AnalysisTab business={business} named={named} location={location} />
        </TabPanel>
      </div>
      {tab === 'search-queries' ? (
        <TabPanel idPrefix={id} value="search-queries">
          {named ? (
            <Suspense fallback={<Spinner />}>
              <SearchQueriesTab
                businessId={business.id}
                locationId={location.id}
                isMain={location.isMain}
              />
            </Suspense>
          ) : (
            <BusinessRequired />
          )}
        </TabPanel>
      ) : null}
    </section>
  )
}

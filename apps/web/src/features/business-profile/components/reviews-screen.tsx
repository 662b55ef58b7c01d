// Reviews (issue 33 items 2 and 4, ADR 034): a place's Google reviews as the daily import stored
// them, in figures and as a filtered list with the owner's replies, and a second tab with what to
// send customers for more reviews. The tab and the filters live in the address.
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { MapPin } from 'lucide-react'
import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { TabList, TabPanel } from '@/components/ui/tabs'
import { useReviews, useReviewsSummary } from '../api/reviews'
import { filtersFromParams, ReviewFiltersBar, useFilterSetter } from './review-filters'
import { ReviewRequests } from './review-requests'
import { ReviewsList } from './reviews-list'
import { ImportNotice, NotLinked } from './reviews-source'
import { ReviewsSummaryCard } from './reviews-summary'

const tabs = [
  { value: 'reviews', label: 'Reviews' },
  { value: 'requests', label: 'Get more reviews' },
] as const
type TabValue = (typeof tabs)[number]['value']

export function ReviewsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader title="Reviews" description={business.name || undefined} />
      {hasBusinessName(business) ? <Reviews business={business} /> : <BusinessRequired />}
    </section>
  )
}

function Reviews({ business }: { business: Business }) {
  const [location, setLocation] = useSelectedLocation(business)
  const [params, setParams] = useSearchParams()
  const setFilters = useFilterSetter(setParams)
  const tab: TabValue = params.get('tab') === 'requests' ? 'requests' : 'reviews'
  const id = useId()

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {business.locations.length > 0 ? (
        <LocationPicker
          business={business}
          value={location.id}
          onChange={(next) => {
            setFilters({ page: '' })
            setLocation(next)
          }}
        />
      ) : null}
      {location.isMain ? null : (
        <Alert variant="info">
          <MapPin aria-hidden="true" className="size-4" />
          <AlertDescription>Viewing reviews for: {location.label}</AlertDescription>
        </Alert>
      )}
      <TabList
        idPrefix={id}
        label="Reviews sections"
        tabs={tabs}
        value={tab}
        onChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current)
              if (next === 'reviews') updated.delete('tab')
              else updated.set('tab', next)
              return updated
            },
            { replace: true },
          )
        }
      />
      <TabPanel idPrefix={id} value={tab} className="grid grid-cols-[minmax(0,1fr)] gap-6">
        {tab === 'reviews' ? (
          <PlaceReviews
            businessId={business.id}
            location={location}
            params={params}
            setFilters={setFilters}
          />
        ) : (
          <ReviewRequests businessId={business.id} location={location.id} />
        )}
      </TabPanel>
    </div>
  )
}

function Loading() {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
        <Spinner /> Loading your reviews…
      </CardContent>
    </Card>
  )
}

function PlaceReviews({
  businessId,
  location,
  params,
  setFilters,
}: {
  businessId: string
  location: ResolvedLocation
  params: URLSearchParams
  setFilters: ReturnType<typeof useFilterSetter>
}) {
  const filters = filtersFromParams(params)
  const summary = useReviewsSummary(businessId, location.id)
  const reviews = useReviews(businessId, location.id, filters)

  if (summary.isPending) return <Loading />
  if (summary.isError)
    return <ErrorAlert>Could not load your reviews. Please try again.</ErrorAlert>
  const imported = summary.data.import
  if (!imported) return <NotLinked label={location.label} what="its Google reviews" />
  const filtered = Boolean(
    filters.rating || filters.replied || filters.from || filters.to || filters.q,
  )
  return (
    <>
      <ImportNotice imported={imported} />
      <ReviewsSummaryCard summary={summary.data} />
      <ReviewFiltersBar filters={filters} onChange={setFilters} />
      {reviews.isPending ? (
        <Loading />
      ) : reviews.isError ? (
        <ErrorAlert>
          {reviews.error.message || 'Could not load your reviews. Please try again.'}
        </ErrorAlert>
      ) : (
        <ReviewsList
          page={reviews.data}
          location={location.id}
          loading={reviews.isFetching}
          filtered={filtered}
          onPage={(page) => setFilters({ page: String(page) })}
        />
      )}
    </>
  )
}

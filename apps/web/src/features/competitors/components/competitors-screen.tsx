// Competitors (issue 34 item 1): the businesses a location's map searches return, those most often
// above the owner first, with their figures beside the owner's. The location and the window live in
// the address, so the Rank Tracker and the geo-grid link here with their location.
import { hasBusinessName, type Business } from '@localseo/shared/business'
import {
  COMPETITOR_WINDOWS,
  DEFAULT_COMPETITOR_WINDOW,
  type CompetitorWindow,
} from '@localseo/shared/competitors'
import { MAIN_LOCATION, resolveLocation } from '@localseo/shared/location-selection'
import { ArrowLeft, MapPin } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { LocationPicker } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { buttonClassName } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ToggleButtons } from '@/components/ui/toggle-buttons'
import { paths } from '@/config/paths'
import { useCompetitors } from '../api/competitors'
import { CompetitorsCard } from './competitors-card'

export function CompetitorsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader
        title="Competitors"
        description="The businesses Google Maps shows beside you, and how often they beat you"
        actions={
          <Link
            to={paths.rankTracker}
            className={buttonClassName({ variant: 'outline', size: 'sm' })}
          >
            <ArrowLeft aria-hidden="true" />
            Rank Tracker
          </Link>
        }
      />
      {hasBusinessName(business) ? <Competitors business={business} /> : <BusinessRequired />}
    </section>
  )
}

const windowOf = (value: string | null): CompetitorWindow =>
  COMPETITOR_WINDOWS.find((days) => String(days) === value) ?? DEFAULT_COMPETITOR_WINDOW

function Competitors({ business }: { business: Business }) {
  const [params, setParams] = useSearchParams()
  // A location that no longer exists falls back to main, as on every screen (resolveLocation).
  const location = resolveLocation(business, params.get('location') ?? MAIN_LOCATION)
  const days = windowOf(params.get('days'))
  const competitors = useCompetitors(business.id, location.id, days)
  const set = (key: 'location' | 'days', value: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        updated.set(key, value)
        return updated
      },
      { replace: true },
    )

  return (
    // minmax(0, 1fr): the wide table scrolls inside its card instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {business.locations.length > 0 ? (
          <LocationPicker
            business={business}
            value={location.id}
            onChange={(id) => set('location', id)}
          />
        ) : null}
        <ToggleButtons
          label="Period"
          options={WINDOW_OPTIONS}
          value={days}
          onChange={(next) => set('days', String(next))}
          className="self-start"
        />
      </div>
      {location.isMain ? null : (
        <Alert variant="info">
          <MapPin aria-hidden="true" className="size-4" />
          <AlertDescription>Viewing competitors for: {location.label}</AlertDescription>
        </Alert>
      )}
      {competitors.isPending ? (
        <Card>
          <CardContent className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner /> Finding your competitors…
          </CardContent>
        </Card>
      ) : competitors.isError ? (
        <ErrorAlert>Could not load your competitors. Please try again later.</ErrorAlert>
      ) : competitors.data.searches.gridPoints + competitors.data.searches.dailyChecks === 0 ? (
        <NothingSearched days={days} />
      ) : (
        <CompetitorsCard
          businessId={business.id}
          businessName={location.label}
          data={competitors.data}
        />
      )}
    </div>
  )
}

/** The window of days the figures cover: 30, 90 (the default) or 365. */
const WINDOW_OPTIONS = COMPETITOR_WINDOWS.map((days) => ({
  value: days,
  label: `Last ${days} days`,
}))

/** No map search answered in the window: where competitors come from, and where to start. */
function NothingSearched({ days }: { days: CompetitorWindow }) {
  return (
    <Card>
      <CardContent className="grid gap-3 py-8 text-sm">
        <p className="font-medium">No map searches in the last {days} days yet.</p>
        <p className="text-muted-foreground">
          Your competitors are the businesses Google Maps shows when people search near you. We find
          them in your geo-grid scans and in the daily map checks of the keywords you track.
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-2">
          <Link
            to={paths.rankTrackerGrid}
            className="text-primary underline-offset-4 hover:underline"
          >
            Run a geo-grid scan
          </Link>
          <Link to={paths.rankTracker} className="text-primary underline-offset-4 hover:underline">
            Track keywords in the Rank Tracker
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}

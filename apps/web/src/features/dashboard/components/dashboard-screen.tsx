import { ErrorAlert } from '@/components/error-alert'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { MapPin } from 'lucide-react'
import { lazy, Suspense, type ComponentType } from 'react'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { WhenNear } from '@/components/when-near'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Card, CardContent } from '@/components/ui/card'
import { useGoogleConnections, useGoogleMode } from '@/lib/integrations'
import { useDashboard } from '../api/get-dashboard'
import { BusinessCard } from './business-card'
import { CardLoading } from './card-state'
import { DashboardWelcome } from './dashboard-welcome'
import { IssuesCard } from './issues-card'
import { RecentActivityCard } from './recent-activity-card'
import { ScoreCard } from './score-card'
import { TopKeywordsCard } from './top-keywords-card'

// Only owners with Google connected load the Google cards (google-cards.tsx).
const GoogleCards = lazy(async () => ({ default: (await import('./google-cards')).GoogleCards }))

interface DashboardProps {
  business: Business
  /**
   * Cards of other features for the location shown, composed by the route (app/routes/dashboard.tsx):
   * a feature never imports another (ADR 014). The Business Profile's performance card is one.
   */
  LocationCards?: ComponentType<{ businessId: string; location: ResolvedLocation }>
  /** Buttons of other features beside the location picker, composed by the route: 'Share' is one. */
  HeaderActions?: ComponentType<{ business: Business; location: ResolvedLocation }>
}

/** docs/product.md §2 Dashboard. With no business name it welcomes the user and points to Settings. */
export function DashboardScreen({ business, LocationCards, HeaderActions }: DashboardProps) {
  if (!hasBusinessName(business)) return <DashboardWelcome />
  return (
    <Dashboard business={business} LocationCards={LocationCards} HeaderActions={HeaderActions} />
  )
}

function Dashboard({ business, LocationCards, HeaderActions }: DashboardProps) {
  // docs/product.md §4: the selected location defaults to main; a deleted one falls back to main.
  const [location, setSelected] = useSelectedLocation(business)
  const connections = useGoogleConnections()
  const dashboard = useDashboard(business.id, location.id)
  // Real Google data (issue 18) when the server has a Google client: the imported figures, or
  // 'Reconnect' while Google refuses the saved access; the sample cards only when it simulates.
  const google = useGoogleMode()
  const real = google !== undefined && google.status !== 'simulated' ? google : undefined
  const revoked = real?.status === 'revoked'
  const showAnalytics = revoked || connections.analytics
  const showSearch = revoked || connections.searchConsole

  return (
    <section className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Dashboard"
        description={business.name}
        actions={
          <>
            {business.locations.length > 0 ? (
              <LocationPicker business={business} value={location.id} onChange={setSelected} />
            ) : null}
            {HeaderActions ? <HeaderActions business={business} location={location} /> : null}
          </>
        }
      />
      {location.isMain ? null : (
        <Alert variant="info" role="status" className="-mt-2">
          <MapPin aria-hidden="true" />
          <AlertDescription>Viewing data for: {location.label}</AlertDescription>
        </Alert>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <BusinessCard business={business} />
        </div>
        {/* A failed request shows its error below, never the starting 72 as if it were a score. */}
        {dashboard.isError ? null : (
          <ScoreCard data={dashboard.data} timeZone={business.timeZone} />
        )}
      </div>
      {dashboard.isPending ? (
        <Card>
          <CardContent>
            <CardLoading label="Loading your dashboard…" />
          </CardContent>
        </Card>
      ) : dashboard.isError ? (
        <ErrorAlert>Could not load your dashboard. Please try again later.</ErrorAlert>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <TopKeywordsCard
            keywords={dashboard.data.topKeywords}
            notChecked={dashboard.data.keywordsNotChecked}
          />
          <IssuesCard issues={dashboard.data.issues} businessId={business.id} />
        </div>
      )}
      {google !== undefined && (showAnalytics || showSearch) ? (
        <Suspense fallback={<CardLoading label="Loading your Google data…" />}>
          <GoogleCards
            businessId={business.id}
            location={location}
            real={real}
            showAnalytics={showAnalytics}
            showSearch={showSearch}
          />
        </Suspense>
      ) : null}
      {/* Below the first screen: their code and data load as the owner scrolls to them, once the
          cards above have their height (issue 36 item 6). */}
      {LocationCards && dashboard.data ? (
        <WhenNear minHeight="12rem">
          <Suspense fallback={null}>
            <LocationCards businessId={business.id} location={location} />
          </Suspense>
        </WhenNear>
      ) : null}
      {dashboard.data ? <RecentActivityCard activity={dashboard.data.recentActivity} /> : null}
    </section>
  )
}

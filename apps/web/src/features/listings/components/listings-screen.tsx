import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { ListingEntry } from '@localseo/shared/listings'
import { MapPin } from 'lucide-react'
import { useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useListings } from '../api/get-listings'
import { ListingEditor } from './listing-editor'
import { ListingsTabs } from './listings-tabs'
import { NapCard } from './nap-card'
import { NapWarning } from './nap-warning'

/** Local Listings (docs/product.md §2; issue 9): NAP, business listings, citations and the real consistency. */
export function ListingsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader title="Local Listings" description={business.name || undefined} />
      {hasBusinessName(business) ? <Listings business={business} /> : <BusinessRequired />}
    </section>
  )
}

function Listings({ business }: { business: Business }) {
  const [location, setLocation] = useSelectedLocation(business)
  const listings = useListings(business.id, location.id)
  const [editing, setEditing] = useState<ListingEntry | null>(null)

  return (
    // minmax(0, 1fr): wide tables scroll inside their card instead of widening the page.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {business.locations.length > 0 ? (
        <LocationPicker
          business={business}
          value={location.id}
          onChange={(id) => {
            setEditing(null)
            setLocation(id)
          }}
        />
      ) : null}
      {location.isMain ? null : (
        <Alert variant="info">
          <MapPin aria-hidden="true" className="size-4" />
          <AlertDescription>Viewing listings for: {location.label}</AlertDescription>
        </Alert>
      )}
      {listings.isPending ? (
        <Card>
          <CardContent className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
            <Spinner /> Checking your listings…
          </CardContent>
        </Card>
      ) : listings.isError ? (
        <ErrorAlert>Could not load your listings. Please try again.</ErrorAlert>
      ) : (
        <>
          <NapCard profile={listings.data.profile} />
          <NapWarning view={listings.data} />
          {editing ? (
            <ListingEditor
              key={`${location.id}-${editing.platform}`}
              businessId={business.id}
              location={location.id}
              entry={editing}
              profileAddress={listings.data.profile.address}
              onDone={() => setEditing(null)}
            />
          ) : null}
          <ListingsTabs view={listings.data} onEdit={setEditing} />
        </>
      )}
    </div>
  )
}

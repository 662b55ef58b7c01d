import { addressLine } from '@localseo/shared/address-format'
import type { Business } from '@localseo/shared/business'
import { mainLocationLabel } from '@localseo/shared/location-selection'
import { ChevronDown, ExternalLink, Globe, MapPin, Phone, Tag } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'
import { websiteHref, websiteLabel } from '../utils/format'
import { IconDetail } from '@/components/icon-detail'

/**
 * docs/product.md §2 business card: category, address, phone, website and the locations toggle.
 * One vocabulary (issue 15 item 6, ADR 033): the business's own address is the main, primary
 * location, '(Main)' in the location picker; the list of all locations begins with it, marked
 * 'Primary', and counts it.
 */
export function BusinessCard({ business }: { business: Business }) {
  const [showLocations, setShowLocations] = useState(false)
  const address = addressLine(business)
  const count = business.locations.length + 1

  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>{business.name}</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <IconDetail icon={<Tag aria-hidden="true" />} label="Category">
            {business.category || 'Not specified'}
          </IconDetail>
          <IconDetail icon={<MapPin aria-hidden="true" />} label="Main address">
            {address || 'Not specified'}
          </IconDetail>
          <IconDetail icon={<Phone aria-hidden="true" />} label="Phone">
            {business.phone || 'Not specified'}
          </IconDetail>
          <IconDetail icon={<Globe aria-hidden="true" />} label="Website">
            {business.website ? (
              <a
                href={websiteHref(business.website)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                {websiteLabel(business.website)}
                <ExternalLink aria-hidden="true" className="size-3.5" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              'Not specified'
            )}
          </IconDetail>
        </dl>
        {business.locations.length > 0 ? (
          <div className="border-t pt-3">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showLocations}
              aria-controls="dashboard-locations"
              onClick={() => setShowLocations((open) => !open)}
              className="-ml-3"
            >
              <ChevronDown
                aria-hidden="true"
                className={cn('transition-transform', showLocations && 'rotate-180')}
              />
              {showLocations ? 'Hide additional locations' : `Show all locations (${count})`}
            </Button>
            {showLocations ? (
              <ul id="dashboard-locations" aria-label="All locations" className="mt-2 grid gap-2">
                <li className="rounded-md bg-muted/60 px-3 py-2 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{mainLocationLabel(business)}</span>
                    <Badge>Primary</Badge>
                  </div>
                  <p className="text-muted-foreground">{address || 'Not specified'}</p>
                </li>
                {business.locations.map((location) => (
                  <li key={location.id} className="rounded-md bg-muted/60 px-3 py-2 text-sm">
                    <span className="font-medium">{location.name}</span>
                    <p className="text-muted-foreground">{addressLine(location)}</p>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  )
}

import type { Business } from '@localseo/shared/business'
import { addressLine } from '@localseo/shared/address-format'
import { mainLocationLabel } from '@localseo/shared/location-selection'
import { Info, MapPin, Phone, Star } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge'

/**
 * The first row of Business Locations: the business's own address, its main and primary location
 * (ADR 033), named as the location picker names it. Read-only: Business Information edits it.
 */
export function MainLocationRow({ business }: { business: Business }) {
  const nameId = useId()
  const address = addressLine(business)
  return (
    <li aria-labelledby={nameId} className="rounded-lg border border-primary/40 bg-accent/40 p-4">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={nameId} className="font-medium break-words">
            {mainLocationLabel(business)}
          </h3>
          <Badge>
            <Star aria-hidden="true" className="size-3" />
            Primary
          </Badge>
        </div>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span className="break-words">{address || 'No address yet'}</span>
        </p>
        {business.phone ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Phone aria-hidden="true" className="size-3.5 shrink-0" />
            <span>{business.phone}</span>
          </p>
        ) : null}
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>Change this address in Business Information above.</span>
        </p>
      </div>
    </li>
  )
}

import type { Location } from '@localseo/shared/business'
import { addressLine } from '@localseo/shared/address-format'
import { Globe, MapPin, Pencil, Phone, Star, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import type { LocationFormOutput } from '../api/add-location'
import { LocationForm, locationValues } from './location-form'

export interface LocationRowProps {
  location: Location
  editing: boolean
  busy: boolean
  onEdit: () => void
  onCancelEdit: () => void
  onSave: (input: LocationFormOutput) => Promise<unknown>
  onSetPrimary: () => void
  onDelete: () => void
}

/** docs/product.md §2: name, 'Primary' badge, address line and phone; set as primary, edit, delete. */
export function LocationRow(props: LocationRowProps) {
  const { location, editing, busy } = props
  const nameId = useId()

  return (
    <li
      aria-labelledby={nameId}
      className={cn(
        'rounded-lg border p-4',
        location.isPrimary && 'border-primary/40 bg-accent/40',
      )}
    >
      {editing ? (
        <>
          <p id={nameId} className="mb-4 text-sm font-semibold">
            Editing {location.name}
          </p>
          <LocationForm
            label={`Edit ${location.name}`}
            defaultValues={locationValues(location)}
            submitLabel="Save Changes"
            pendingLabel="Saving..."
            onSubmit={props.onSave}
            onCancel={props.onCancelEdit}
          />
        </>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <LocationSummary location={location} nameId={nameId} />
          <LocationActions
            location={location}
            busy={busy}
            onSetPrimary={props.onSetPrimary}
            onEdit={props.onEdit}
            onDelete={props.onDelete}
          />
        </div>
      )}
    </li>
  )
}

/** The location's name (with its 'Primary' badge), address line, phone and page link. */
function LocationSummary({ location, nameId }: { location: Location; nameId: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} className="font-medium break-words">
          {location.name}
        </h3>
        {location.isPrimary ? (
          <Badge>
            <Star aria-hidden="true" className="size-3" />
            Primary
          </Badge>
        ) : null}
      </div>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span className="break-words">{addressLine(location)}</span>
      </p>
      {location.phone ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Phone aria-hidden="true" className="size-3.5 shrink-0" />
          <span>{location.phone}</span>
        </p>
      ) : null}
      {location.pageUrl ? (
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Globe aria-hidden="true" className="size-3.5 shrink-0" />
          <a
            href={location.pageUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="truncate text-primary underline-offset-4 hover:underline"
          >
            {location.pageUrl}
          </a>
        </p>
      ) : null}
    </div>
  )
}

/** 'Set as Primary' (unless it is already), 'Edit' and 'Delete', each naming the location. */
function LocationActions({
  location,
  busy,
  onSetPrimary,
  onEdit,
  onDelete,
}: Pick<LocationRowProps, 'location' | 'busy' | 'onSetPrimary' | 'onEdit' | 'onDelete'>) {
  return (
    <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
      {location.isPrimary ? null : (
        <Button variant="outline" size="sm" disabled={busy} onClick={onSetPrimary}>
          <Star aria-hidden="true" />
          Set as Primary
          <span className="sr-only">, {location.name}</span>
        </Button>
      )}
      <Button variant="outline" size="sm" disabled={busy} onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
        <span className="sr-only">, {location.name}</span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={busy}
        onClick={onDelete}
        className="text-destructive hover:text-destructive"
      >
        <Trash2 aria-hidden="true" />
        Delete
        <span className="sr-only">, {location.name}</span>
      </Button>
    </div>
  )
}

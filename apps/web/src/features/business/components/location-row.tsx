import type { Location } from '@localseo/shared/business'
import { addressLine } from '@localseo/shared/address-format'
import { Globe, MapPin, Pencil, Phone, Trash2 } from 'lucide-react'
import { useId } from 'react'
import { Button } from '@/components/ui/button'
import type { LocationFormOutput } from '../api/add-location'
import { LocationForm, locationValues } from './location-form'

export interface LocationRowProps {
  location: Location
  editing: boolean
  busy: boolean
  onEdit: () => void
  onCancelEdit: () => void
  onSave: (input: LocationFormOutput) => Promise<unknown>
  onDelete: () => void
}

/**
 * docs/product.md §2: an additional location's name, address line and phone; edit and delete. It is
 * never 'Primary': that is the main address (ADR 033, `MainLocationRow`).
 */
export function LocationRow(props: LocationRowProps) {
  const { location, editing, busy } = props
  const nameId = useId()

  return (
    <li aria-labelledby={nameId} className="rounded-lg border p-4">
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
            onEdit={props.onEdit}
            onDelete={props.onDelete}
          />
        </div>
      )}
    </li>
  )
}

/** The location's name, address line, phone and page link. */
function LocationSummary({ location, nameId }: { location: Location; nameId: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <h3 id={nameId} className="font-medium break-words">
        {location.name}
      </h3>
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

/** 'Edit' and 'Delete', each naming the location. */
function LocationActions({
  location,
  busy,
  onEdit,
  onDelete,
}: Pick<LocationRowProps, 'location' | 'busy' | 'onEdit' | 'onDelete'>) {
  return (
    <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
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

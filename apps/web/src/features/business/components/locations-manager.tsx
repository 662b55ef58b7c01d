import type { Business, Location } from '@localseo/shared/business'
import { Building2, Plus, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError } from '@/lib/api-error'
import { useAddLocation, type LocationFormOutput } from '../api/add-location'
import { useDeleteLocation } from '../api/delete-location'
import { useUpdateLocation } from '../api/update-location'
import { DeleteLocationDialog } from './delete-location-dialog'
import { FormMessage } from '@/components/form-message'
import { emptyLocationValues, LocationForm } from './location-form'
import { LocationRow } from './location-row'
import { MainLocationRow } from './main-location-row'

// docs/product.md §2 Settings: the empty state, and the note shown always (ADR 033).
const NO_LOCATIONS = 'No additional locations added yet.'
const PRIMARY_NOTE = 'Your main business address is set as your primary location.'

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback
}

/** The locations' state (adding, the one being edited, the one to delete) and their actions. */
function useLocationsManager() {
  const [adding, setAdding] = useState(false)
  const [editingId, setEditingId] = useState<string | null>(null)
  const [pendingDelete, setPendingDelete] = useState<Location | null>(null)
  const [actionError, setActionError] = useState<string | null>(null)
  const addLocation = useAddLocation()
  const updateLocation = useUpdateLocation()
  const deleteLocation = useDeleteLocation()

  async function add(input: LocationFormOutput) {
    await addLocation.mutateAsync(input)
    setAdding(false)
  }

  async function save(id: string, input: LocationFormOutput) {
    await updateLocation.mutateAsync({ id, input })
    setEditingId(null)
  }

  function confirmDelete() {
    if (!pendingDelete) return
    const { id } = pendingDelete
    setActionError(null)
    deleteLocation.mutate(id, {
      onSuccess: () => {
        if (editingId === id) setEditingId(null)
      },
      onError: (error) => setActionError(failure(error, 'Could not delete the location.')),
      onSettled: () => setPendingDelete(null),
    })
  }

  return {
    adding,
    setAdding,
    editingId,
    setEditingId,
    pendingDelete,
    setPendingDelete,
    actionError,
    busy: deleteLocation.isPending,
    deleting: deleteLocation.isPending,
    add,
    save,
    confirmDelete,
  }
}

/**
 * docs/product.md §2 Business Locations: the main address first, read-only and 'Primary' (ADR 033),
 * then the additional locations: add, edit inline (one at a time), delete.
 */
export function LocationsManager({ business }: { business: Business }) {
  const manager = useLocationsManager()
  const { adding, editingId, busy } = manager
  const canAdd = business.id !== ''

  return (
    <Card role="region" aria-labelledby="business-locations-title">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle id="business-locations-title">Business Locations</CardTitle>
          <CardDescription>
            Your main address and any extra addresses. Each screen can show data for one of them.
          </CardDescription>
        </div>
        {canAdd ? (
          <Button
            variant={adding ? 'outline' : 'default'}
            aria-expanded={adding}
            onClick={() => manager.setAdding((open) => !open)}
            className="w-full sm:w-auto"
          >
            {adding ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {adding ? 'Cancel' : 'Add Location'}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {manager.actionError ? <FormMessage tone="error">{manager.actionError}</FormMessage> : null}
        {adding ? (
          <NewLocation
            businessName={business.name}
            country={business.country}
            onSubmit={manager.add}
          />
        ) : null}
        <p className="text-sm text-muted-foreground">{PRIMARY_NOTE}</p>
        {canAdd || business.locations.length > 0 ? (
          <ul aria-label="Business locations" className="grid grid-cols-1 gap-3">
            {canAdd ? <MainLocationRow business={business} /> : null}
            {business.locations.map((location) => (
              <LocationRow
                key={location.id}
                location={location}
                editing={editingId === location.id}
                busy={busy}
                onEdit={() => manager.setEditingId(location.id)}
                onCancelEdit={() => manager.setEditingId(null)}
                onSave={(input) => manager.save(location.id, input)}
                onDelete={() => manager.setPendingDelete(location)}
              />
            ))}
          </ul>
        ) : null}
        {business.locations.length === 0 ? <NoLocations canAdd={canAdd} /> : null}
      </CardContent>
      <DeleteLocationDialog
        location={manager.pendingDelete}
        deleting={manager.deleting}
        onConfirm={manager.confirmDelete}
        onClose={() => manager.setPendingDelete(null)}
      />
    </Card>
  )
}

/** The 'New location' form, opened by 'Add Location'. */
function NewLocation({
  businessName,
  country,
  onSubmit,
}: {
  businessName: string
  country: string
  onSubmit: (input: LocationFormOutput) => Promise<void>
}) {
  return (
    <div className="rounded-lg border border-dashed bg-muted/40 p-4">
      <h3 className="mb-4 text-sm font-semibold">New location</h3>
      <LocationForm
        label="New location"
        defaultValues={emptyLocationValues(country)}
        namePlaceholder={`${businessName} - Branch Name`}
        submitLabel="Add Location"
        pendingLabel="Adding..."
        onSubmit={onSubmit}
      />
    </div>
  )
}

/** The empty state; before the business is saved it also says locations come after. */
function NoLocations({ canAdd }: { canAdd: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
      <Building2 aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="font-medium">{NO_LOCATIONS}</p>
      {canAdd ? null : (
        <p className="text-sm text-muted-foreground">
          Save your business information first; then you can add locations here.
        </p>
      )}
    </div>
  )
}

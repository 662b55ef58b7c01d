import type { Location } from '@localseo/shared/business'
import { ConfirmDialog } from '@/components/confirm-dialog'

export interface DeleteLocationDialogProps {
  /** The location waiting for confirmation; null keeps the dialog closed. */
  location: Location | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** The confirm step before a location is deleted (docs/house-rules.md "a confirm dialog for deletions"). */
export function DeleteLocationDialog({
  location,
  deleting,
  onConfirm,
  onClose,
}: DeleteLocationDialogProps) {
  return (
    <ConfirmDialog
      open={location !== null}
      busy={deleting}
      title="Delete this location?"
      description={
        <>
          {location ? `${location.name} will be removed from your business. ` : null}
          This cannot be undone.
        </>
      }
      confirmLabel="Delete Location"
      busyLabel="Deleting..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}

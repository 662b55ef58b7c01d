import type { Location } from '@localseo/shared/business'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

export interface DeleteLocationDialogProps {
  /** The location waiting for confirmation; null keeps the dialog closed. */
  location: Location | null
  deleting: boolean
  onConfirm: () => void
  onClose: () => void
}

/** The confirm step before a location is deleted (ARCHITECTURE "a confirm dialog for deletions"). */
export function DeleteLocationDialog({
  location,
  deleting,
  onConfirm,
  onClose,
}: DeleteLocationDialogProps) {
  return (
    <AlertDialog
      open={location !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Delete this location?</AlertDialogTitle>
        <AlertDialogDescription>
          {location ? `${location.name} will be removed from your business. ` : null}
          {location?.isPrimary
            ? 'It is your primary location, so the first remaining location becomes primary. '
            : null}
          This cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            {deleting ? 'Deleting...' : 'Delete Location'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

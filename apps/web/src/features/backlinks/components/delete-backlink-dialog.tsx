import type { Backlink } from '@localseo/shared/backlinks'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

/** SPEC §5: deleting asks 'Are you sure you want to delete this backlink?' first. */
export function DeleteBacklinkDialog({
  backlink,
  deleting,
  error,
  onConfirm,
  onClose,
}: {
  backlink: Backlink | null
  deleting: boolean
  error: string | null
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <AlertDialog
      open={backlink !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Are you sure you want to delete this backlink?</AlertDialogTitle>
        <AlertDialogDescription className="break-all">
          {backlink ? `${backlink.url} will be removed from your monitor.` : null}
        </AlertDialogDescription>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={deleting} onClick={onConfirm}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

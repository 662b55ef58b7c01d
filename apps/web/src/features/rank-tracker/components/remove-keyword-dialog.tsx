import type { TrackedKeyword } from '@localseo/shared/rank-tracker'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

/** Removing a keyword deletes its history, so it is confirmed first (ARCHITECTURE "Spec copy"). */
export function RemoveKeywordDialog({
  keyword,
  removing,
  onConfirm,
  onClose,
}: {
  keyword: TrackedKeyword | null
  removing: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <AlertDialog
      open={keyword !== null}
      onOpenChange={(open) => {
        if (!open && !removing) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Stop tracking this keyword?</AlertDialogTitle>
        <AlertDialogDescription>
          {keyword ? `"${keyword.keyword}" and its ranking history will be deleted. ` : null}
          This cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={removing}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={removing} onClick={onConfirm}>
            {removing ? 'Removing...' : 'Remove Keyword'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

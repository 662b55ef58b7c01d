import { ErrorAlert } from '@/components/error-alert'
import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'

/**
 * The confirm step before something is deleted (docs/house-rules.md "a confirm dialog for deletions"): it
 * stays open, and its buttons wait, while the deletion runs.
 */
export function ConfirmDialog({
  open,
  busy,
  title,
  description,
  descriptionClassName,
  error,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
}: {
  open: boolean
  busy: boolean
  title: string
  description: ReactNode
  descriptionClassName?: string
  /** Why the last try failed, shown in the dialog. */
  error?: string | null
  confirmLabel: string
  busyLabel: string
  onConfirm: () => void
  onClose: () => void
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription className={descriptionClassName}>
          {description}
        </AlertDialogDescription>
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button variant="destructive" disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

import type { Backlink } from '@localseo/shared/backlinks'
import { ConfirmDialog } from '@/components/confirm-dialog'

/** docs/product.md §5: deleting asks 'Are you sure you want to delete this backlink?' first. */
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
    <ConfirmDialog
      open={backlink !== null}
      busy={deleting}
      title="Are you sure you want to delete this backlink?"
      description={backlink ? `${backlink.url} will be removed from your monitor.` : null}
      descriptionClassName="break-all"
      error={error}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}

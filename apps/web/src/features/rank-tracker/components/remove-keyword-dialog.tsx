import type { TrackedKeyword } from '@localseo/shared/rank-tracker'
import { ConfirmDialog } from '@/components/confirm-dialog'

/** Removing a keyword deletes its history, so it is confirmed first (docs/house-rules.md "Spec copy"). */
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
    <ConfirmDialog
      open={keyword !== null}
      busy={removing}
      title="Stop tracking this keyword?"
      description={
        <>
          {keyword ? `"${keyword.keyword}" and its ranking history will be deleted. ` : null}
          This cannot be undone.
        </>
      }
      confirmLabel="Remove Keyword"
      busyLabel="Removing..."
      onConfirm={onConfirm}
      onClose={onClose}
    />
  )
}

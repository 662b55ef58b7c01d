import { Download, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { confirmsBusinessName } from '@localseo/shared/owner-data'
import { ErrorAlert } from '@/components/error-alert'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-error'
import { useDeleteBusiness } from '../api/delete-business'
import { useExportBusiness } from '../api/export-business'

const failure = (error: Error | null, fallback: string) =>
  error ? (error instanceof ApiError ? error.message : fallback) : null

/**
 * Settings → Your data (issue 35 item 6): everything of the business as one download, and deleting
 * the business with all its data once its name is typed (docs/decisions/048-export-and-delete.md).
 */
export function YourDataCard({
  businessName,
  canDelete,
}: {
  businessName: string
  /** Only an owner may delete the business (ADR 043); the server refuses anyone else anyway. */
  canDelete: boolean
}) {
  const download = useExportBusiness()
  const [deleting, setDeleting] = useState(false)
  return (
    <Card role="region" aria-labelledby="your-data-title">
      <CardHeader>
        <CardTitle id="your-data-title">Your data</CardTitle>
        <CardDescription>
          Everything here belongs to you. Take a copy with you at any time, or delete the business
          and all of its data.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="max-w-prose text-sm">
            One ZIP file with your profile, keywords and their whole ranking history, grid scans,
            backlinks, listings, tasks, alerts, competitors and Google data, as spreadsheets (CSV)
            and JSON.
          </p>
          <Button variant="outline" disabled={download.isPending} onClick={() => download.mutate()}>
            <Download aria-hidden="true" />
            {download.isPending ? 'Preparing your download…' : 'Download everything'}
          </Button>
        </div>
        <ErrorAlert>
          {failure(download.error, 'Could not download your data. Please try again.')}
        </ErrorAlert>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          <p className="max-w-prose text-sm">
            {canDelete
              ? 'Deleting the business removes all of its data for good. Your account stays.'
              : 'Only an owner can delete the business.'}
          </p>
          {canDelete ? (
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" />
              Delete this business
            </Button>
          ) : null}
        </div>
      </CardContent>
      {deleting ? (
        <DeleteBusinessDialog businessName={businessName} onClose={() => setDeleting(false)} />
      ) : null}
    </Card>
  )
}

/** The typed confirmation: the button waits until the business's name is typed as shown. */
function DeleteBusinessDialog({
  businessName,
  onClose,
}: {
  businessName: string
  onClose: () => void
}) {
  const remove = useDeleteBusiness()
  const [typed, setTyped] = useState('')
  const matches = confirmsBusinessName(typed, businessName)
  const busy = remove.isPending
  return (
    <AlertDialog
      open
      onOpenChange={(next) => {
        if (!next && !busy) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>Delete {businessName}?</AlertDialogTitle>
        <AlertDialogDescription>
          This deletes the business and everything in it: its locations, keywords and ranking
          history, grid scans, backlinks, listings, tasks, alerts, competitors, reports and the
          Google connection. It cannot be undone. If you may want any of it later, use Download
          everything first.
        </AlertDialogDescription>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (!matches || busy) return
            remove.mutate({ confirm: typed })
          }}
        >
          <FormField label={`Type ${businessName} to confirm`}>
            <Input
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
            />
          </FormField>
          <ErrorAlert>
            {failure(remove.error, 'Could not delete the business. Please try again.')}
          </ErrorAlert>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              {busy ? 'Deleting…' : 'Delete this business'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  )
}

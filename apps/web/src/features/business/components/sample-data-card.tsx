import type { SampleData } from '@localseo/shared/business'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-error'
import { formatDate } from '@/lib/dates'
import { useRemoveSampleData, useSampleData } from '../api/sample-data'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** What is left, in words: '3 backlinks, 5 tracked keywords and the listings'. */
function describeSampleData(data: SampleData): string {
  const parts = [
    data.backlinks > 0 ? plural(data.backlinks, 'backlink', 'backlinks') : '',
    data.keywords > 0 ? plural(data.keywords, 'tracked keyword', 'tracked keywords') : '',
    data.listings ? 'the listings' : '',
  ].filter(Boolean)
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`
}

const removedText = (data: SampleData, timeZone: string) =>
  data.removedAt
    ? `Sample data was removed on ${formatDate(data.removedAt, timeZone)}.`
    : 'There is no sample data left.'

/**
 * Settings: the sample data a new business starts with (issue 15 item 2), labelled 'Sample' on every
 * screen, removed here in one action after a confirm step.
 */
export function SampleDataCard({ businessId, timeZone }: { businessId: string; timeZone: string }) {
  const sample = useSampleData(businessId)
  const remove = useRemoveSampleData(businessId)
  const [confirming, setConfirming] = useState(false)
  const left = sample.data ? describeSampleData(sample.data) : ''
  return (
    <Card role="region" aria-labelledby="sample-data-title">
      <CardHeader>
        <CardTitle id="sample-data-title">Sample data</CardTitle>
        <CardDescription>
          To show how each screen works, a new business starts with example backlinks, tracked
          keywords and listings, each labelled “Sample”.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sample.isPending ? (
          <Spinner label="Loading sample data…" />
        ) : sample.isError ? (
          <ErrorAlert>Could not load your sample data. Please try again later.</ErrorAlert>
        ) : left ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">Still shown: {left}.</p>
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Remove sample data
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{removedText(sample.data, timeZone)}</p>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        busy={remove.isPending}
        title="Remove all sample data?"
        description={`This removes ${left}. Your own backlinks, keywords and listing records stay.`}
        error={
          remove.error
            ? remove.error instanceof ApiError
              ? remove.error.message
              : 'Could not remove the sample data. Please try again.'
            : null
        }
        confirmLabel="Remove sample data"
        busyLabel="Removing…"
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          remove.reset()
          setConfirming(false)
        }}
      />
    </Card>
  )
}

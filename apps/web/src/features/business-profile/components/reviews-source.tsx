// Where a place's reviews came from (issue 15 item 2's rule, issue 33 item 2): a sample, Google at
// its last import, or a failed import and why; with what the owner can do when there is nothing yet.
import type { ReviewsPage } from '@localseo/shared/business-profile'
import { AlertTriangle, Info, Link2 } from 'lucide-react'
import { Link } from 'react-router'
import { SettingsRequired } from '@/components/business-required'
import { SampleBadge } from '@/components/figure-source'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { paths } from '@/config/paths'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'

export type ReviewsImport = ReviewsPage['import']

/** The badge beside each figure: 'Sample', 'From Google, imported …' or 'Import failed'. */
export function ReviewsSourceBadge({ imported }: { imported: NonNullable<ReviewsImport> }) {
  const timeZone = useTimeZone()
  if (imported.sample) return <SampleBadge />
  if (imported.status === 'failed' && !imported.importedAt) {
    return (
      <Badge
        variant="outline"
        data-source="failed"
        className="border-destructive/40 font-normal text-destructive"
      >
        Import failed<span className="sr-only">: {imported.reason}</span>
      </Badge>
    )
  }
  if (!imported.importedAt) {
    return (
      <Badge variant="outline" className="font-normal text-muted-foreground">
        Not imported yet
      </Badge>
    )
  }
  return (
    <Badge variant="outline" data-source="google" className="font-normal text-muted-foreground">
      From Google, imported {formatDateTime(imported.importedAt, timeZone)}
    </Badge>
  )
}

/** A place with no link to a profile location: where to link it. */
export function NotLinked({ label, what }: { label: string; what: string }) {
  return (
    <SettingsRequired
      icon={Link2}
      message={`${label} is not linked to a Google Business Profile yet. Link it in Settings, on the Google Business Profile card, to see ${what} here.`}
    />
  )
}

/** What the owner should know about the import before the figures: sample, not yet, or failed. */
export function ImportNotice({ imported }: { imported: NonNullable<ReviewsImport> }) {
  const timeZone = useTimeZone()
  if (imported.sample) {
    return (
      <Alert variant="info" role="status">
        <Info aria-hidden="true" className="size-4" />
        <div>
          <AlertTitle>Sample reviews</AlertTitle>
          <AlertDescription>
            This server has no Google sign-in set up yet, so these are examples, not your
            customers&apos; reviews. Once Google is set up on this server, connect your Business
            Profile in Settings and your real reviews take their place.
          </AlertDescription>
        </div>
      </Alert>
    )
  }
  if (imported.status === 'failed') {
    return (
      <Alert variant="destructive" role="status">
        <AlertTriangle aria-hidden="true" className="size-4" />
        <div>
          <AlertTitle>The last reviews import failed</AlertTitle>
          <AlertDescription>
            <p>{imported.reason}</p>
            <p className="mt-1">
              We try again every day.{' '}
              {imported.importedAt
                ? `The reviews below are from the import of ${formatDateTime(imported.importedAt, timeZone)}. `
                : null}
              If it keeps failing, check the Google Business Profile card in{' '}
              <Link to={paths.settings} className="underline underline-offset-2">
                Settings
              </Link>
              .
            </p>
          </AlertDescription>
        </div>
      </Alert>
    )
  }
  if (!imported.importedAt) {
    return (
      <Alert variant="info" role="status">
        <Info aria-hidden="true" className="size-4" />
        <AlertDescription>
          Reviews are imported from Google once a day. The first import for {imported.title} is on
          its way: check back in a few minutes.
        </AlertDescription>
      </Alert>
    )
  }
  return null
}

import type { Backlink } from '@localseo/shared/backlinks'
import { CircleAlert, CircleCheck, CircleHelp, Unplug } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { useTimeZone } from '@/lib/time-zone'
import { formatDateTime } from '../utils/format'

const statusStyles: Record<string, { label: string; className: string; Icon: typeof CircleCheck }> =
  {
    active: {
      label: 'Active',
      className: 'border-success/30 bg-success/10 text-success',
      Icon: CircleCheck,
    },
    broken: {
      label: 'Broken',
      className: 'border-destructive/30 bg-destructive/10 text-destructive',
      Icon: CircleAlert,
    },
    unverifiable: {
      label: 'Unverifiable',
      className: 'border-warning/40 bg-warning/10 text-foreground',
      Icon: CircleHelp,
    },
    // No answer is not a broken link: the next check tries again (issue 15 item 3).
    unreachable: {
      label: 'Unreachable (will retry)',
      className: 'border-border bg-muted text-muted-foreground',
      Icon: Unplug,
    },
  }

/**
 * The status with an icon and a word, then what the last check found: when, the HTTP status and the
 * checker's note. 'unverifiable' says plainly that the page could not be checked (it needs
 * JavaScript or blocks bots), never that the link is broken. Other statuses show as plain text.
 */
export function BacklinkStatus({ backlink }: { backlink: Backlink }) {
  const timeZone = useTimeZone()
  const style = statusStyles[backlink.status]
  return (
    <div className="grid max-w-44 min-w-32 gap-1 max-sm:max-w-none max-sm:min-w-0">
      {style ? (
        // Wraps inside a phone's narrow column instead of running past it (issue 32 item 9).
        <Badge
          variant="outline"
          className={cn('w-fit max-w-full whitespace-normal', style.className)}
        >
          <style.Icon aria-hidden="true" className="size-3.5" />
          {style.label}
        </Badge>
      ) : (
        <span className="capitalize">{backlink.status}</span>
      )}
      {backlink.lastCheckedAt ? (
        <p className="text-xs text-muted-foreground">
          Checked {formatDateTime(backlink.lastCheckedAt, timeZone)}
          {/* The note often names the status already ('The page answered with HTTP 404.'). */}
          {backlink.httpStatus &&
          !backlink.verification?.note.includes(`HTTP ${backlink.httpStatus}`)
            ? ` · HTTP ${backlink.httpStatus}`
            : ''}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">Not checked yet</p>
      )}
      {backlink.verification ? (
        <p className="text-xs break-words text-foreground/80">{backlink.verification.note}</p>
      ) : null}
    </div>
  )
}

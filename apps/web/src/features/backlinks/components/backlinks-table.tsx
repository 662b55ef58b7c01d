import { QUALITY_LABELS } from '@localseo/shared/backlink-quality'
import type { Backlink } from '@localseo/shared/backlinks'
import { ExternalLink, RefreshCw, Trash2 } from 'lucide-react'
import { SampleBadge } from '@/components/figure-source'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { useTimeZone } from '@/lib/time-zone'
import { useMayChange } from '@/lib/member-role'
import { capitalize, formatDate, truncate, URL_DISPLAY_MAX } from '../utils/format'
import { BacklinkStatus } from './backlink-status'

const qualityClass = {
  high: 'border-success/30 bg-success/10 text-success',
  medium: 'border-warning/40 bg-warning/10 text-foreground',
  low: 'border-destructive/30 bg-destructive/10 text-destructive',
  unrated: 'border-border bg-muted text-muted-foreground',
} as const

export interface RowActions {
  onToggleStatus: (backlink: Backlink) => void
  onVerify: (backlink: Backlink) => void
  onDelete: (backlink: Backlink) => void
  /** The id a status change or a check is running for. */
  busyId: string | null
  verifyDisabled: boolean
  /**
   * The backlink data provider ('DataForSEO'), or null: then there is no Domain rank column at all,
   * since no such figure exists (issue 32 item 4, ADR 032).
   */
  metricsProvider: string | null
}

/**
 * docs/product.md §2 table: Domain / URL (the URL cut at 40 characters, an external link), Anchor Text, Type,
 * Quality (measured, with why), Domain rank (only from a provider), Status, First Seen, Actions. It
 * fits its card at 1280 px (issue 32 item 9): long texts wrap instead of widening the table.
 */
export function BacklinksTable({ items, ...actions }: { items: Backlink[] } & RowActions) {
  const mayChange = useMayChange()
  return (
    <Table bleed stack aria-label="Backlinks">
      <TableHeader className="text-xs">
        <TableRow>
          <TableHead>Domain / URL</TableHead>
          <TableHead>Anchor Text</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Quality</TableHead>
          {actions.metricsProvider ? <TableHead>Domain rank</TableHead> : null}
          <TableHead>Status</TableHead>
          <TableHead>First Seen</TableHead>
          {mayChange ? <TableHead>Actions</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((backlink) => (
          <BacklinkRow key={backlink.id} backlink={backlink} {...actions} />
        ))}
      </TableBody>
    </Table>
  )
}

/** The linking site, labelled 'Sample' for the sign-up samples, and the page itself. */
function DomainCell({ backlink }: { backlink: Backlink }) {
  return (
    <TableRowHeader className="max-w-52 min-w-36 font-normal max-sm:max-w-none max-sm:min-w-0">
      <span className="block font-medium [overflow-wrap:anywhere]">
        {backlink.domain}
        {backlink.sample ? <SampleBadge className="ml-2" /> : null}
      </span>
      <a
        href={backlink.url}
        target="_blank"
        rel="noopener noreferrer"
        title={backlink.url}
        className="inline-flex max-w-full items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
      >
        <span className="[overflow-wrap:anywhere]">{truncate(backlink.url, URL_DISPLAY_MAX)}</span>
        <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </TableRowHeader>
  )
}

function BacklinkRow({
  backlink,
  onToggleStatus,
  onVerify,
  onDelete,
  busyId,
  verifyDisabled,
  metricsProvider,
}: { backlink: Backlink } & RowActions) {
  const timeZone = useTimeZone()
  const busy = busyId === backlink.id
  const broken = backlink.status === 'broken'
  const mayChange = useMayChange()
  return (
    <TableRow>
      <DomainCell backlink={backlink} />
      <TableCell
        label="Anchor text"
        className="max-w-32 min-w-24 [overflow-wrap:anywhere] max-sm:max-w-none max-sm:min-w-0"
      >
        {backlink.anchorText}
      </TableCell>
      <TableCell label="Type">
        <Badge variant="outline">{capitalize(backlink.linkType)}</Badge>
      </TableCell>
      <TableCell label="Quality">
        <QualityRating backlink={backlink} />
      </TableCell>
      {metricsProvider ? (
        <TableCell label="Domain rank">
          <DomainFigures backlink={backlink} provider={metricsProvider} />
        </TableCell>
      ) : null}
      <TableCell label="Status">
        <BacklinkStatus backlink={backlink} />
      </TableCell>
      <TableCell label="First seen" className="whitespace-nowrap">
        {formatDate(backlink.firstSeen, timeZone)}
      </TableCell>
      {mayChange ? (
        <TableCell className="max-sm:col-span-2">
          {/* Two lines beside a wide table (Mark Broken; Verify and Delete), so Delete is never past
              the card's edge on a desktop screen. */}
          <div className="flex flex-wrap items-center gap-1 sm:w-36">
            <Button
              variant="outline"
              size="sm"
              className="w-26"
              disabled={busy}
              onClick={() => onToggleStatus(backlink)}
            >
              {broken ? 'Mark Active' : 'Mark Broken'}
              <span className="sr-only"> {backlink.domain}</span>
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy || verifyDisabled}
              onClick={() => onVerify(backlink)}
            >
              <RefreshCw aria-hidden="true" className={cn(busy && 'animate-spin')} />
              Verify<span className="sr-only"> {backlink.domain}</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              title="Delete"
              className="px-2 text-destructive hover:text-destructive"
              onClick={() => onDelete(backlink)}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Delete {backlink.domain}</span>
            </Button>
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  )
}

/** The measured rating, and what it rests on behind 'Why' (issue 32 item 4). */
function QualityRating({ backlink }: { backlink: Backlink }) {
  const reasons = backlink.qualityBasis?.reasons ?? []
  return (
    <div className="grid max-w-40 min-w-24 gap-1 max-sm:max-w-none max-sm:min-w-0">
      <Badge variant="outline" className={cn('w-fit', qualityClass[backlink.quality])}>
        {QUALITY_LABELS[backlink.quality]}
      </Badge>
      {reasons.length > 0 ? (
        <details className="text-xs text-muted-foreground">
          <summary className="cursor-pointer w-fit">
            Why
            <span className="sr-only">
              {' '}
              {backlink.domain} is {QUALITY_LABELS[backlink.quality]}
            </span>
          </summary>
          <ul className="mt-1 grid gap-0.5 break-words text-foreground/80">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}

/** The provider's domain rank and spam score with its name and date, or why there are none yet. */
function DomainFigures({ backlink, provider }: { backlink: Backlink; provider: string }) {
  const timeZone = useTimeZone()
  const m = backlink.metrics
  if (!m) {
    return (
      <p className="max-w-32 text-xs text-muted-foreground">
        Asked from {provider} at the next check
      </p>
    )
  }
  return (
    <div className="grid gap-0.5 text-xs">
      <span className="text-sm font-medium tabular-nums">
        {m.domainRank ?? 'No data'}
        {m.domainRank !== null ? <span className="text-muted-foreground">/100</span> : null}
      </span>
      <span>Spam score {m.spamScore === null ? 'no data' : `${m.spamScore}%`}</span>
      <span className="text-muted-foreground">
        {m.source}, {formatDate(m.checkedAt, timeZone)}
      </span>
    </div>
  )
}

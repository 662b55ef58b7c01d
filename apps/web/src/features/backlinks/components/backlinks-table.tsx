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
import { capitalize, formatDate, truncate, URL_DISPLAY_MAX } from '../utils/format'
import { BacklinkStatus } from './backlink-status'

const qualityClass = {
  high: 'border-success/30 bg-success/10 text-success',
  medium: 'border-warning/40 bg-warning/10 text-foreground',
  low: 'border-destructive/30 bg-destructive/10 text-destructive',
} as const

export interface RowActions {
  onToggleStatus: (backlink: Backlink) => void
  onVerify: (backlink: Backlink) => void
  onDelete: (backlink: Backlink) => void
  /** The id a status change or a check is running for. */
  busyId: string | null
  verifyDisabled: boolean
}

/**
 * docs/product.md §2 table: Domain / URL (the URL cut at 40 characters, an external link), Anchor Text, Type,
 * Quality, Status, First Seen, Actions.
 */
export function BacklinksTable({ items, ...actions }: { items: Backlink[] } & RowActions) {
  return (
    <Table bleed stack aria-label="Backlinks" className="sm:min-w-[52rem]">
      <TableHeader className="text-xs">
        <TableRow>
          <TableHead>Domain / URL</TableHead>
          <TableHead>Anchor Text</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Quality</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>First Seen</TableHead>
          <TableHead>Actions</TableHead>
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
    <TableRowHeader className="max-w-64 min-w-44 font-normal max-sm:max-w-none max-sm:min-w-0">
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
}: { backlink: Backlink } & RowActions) {
  const busy = busyId === backlink.id
  const broken = backlink.status === 'broken'
  return (
    <TableRow>
      <DomainCell backlink={backlink} />
      <TableCell
        label="Anchor text"
        className="max-w-36 min-w-28 [overflow-wrap:anywhere] max-sm:max-w-none max-sm:min-w-0"
      >
        {backlink.anchorText}
      </TableCell>
      <TableCell label="Type">
        <Badge variant="outline">{capitalize(backlink.linkType)}</Badge>
      </TableCell>
      <TableCell label="Quality">
        <Badge variant="outline" className={cn(qualityClass[backlink.quality])}>
          {capitalize(backlink.quality)}
        </Badge>
      </TableCell>
      <TableCell label="Status">
        <BacklinkStatus backlink={backlink} />
      </TableCell>
      <TableCell label="First seen" className="whitespace-nowrap">
        {formatDate(backlink.firstSeen)}
      </TableCell>
      <TableCell className="max-sm:col-span-2">
        {/* Two lines beside a wide table (Mark Broken; Verify and Delete), so Delete is never past
            the card's edge on a desktop screen. */}
        <div className="flex flex-wrap items-center gap-1 sm:w-40">
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
    </TableRow>
  )
}

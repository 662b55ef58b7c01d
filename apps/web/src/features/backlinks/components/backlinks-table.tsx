import type { Backlink } from '@localseo/shared/backlinks'
import { ExternalLink, RefreshCw, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
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
    // relative: screen-reader-only text is positioned inside the scrolling box, not the page.
    <div className="relative -mx-6 overflow-x-auto px-6">
      <table aria-label="Backlinks" className="w-full min-w-[52rem] text-left text-sm">
        <thead className="border-b text-xs text-muted-foreground [&_th]:py-2 [&_th]:pr-3 [&_th]:font-medium">
          <tr>
            <th scope="col">Domain / URL</th>
            <th scope="col">Anchor Text</th>
            <th scope="col">Type</th>
            <th scope="col">Quality</th>
            <th scope="col">Status</th>
            <th scope="col">First Seen</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((backlink) => (
            <BacklinkRow key={backlink.id} backlink={backlink} {...actions} />
          ))}
        </tbody>
      </table>
    </div>
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
    <tr className="border-b align-top last:border-0 [&_td]:py-3 [&_td]:pr-3">
      <th scope="row" className="max-w-64 min-w-44 py-3 pr-3 font-normal">
        <span className="block font-medium [overflow-wrap:anywhere]">{backlink.domain}</span>
        <a
          href={backlink.url}
          target="_blank"
          rel="noopener noreferrer"
          title={backlink.url}
          className="inline-flex max-w-full items-center gap-1 text-xs text-primary underline-offset-4 hover:underline"
        >
          <span className="[overflow-wrap:anywhere]">
            {truncate(backlink.url, URL_DISPLAY_MAX)}
          </span>
          <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </th>
      <td className="max-w-36 min-w-28 [overflow-wrap:anywhere]">{backlink.anchorText}</td>
      <td>
        <Badge variant="outline">{capitalize(backlink.linkType)}</Badge>
      </td>
      <td>
        <Badge variant="outline" className={cn(qualityClass[backlink.quality])}>
          {capitalize(backlink.quality)}
        </Badge>
      </td>
      <td>
        <BacklinkStatus backlink={backlink} />
      </td>
      <td className="whitespace-nowrap">{formatDate(backlink.firstSeen)}</td>
      <td>
        <div className="flex items-center gap-1">
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
      </td>
    </tr>
  )
}

import type { KeywordTrend, PlannerKeyword } from '@localseo/shared/keyword-engine'
import type { KeywordLevel } from '@localseo/shared/keyword-figures'
import type { Money } from '@localseo/shared/money'
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { VolumeColumnSource, VolumeFigure } from '@/components/figure-source'
import { Button } from '@/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { cn } from '@/lib/utils'
import { useMayChange } from '@/lib/member-role'
import { formatCpc } from '../utils/money'

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

/** A figure the engine did not estimate (issue 15 item 4): a dash, read out as 'no estimate'. */
const NONE = (
  <span className="text-muted-foreground">
    <span aria-hidden="true">–</span>
    <span className="sr-only">no estimate</span>
  </span>
)

const levelClass: Record<KeywordLevel, string> = {
  low: 'bg-success/15 text-success',
  medium: 'bg-warning/20 text-foreground',
  high: 'bg-destructive/10 text-destructive',
}

function Difficulty({ level }: { level: KeywordLevel }) {
  return (
    <span className={cn('rounded-md px-2 py-0.5 text-xs font-medium', levelClass[level])}>
      {capitalise(level)}
    </span>
  )
}

const trendIcon = { up: ArrowUpRight, stable: ArrowRight, down: ArrowDownRight } as const

function Trend({ trend }: { trend: KeywordTrend }) {
  const Icon = trendIcon[trend]
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1',
        trend === 'up' && 'text-success',
        trend === 'down' && 'text-destructive',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      {capitalise(trend)}
    </span>
  )
}

export type RowAction =
  { kind: 'save'; pending: boolean } | { kind: 'saved' } | { kind: 'remove'; pending: boolean }

export interface KeywordTableProps {
  label: string
  /** The currency CPCs show in: the location's country's (issue 32 item 5). */
  money: Money
  keywords: readonly PlannerKeyword[]
  actionFor: (keyword: PlannerKeyword) => RowAction
  onSave: (keyword: PlannerKeyword) => void
  onRemove: (keyword: PlannerKeyword) => void
}

export function KeywordTable({
  label,
  money,
  keywords,
  actionFor,
  onSave,
  onRemove,
}: KeywordTableProps) {
  const sources = keywords.map((k) => k.volumeSource)
  return (
    <Table stack aria-label={label} className="sm:min-w-[36rem]">
      <TableHeader>
        <TableRow>
          <TableHead>Keyword</TableHead>
          <TableHead>
            <span className="flex items-center gap-2">
              Search Volume <VolumeColumnSource sources={sources} />
            </span>
          </TableHead>
          <TableHead>Difficulty</TableHead>
          <TableHead>CPC ({money.currency})</TableHead>
          <TableHead>Relevance</TableHead>
          <TableHead>Trend</TableHead>
          <TableHead className="sticky right-0 bg-card text-right">Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keywords.map((k) => (
          <TableRow key={k.keyword}>
            <TableCell className="font-medium max-sm:col-span-2">{k.keyword}</TableCell>
            <TableCell label="Search volume" className="tabular-nums">
              <VolumeFigure volume={k.volume} source={k.volumeSource} column={sources} />
            </TableCell>
            <TableCell label="Difficulty">
              {k.difficulty ? <Difficulty level={k.difficulty} /> : NONE}
            </TableCell>
            <TableCell label={`CPC (${money.currency})`} className="tabular-nums">
              {k.cpc === null ? NONE : formatCpc(k.cpc, money)}
            </TableCell>
            <TableCell label="Relevance">{capitalise(k.relevance)}</TableCell>
            <TableCell label="Trend">{k.trend ? <Trend trend={k.trend} /> : NONE}</TableCell>
            <TableCell className="sticky right-0 bg-card py-2 text-right max-sm:static max-sm:col-span-2 max-sm:text-left">
              <RowButton
                keyword={k}
                action={actionFor(k)}
                onSave={() => onSave(k)}
                onRemove={() => onRemove(k)}
              />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Save, Saved (done) or Remove, by tab and by what is saved already. */
function RowButton({
  keyword,
  action,
  onSave,
  onRemove,
}: {
  keyword: PlannerKeyword
  action: RowAction
  onSave: () => void
  onRemove: () => void
}) {
  const mayChange = useMayChange()
  if (action.kind === 'saved') {
    return (
      <Button size="sm" variant="secondary" disabled aria-label={`Saved ${keyword.keyword}`}>
        Saved
      </Button>
    )
  }
  const save = action.kind === 'save'
  if (!mayChange) return null
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={action.pending}
      aria-label={`${save ? 'Save' : 'Remove'} ${keyword.keyword}`}
      onClick={save ? onSave : onRemove}
    >
      {save ? 'Save' : 'Remove'}
    </Button>
  )
}

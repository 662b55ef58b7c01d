import type { KeywordLevel, KeywordTrend, PlannerKeyword } from '@localseo/shared/keyword-engine'
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
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

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

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
  keywords: readonly PlannerKeyword[]
  actionFor: (keyword: PlannerKeyword) => RowAction
  onSave: (keyword: PlannerKeyword) => void
  onRemove: (keyword: PlannerKeyword) => void
}

export function KeywordTable({ label, keywords, actionFor, onSave, onRemove }: KeywordTableProps) {
  return (
    <Table aria-label={label} className="min-w-[36rem]">
      <TableHeader>
        <TableRow>
          <TableHead>Keyword</TableHead>
          <TableHead>Search Volume</TableHead>
          <TableHead>Difficulty</TableHead>
          <TableHead>CPC</TableHead>
          <TableHead>Relevance</TableHead>
          <TableHead>Trend</TableHead>
          <TableHead className="sticky right-0 bg-card text-right">Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {keywords.map((k) => (
          <TableRow key={k.keyword}>
            <TableCell className="font-medium">{k.keyword}</TableCell>
            <TableCell className="tabular-nums">{k.volume.toLocaleString('en-US')}</TableCell>
            <TableCell>
              <Difficulty level={k.difficulty} />
            </TableCell>
            <TableCell className="tabular-nums">${k.cpc.toFixed(2)}</TableCell>
            <TableCell>{capitalise(k.relevance)}</TableCell>
            <TableCell>
              <Trend trend={k.trend} />
            </TableCell>
            <TableCell className="sticky right-0 bg-card py-2 text-right">
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
  if (action.kind === 'saved') {
    return (
      <Button size="sm" variant="secondary" disabled aria-label={`Saved ${keyword.keyword}`}>
        Saved
      </Button>
    )
  }
  const save = action.kind === 'save'
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

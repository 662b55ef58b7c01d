import type { KeywordLevel, KeywordTrend, PlannerKeyword } from '@localseo/shared/keyword-engine'
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
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

export function KeywordTable({
  label,
  keywords,
  actionFor,
  onSave,
  onRemove,
}: {
  label: string
  keywords: readonly PlannerKeyword[]
  actionFor: (keyword: PlannerKeyword) => RowAction
  onSave: (keyword: PlannerKeyword) => void
  onRemove: (keyword: PlannerKeyword) => void
}) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full min-w-[36rem] text-sm">
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Keyword
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Search Volume
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Difficulty
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              CPC
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Relevance
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Trend
            </th>
            <th scope="col" className="sticky right-0 bg-card py-2 pl-3 text-right font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {keywords.map((k) => {
            const action = actionFor(k)
            return (
              <tr key={k.keyword} className="border-b last:border-0">
                <td className="py-2 pr-3 font-medium">{k.keyword}</td>
                <td className="px-3 py-2 tabular-nums">{k.volume.toLocaleString('en-US')}</td>
                <td className="px-3 py-2">
                  <Difficulty level={k.difficulty} />
                </td>
                <td className="px-3 py-2 tabular-nums">${k.cpc.toFixed(2)}</td>
                <td className="px-3 py-2">{capitalise(k.relevance)}</td>
                <td className="px-3 py-2">
                  <Trend trend={k.trend} />
                </td>
                <td className="sticky right-0 bg-card py-2 pl-3 text-right">
                  {action.kind === 'saved' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled
                      aria-label={`Saved ${k.keyword}`}
                    >
                      Saved
                    </Button>
                  ) : action.kind === 'save' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={action.pending}
                      aria-label={`Save ${k.keyword}`}
                      onClick={() => onSave(k)}
                    >
                      Save
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={action.pending}
                      aria-label={`Remove ${k.keyword}`}
                      onClick={() => onRemove(k)}
                    >
                      Remove
                    </Button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

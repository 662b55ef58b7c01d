import { useRef, type KeyboardEvent } from 'react'
import { cn } from '@/lib/utils'

export type PlannerTab = 'search' | 'saved'

const TABS: { id: PlannerTab; label: string }[] = [
  { id: 'search', label: 'Search Results' },
  { id: 'saved', label: 'Saved Keywords' },
]

export const tabId = (tab: PlannerTab) => `planner-tab-${tab}`
export const panelId = (tab: PlannerTab) => `planner-panel-${tab}`

/** WAI-ARIA tabs: arrow keys move between them; the Saved tab carries its count. */
export function PlannerTabs({
  value,
  onChange,
  savedCount,
}: {
  value: PlannerTab
  onChange: (tab: PlannerTab) => void
  savedCount: number
}) {
  const refs = useRef<Partial<Record<PlannerTab, HTMLButtonElement | null>>>({})
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    const next = value === 'search' ? 'saved' : 'search'
    onChange(next)
    refs.current[next]?.focus()
  }
  return (
    <div role="tablist" aria-label="Keyword lists" className="flex gap-1 border-b">
      {TABS.map((tab) => {
        const selected = tab.id === value
        return (
          <button
            key={tab.id}
            ref={(node) => {
              refs.current[tab.id] = node
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={onKeyDown}
            className={cn(
              '-mb-px inline-flex cursor-pointer items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              selected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {tab.label}
            {tab.id === 'saved' ? (
              <span className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground tabular-nums">
                {savedCount}
              </span>
            ) : null}
          </button>
        )
      })}
    </div>
  )
}

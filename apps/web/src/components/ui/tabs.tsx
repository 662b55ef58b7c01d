// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and select
// them; only the selected tab is in the tab order; each panel is labelled by its tab.
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/utils'

export interface TabItem<T extends string> {
  value: T
  label: ReactNode
}

const tabId = (idPrefix: string, value: string) => `${idPrefix}-${value}-tab`
const panelId = (idPrefix: string, value: string) => `${idPrefix}-${value}-panel`

/** The tab a key moves to from `index` (the arrows wrap around), or undefined for any other key. */
function nextTabIndex(key: string, index: number, last: number): number | undefined {
  if (key === 'ArrowRight') return index === last ? 0 : index + 1
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1
  if (key === 'Home') return 0
  if (key === 'End') return last
  return undefined
}

/** The classes of one tab, by the list's variant and whether the tab is selected. */
function tabClassName(variant: 'underline' | 'pill', selected: boolean): string {
  return cn(
    'inline-flex cursor-pointer items-center justify-center gap-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-4 [&_svg]:shrink-0',
    variant === 'underline'
      ? cn(
          '-mb-px border-b-2 px-3 py-2',
          selected
            ? 'border-primary text-foreground'
            : 'border-transparent text-muted-foreground hover:text-foreground',
        )
      : cn(
          'flex-1 rounded-md px-3 py-1.5 sm:flex-none',
          selected
            ? 'bg-card text-foreground shadow-sm'
            : 'text-muted-foreground hover:text-foreground',
        ),
  )
}

export function TabList<T extends string>({
  idPrefix,
  label,
  tabs,
  value,
  onChange,
  variant = 'underline',
  className,
}: {
  /** Unique on the page (useId()); ties each tab to its panel. */
  idPrefix: string
  label: string
  tabs: ReadonlyArray<TabItem<T>>
  value: T
  onChange: (value: T) => void
  /** 'underline' for a screen's main tabs, 'pill' for subtabs inside a card. */
  variant?: 'underline' | 'pill'
  className?: string
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])

  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = nextTabIndex(event.key, index, tabs.length - 1)
    if (next === undefined) return
    event.preventDefault()
    const tab = tabs[next]
    if (!tab) return
    onChange(tab.value)
    refs.current[next]?.focus()
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={cn(
        variant === 'underline'
          ? 'flex gap-1 overflow-x-auto border-b'
          : 'inline-flex w-full gap-1 rounded-lg bg-muted p-1 sm:w-auto sm:justify-self-start',
        className,
      )}
    >
      {tabs.map((tab, index) => {
        const selected = tab.value === value
        return (
          <button
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.value)}
            aria-selected={selected}
            aria-controls={panelId(idPrefix, tab.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={tabClassName(variant, selected)}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

/** The panel of the selected tab; render only the selected one. */
export function TabPanel({
  idPrefix,
  value,
  className,
  children,
}: {
  idPrefix: string
  value: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, value)}
      aria-labelledby={tabId(idPrefix, value)}
      className={className}
    >
      {children}
    </div>
  )
}

import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/**
 * Below 640 px a `stack` table shows each row as a card: the row header on top, then each cell under
 * its column's name (`TableCell`'s `label`), two to a line. The header row stays for screen readers
 * (visually hidden), so the table is still read as one.
 */
const STACKED = [
  'max-sm:block max-sm:min-w-0',
  'max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block',
  'max-sm:[&_tbody_tr]:grid max-sm:[&_tbody_tr]:grid-cols-2 max-sm:[&_tbody_tr]:gap-x-4 max-sm:[&_tbody_tr]:gap-y-2 max-sm:[&_tbody_tr]:py-3',
  'max-sm:[&_tbody_th]:col-span-2 max-sm:[&_tbody_th]:p-0 max-sm:[&_tbody_td]:p-0',
  'max-sm:[&_td[data-label]]:before:block max-sm:[&_td[data-label]]:before:text-xs max-sm:[&_td[data-label]]:before:text-muted-foreground max-sm:[&_td[data-label]]:before:content-[attr(data-label)]',
].join(' ')

/**
 * The one table of the app (docs/web-conventions.md "Tables"): it scrolls sideways inside its card
 * on a phone instead of squeezing its columns, or, with `stack`, turns each row into a card there.
 * The same header, row and cell spacing everywhere. `bleed` lets the scroll area reach the card's
 * edges (a card's content has 1.5rem of padding).
 */
export function Table({
  className,
  bleed = false,
  stack = false,
  ...props
}: ComponentProps<'table'> & { bleed?: boolean; stack?: boolean }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than the screen (WCAG 2.1.1; axe
    // scrollable-region-focusable). It holds no control of its own, hence the rule's exception.
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className={cn(
        'relative overflow-x-auto rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        bleed && '-mx-6 px-6',
      )}
    >
      <table className={cn('w-full text-left text-sm', stack && STACKED, className)} {...props} />
    </div>
  )
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b text-muted-foreground', className)} {...props} />
}

export function TableBody(props: ComponentProps<'tbody'>) {
  return <tbody {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b align-top last:border-0', className)} {...props} />
}

/** A column header. */
export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('py-2 pr-3 font-medium last:pr-0', className)} {...props} />
}

/** The cell that names its row (a keyword, a domain): read first by screen readers. */
export function TableRowHeader({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th scope="row" className={cn('py-3 pr-3 font-medium break-words', className)} {...props} />
  )
}

/** `label` is the column's name, shown above the value when a `stack` table is a card list. */
export function TableCell({
  className,
  label,
  ...props
}: ComponentProps<'td'> & { label?: string }) {
  return <td data-label={label} className={cn('py-3 pr-3 last:pr-0', className)} {...props} />
}

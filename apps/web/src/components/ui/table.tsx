import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

/**
 * The one table of the app (docs/web-conventions.md "Tables"): it scrolls sideways inside its card
 * on a phone instead of squeezing its columns, with the same header, row and cell spacing everywhere.
 * `bleed` lets the scroll area reach the card's edges (a card's content has 1.5rem of padding).
 */
export function Table({
  className,
  bleed = false,
  ...props
}: ComponentProps<'table'> & { bleed?: boolean }) {
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
      <table className={cn('w-full text-left text-sm', className)} {...props} />
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

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('py-3 pr-3 last:pr-0', className)} {...props} />
}

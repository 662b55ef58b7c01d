import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils'

const variants = {
  default: 'border-border bg-card text-card-foreground',
  info: 'border-primary/25 bg-accent text-accent-foreground',
  destructive: 'border-destructive/30 bg-destructive/5 text-destructive',
} as const

export type AlertProps = ComponentProps<'div'> & { variant?: keyof typeof variants }

/** An inline message box; pass role="alert" when it reports something that just happened. */
export function Alert({ className, variant = 'default', ...props }: AlertProps) {
  return (
    <div
      className={cn(
        'relative flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-medium', className)} {...props} />
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm', className)} {...props} />
}

import { CircleCheck } from 'lucide-react'
import { ErrorAlert } from '@/components/error-alert'
import { cn } from '@/lib/utils'

/**
 * The outcome of an action in a form (docs/web-conventions.md "Errors"): a success in words and
 * colour, announced politely; a failure is the one ErrorAlert.
 */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: 'success' | 'error'
  children: string
  className?: string
}) {
  if (tone === 'error') return <ErrorAlert className={className}>{children}</ErrorAlert>
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-2 rounded-md border border-success/30 bg-success/10 px-3 py-2 text-sm font-medium text-success',
        className,
      )}
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}

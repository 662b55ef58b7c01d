import { CircleAlert, CircleCheck } from 'lucide-react'
import { cn } from '@/lib/utils'

/** The result of an action, in words and colour, announced to screen readers. */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: 'success' | 'error'
  children: string
  className?: string
}) {
  const Icon = tone === 'success' ? CircleCheck : CircleAlert
  return (
    <p
      role={tone === 'success' ? 'status' : 'alert'}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium',
        tone === 'success'
          ? 'border-success/30 bg-success/10 text-success'
          : 'border-destructive/30 bg-destructive/5 text-destructive',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  )
}

import { LoaderCircle } from 'lucide-react'
import { cn } from '@/lib/utils'

/** A centred spinner with a text label for screen readers. */
export function Spinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 p-8', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-primary" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  )
}

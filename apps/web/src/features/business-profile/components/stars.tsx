import { Star } from 'lucide-react'
import { cn } from '@/lib/utils'

/** 1-5 stars as the reader sees them on Google, and in words for a screen reader. */
export function Stars({ rating, className }: { rating: number | null; className?: string }) {
  if (rating === null) return <span className="text-xs text-muted-foreground">No star rating</span>
  const shown = Math.round(rating)
  return (
    <span
      role="img"
      aria-label={`${rating} out of 5 stars`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn(
            'size-4',
            star <= shown ? 'fill-amber-400 text-amber-500' : 'fill-none text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  )
}

import { MapPinned } from 'lucide-react'
import { cn } from '@/lib/utils'

/**
 * The product's mark and name, as the landing page, the signed-in header and its skeleton show it.
 * `markOnlyOnPhones`: the signed-in header keeps its room for the business's name on phones.
 */
export function BrandMark({ markOnlyOnPhones = false }: { markOnlyOnPhones?: boolean }) {
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <MapPinned aria-hidden="true" className="size-4" />
      </span>
      <span
        className={cn(
          'text-lg font-semibold tracking-tight whitespace-nowrap',
          markOnlyOnPhones && 'max-sm:sr-only',
        )}
      >
        LocalSEO AI
      </span>
    </>
  )
}

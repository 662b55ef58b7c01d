import { MapPinned } from 'lucide-react'

/** The product's mark and name, as the landing page, the signed-in header and its skeleton show it. */
export function BrandMark() {
  return (
    <>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <MapPinned aria-hidden="true" className="size-4" />
      </span>
      <span className="text-lg font-semibold tracking-tight whitespace-nowrap">LocalSEO AI</span>
    </>
  )
}

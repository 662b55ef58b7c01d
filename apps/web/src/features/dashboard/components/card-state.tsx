import { LoaderCircle } from 'lucide-react'

/** The loading state inside a dashboard card (a failure is an ErrorAlert). */
export function CardLoading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-4 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
      {label}
    </p>
  )
}

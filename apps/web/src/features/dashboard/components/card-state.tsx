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

/** Simulated Google figures are labelled as such (docs/house-rules.md "Deterministic simulation"). */
export function SampleDataBadge() {
  return (
    <span className="inline-flex items-center rounded-md border border-warning/40 bg-warning/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground">
      Sample data
    </span>
  )
}

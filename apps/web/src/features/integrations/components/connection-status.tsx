import { CircleCheck, CircleDashed } from 'lucide-react'

// docs/product.md §2 API Settings.
const CONNECTED_TEXT = 'Connected and working properly'

/** Connected or not, in words and with an icon, never by colour alone. */
export function ConnectionStatus({ connected }: { connected: boolean }) {
  return connected ? (
    <p className="flex items-center gap-2 text-sm font-medium text-success">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {CONNECTED_TEXT}
    </p>
  ) : (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <CircleDashed aria-hidden="true" className="size-4 shrink-0" />
      Not connected
    </p>
  )
}

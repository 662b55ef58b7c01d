import { CircleCheck, CircleDashed, FlaskConical } from 'lucide-react'

// docs/product.md §2 API Settings.
const CONNECTED_TEXT = 'Connected and working properly'

/**
 * A simulated connection never reads as a working one: no Google sign-in happened (issue 32 item 3).
 */
const SIMULATED_CONNECTED_TEXT = 'Simulated: sample figures, no Google sign-in'

/** Connected or not, in words and with an icon, never by colour alone. */
export function ConnectionStatus({
  connected,
  simulated = false,
}: {
  connected: boolean
  simulated?: boolean
}) {
  if (connected && simulated) {
    return (
      <p className="flex items-center gap-2 text-sm font-medium">
        <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {SIMULATED_CONNECTED_TEXT}
      </p>
    )
  }
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

import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { CardLoading } from './card-state'

/**
 * Simulated Google figures say so, with their period and where they come from (issue 32 item 3,
 * docs/house-rules.md "Deterministic simulation"): no Google sign-in happened.
 */
function SimulatedBadge() {
  return (
    <span
      title="No Google sign-in happened: these figures are worked out from your keyword estimates."
      className="inline-flex items-center rounded-md border border-warning/40 bg-warning/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground"
    >
      Simulated
    </span>
  )
}

const SIMULATED_PERIOD_NOTE =
  'Simulated figures for the last 28 days, worked out from your keyword estimates and simulated positions.'

/**
 * The frame of a card of Google figures (Search Performance, Website Analytics): the title with
 * its icon, the 'Simulated' badge and the period while Google is simulated, and the loading and failure states
 * around the figures.
 */
export function GoogleDataCard<Data>({
  id,
  title,
  icon: Icon,
  query,
  loadingLabel,
  errorMessage,
  sample = true,
  children,
}: {
  id: string
  title: string
  icon: LucideIcon
  query: { data: Data | undefined; isPending: boolean; isError: boolean }
  loadingLabel: string
  errorMessage: string
  /** Simulated figures (the default) carry the 'Simulated' badge and note; imported ones do not. */
  sample?: boolean
  children: (data: Data) => ReactNode
}) {
  const { data, isPending, isError } = query
  return (
    <Card className="h-full" role="region" aria-labelledby={id}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={id} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          {title}
        </CardTitle>
        {sample ? <SimulatedBadge /> : null}
        {sample ? (
          <p className="basis-full text-xs text-muted-foreground">{SIMULATED_PERIOD_NOTE}</p>
        ) : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <CardLoading label={loadingLabel} />
        ) : isError || data === undefined ? (
          <ErrorAlert className="my-4">{errorMessage}</ErrorAlert>
        ) : (
          children(data)
        )}
      </CardContent>
    </Card>
  )
}

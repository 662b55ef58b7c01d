import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { CardLoading, SampleDataBadge } from './card-state'

/**
 * The frame of a card of Google figures (Search Performance, Website Analytics): the title with
 * its icon, the 'Sample data' badge while Google is simulated, and the loading and failure states
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
  /** Simulated figures (the default) carry the 'Sample data' badge; imported ones do not. */
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
        {sample ? <SampleDataBadge /> : null}
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

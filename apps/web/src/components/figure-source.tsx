import { columnSource, differsFrom } from '@localseo/shared/figure-source'
import {
  figureSourceDescription,
  figureSourceLabel,
  formatVolume,
  type FigureSource,
} from '@localseo/shared/keyword-figures'
import { Badge } from '@/components/ui/badge'
import { useTimeZone } from '@/lib/time-zone'
import { cn } from '@/lib/utils'

/**
 * Where a figure came from (issue 15 item 2), the same on every screen: a short badge ('Simulated',
 * 'Estimate', 'Measured …', 'Check failed') whose tooltip and screen-reader text explain it.
 */
export function FigureSourceBadge({
  source,
  what,
  className,
}: {
  source: FigureSource
  /** The figure it is about, for the explanation: 'position' (the default), 'volume', 'score'. */
  what?: string
  className?: string
}) {
  const timeZone = useTimeZone()
  const description = figureSourceDescription(source, what, timeZone)
  return (
    <Badge
      variant="outline"
      title={description}
      data-source={source.kind}
      className={cn(
        'font-normal text-muted-foreground',
        source.kind === 'failed' && 'border-destructive/40 text-destructive',
        className,
      )}
    >
      {figureSourceLabel(source, timeZone)}
      <span className="sr-only">: {description}</span>
    </Badge>
  )
}

/** Data we created at sign-up, not the owner's: labelled wherever it shows (issue 15 item 2). */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <Badge
      variant="secondary"
      title="Sample data added when you signed up. Remove all of it in Settings."
      data-sample=""
      className={className}
    >
      Sample
    </Badge>
  )
}

/**
 * The source of a column of search volumes, for its header (issue 18 item 4): 'Source: DataForSEO
 * (Google Ads), October 2026' when a keyword data source answered, else 'Estimate'.
 */
export function VolumeColumnSource({
  sources,
  className,
}: {
  sources: readonly (FigureSource | undefined)[]
  className?: string
}) {
  return (
    <FigureSourceBadge source={columnSource(sources)} what="search volume" className={className} />
  )
}

/** A keyword's monthly searches ('No data' from a source, never 0), with its own source when it differs from the column's. */
export function VolumeFigure({
  volume,
  source,
  column,
}: {
  volume: number | null
  source: FigureSource | undefined
  column: readonly (FigureSource | undefined)[]
}) {
  const own = source ?? { kind: 'estimate' }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {formatVolume(volume, own)}
      {differsFrom(own, columnSource(column)) ? (
        <FigureSourceBadge source={own} what="search volume" />
      ) : null}
    </span>
  )
}

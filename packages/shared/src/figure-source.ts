// Where a figure came from (issue 15 item 2; issue 18 item 4): the source every keyword figure carries
// in the API and on screen. Apart from keyword-figures.ts so the keyword engine can use it too. In
// zod/mini: the dashboard's first screen parses it (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'

/**
 * Where a figure came from: `simulated` (the built-in rank simulation), `estimate` (the built-in
 * keyword engine, with the reason when a connected keyword data source could not answer), `measured`
 * at a time (a real provider answered), or `failed` with the reason.
 */
export const figureSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('simulated') }),
  /** `reason`: why a connected keyword data source's figure is not shown ('DataForSEO refused …'). */
  z.object({ kind: z.literal('estimate'), reason: z.optional(z.string()) }),
  /**
   * `provider`: who measured it ('SerpApi'), shown as 'SerpApi, checked Nov 25, 09:12 UTC'. A
   * monthly figure names its `month` ('2026-10'), shown as 'Source: DataForSEO (Google Ads), October
   * 2026', and `note` says more (the country searched when the provider does not know the city).
   */
  z.object({
    kind: z.literal('measured'),
    at: z.string(),
    provider: z.optional(z.string()),
    month: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}$/))),
    note: z.optional(z.string()),
  }),
  z.object({ kind: z.literal('failed'), reason: z.string() }),
])
export type FigureSource = z.infer<typeof figureSourceSchema>

const MEASURED_FORMAT = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
})

const MONTH_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** 'October 2026' for '2026-10'. */
export function monthLabel(month: string): string {
  return MONTH_FORMAT.format(new Date(`${month}-01T00:00:00Z`))
}

/**
 * When a figure was measured: on the business's clock in the reader's customs when its time zone is
 * given ('Nov 24, 6:10 AM', issue 32 item 5), else in UTC and saying so ('Nov 24, 06:10 UTC').
 */
function measuredAt(at: string, timeZone: string | undefined): string {
  if (!timeZone) return `${MEASURED_FORMAT.format(new Date(at))} UTC`
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(at))
}

/**
 * The short label shown beside a figure: 'Simulated', 'Estimate', 'Measured Nov 24, 06:10 UTC',
 * 'Source: DataForSEO (Google Ads), October 2026', 'Check failed'.
 */
export function figureSourceLabel(source: FigureSource, timeZone?: string): string {
  switch (source.kind) {
    case 'simulated':
      return 'Simulated'
    case 'estimate':
      return 'Estimate'
    case 'measured': {
      if (source.month)
        return `Source: ${source.provider ?? 'Measured'}, ${monthLabel(source.month)}`
      const at = measuredAt(source.at, timeZone)
      return source.provider ? `${source.provider}, checked ${at}` : `Measured ${at}`
    }
    case 'failed':
      return 'Check failed'
  }
}

/** The longer explanation for a tooltip or a screen reader; `what` names the figure. */
export function figureSourceDescription(
  source: FigureSource,
  what = 'position',
  timeZone?: string,
): string {
  switch (source.kind) {
    case 'simulated':
      return `Simulated ${what}: no data source is connected yet, so this is sample data, not a measurement.`
    case 'estimate': {
      const estimate = `Estimated ${what}: worked out by the built-in engine, not measured.`
      return source.reason ? `${estimate} ${source.reason}` : estimate
    }
    case 'measured': {
      const label = `${figureSourceLabel(source, timeZone)}.`
      return source.note ? `${label} ${source.note}` : label
    }
    case 'failed':
      return `The latest check failed: ${source.reason} The ${what} shown is the last one we know.`
  }
}

/**
 * The source a column of volumes names in its header (issue 18 item 4): a keyword data source's
 * when any row has its figures, else the estimate (with the first reason a source could not answer).
 */
export function columnSource(sources: readonly (FigureSource | undefined)[]): FigureSource {
  const known = sources.filter((s): s is FigureSource => s !== undefined)
  return (
    known.find((s) => s.kind === 'measured') ??
    known.find((s) => s.kind === 'estimate' && s.reason) ?? { kind: 'estimate' }
  )
}

/** Whether a row's source reads differently from its column's, so the row names its own. */
export function differsFrom(source: FigureSource | undefined, column: FigureSource): boolean {
  const own = source ?? { kind: 'estimate' }
  return own.kind !== column.kind || figureSourceLabel(own) !== figureSourceLabel(column)
}

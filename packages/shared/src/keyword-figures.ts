// One keyword, one set of figures (issue 15 items 1, 2; docs/decisions/016-one-keyword-entity.md): the
// record every screen and export reads for a keyword of a business or location, and where each of its
// figures came from.
import { z } from 'zod'
import { KEYWORD_LEVELS } from './keyword-engine.js'

/**
 * Where a figure came from: `simulated` (the built-in rank simulation), `estimate` (the built-in
 * keyword engine), `measured` at a time (a real provider answered), or `failed` with the reason.
 */
export const figureSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('simulated') }),
  z.object({ kind: z.literal('estimate') }),
  /** `provider`: who measured it ('SerpApi'), shown as 'SerpApi, checked Nov 25, 09:12 UTC'. */
  z.object({ kind: z.literal('measured'), at: z.string(), provider: z.string().optional() }),
  z.object({ kind: z.literal('failed'), reason: z.string() }),
])
export type FigureSource = z.infer<typeof figureSourceSchema>

export const keywordRecordSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  /** The latest successful check; null when the keyword was never checked successfully. */
  position: z.number().int().nullable(),
  /** The successful check before it; null for a keyword with one check (no change to show). */
  previousPosition: z.number().int().nullable(),
  /** null: never checked. `failed` when the latest check failed (position is then the last known). */
  positionSource: figureSourceSchema.nullable(),
  /** The latest successful check did not find the website in the first 100 results (issue 17). */
  notInTop100: z.boolean().optional(),
  /** Monthly searches; null when there is no estimate (the text is not a plausible search). */
  volume: z.number().int().nullable(),
  difficulty: z.enum(KEYWORD_LEVELS).nullable(),
  volumeSource: figureSourceSchema,
  /** Created as sample data at sign-up. */
  sample: z.boolean(),
  tracked: z.boolean(),
  analysedAt: z.string().nullable(),
  createdAt: z.string(),
})
export type KeywordRecord = z.infer<typeof keywordRecordSchema>

const MEASURED_FORMAT = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'UTC',
})

/** The short label shown beside a figure: 'Simulated', 'Estimate', 'Measured Nov 24, 06:10 UTC', 'Check failed'. */
export function figureSourceLabel(source: FigureSource): string {
  switch (source.kind) {
    case 'simulated':
      return 'Simulated'
    case 'estimate':
      return 'Estimate'
    case 'measured': {
      const at = `${MEASURED_FORMAT.format(new Date(source.at))} UTC`
      return source.provider ? `${source.provider}, checked ${at}` : `Measured ${at}`
    }
    case 'failed':
      return 'Check failed'
  }
}

/** The longer explanation for a tooltip or a screen reader; `what` names the figure. */
export function figureSourceDescription(source: FigureSource, what = 'position'): string {
  switch (source.kind) {
    case 'simulated':
      return `Simulated ${what}: no data source is connected yet, so this is sample data, not a measurement.`
    case 'estimate':
      return `Estimated ${what}: worked out by the built-in engine, not measured.`
    case 'measured':
      return `${figureSourceLabel(source)}.`
    case 'failed':
      return `The latest check failed: ${source.reason} The ${what} shown is the last one we know.`
  }
}

/**
 * A keyword's position as every screen writes it: '#14', 'Not in top 100' when the latest check
 * did not find the website in the first 100 results (never 0, issue 17), else `unchecked`.
 */
export function positionText(
  record: Pick<KeywordRecord, 'position' | 'notInTop100'>,
  unchecked: string,
): string {
  if (record.position !== null) return `#${record.position}`
  return record.notInTop100 ? 'Not in top 100' : unchecked
}

/** The text shown for a volume: the number, or 'No estimate' for text that is not a plausible search. */
export function formatVolume(volume: number | null): string {
  return volume === null ? 'No estimate' : volume.toLocaleString('en-US')
}

// One keyword, one set of figures (issue 15 items 1, 2; docs/decisions/016-one-keyword-entity.md): the
// record every screen and export reads for a keyword of a business or location, and where each of its
// figures came from. In zod/mini, apart from the keyword engine: the dashboard's first screen parses
// the record (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'
import { figureSourceSchema, type FigureSource } from './figure-source.js'

export {
  figureSourceDescription,
  figureSourceLabel,
  figureSourceSchema,
  type FigureSource,
} from './figure-source.js'

/** How a keyword's difficulty, competition and relevance read: Low, Medium or High. */
export const KEYWORD_LEVELS = ['low', 'medium', 'high'] as const
export type KeywordLevel = (typeof KEYWORD_LEVELS)[number]

export const keywordRecordSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  /** The latest successful check; null when the keyword was never checked successfully. */
  position: z.nullable(z.int()),
  /** The successful check before it; null for a keyword with one check (no change to show). */
  previousPosition: z.nullable(z.int()),
  /** null: never checked. `failed` when the latest check failed (position is then the last known). */
  positionSource: z.nullable(figureSourceSchema),
  /** The latest successful check did not find the website in the first 100 results (issue 17). */
  notInTop100: z.optional(z.boolean()),
  /** Monthly searches; null when there is no estimate (the text is not a plausible search). */
  volume: z.nullable(z.int()),
  difficulty: z.nullable(z.enum(KEYWORD_LEVELS)),
  volumeSource: figureSourceSchema,
  /** Created as sample data at sign-up. */
  sample: z.boolean(),
  tracked: z.boolean(),
  analysedAt: z.nullable(z.string()),
  createdAt: z.string(),
})
export type KeywordRecord = z.infer<typeof keywordRecordSchema>

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

/** Made once: `toLocaleString` makes a formatter per call, a table's worth of them per render. */
const volumeFormat = new Intl.NumberFormat('en-US')

/**
 * The text shown for a volume: the number; 'No data' when a keyword data source has none for the
 * search (never 0); 'No estimate' for text that is not a plausible search.
 */
export function formatVolume(volume: number | null, source?: FigureSource | null): string {
  if (volume !== null) return volumeFormat.format(volume)
  return source?.kind === 'measured' ? 'No data' : 'No estimate'
}

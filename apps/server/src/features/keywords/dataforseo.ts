// DataForSEO Keywords Data, Google Ads search volume (issue 18 item 4, ADR 024): one Live request
// `POST /v3/keywords_data/google_ads/search_volume/live` through the DataForSEO client
// (`lib/dataforseo.ts`) with one task `[{ keywords, location_name, language_code }]` (up to 1,000
// keywords of at most 80 characters and 10 words). The result is per keyword `search_volume`,
// `competition` (LOW/MEDIUM/HIGH), `competition_index` (0-100), `cpc` and `monthly_searches[{year,
// month, search_volume}]`, each null when Google Ads has no data. This module builds the task and
// reads the result; a failure is a KeywordDataFailure whose reason never contains the credentials.
import { z } from 'zod'
import {
  askDataForSeo,
  DataForSeoFailure,
  unknownShape,
  type DataForSeoOptions,
} from '../../lib/dataforseo.js'

export type { DataForSeoOptions }

export const DATAFORSEO_LABEL = 'DataForSEO (Google Ads)'
const DATAFORSEO_PATH = '/v3/keywords_data/google_ads/search_volume/live'

/** Google Ads limits (DataForSEO docs): keywords per task, characters and words per keyword. */
export const MAX_KEYWORDS_PER_REQUEST = 1000
const MAX_KEYWORD_CHARS = 80
const MAX_KEYWORD_WORDS = 10

/** Whether Google Ads takes the text as a keyword at all. */
export function askable(keyword: string): boolean {
  return (
    keyword.length > 0 &&
    keyword.length <= MAX_KEYWORD_CHARS &&
    keyword.split(' ').length <= MAX_KEYWORD_WORDS
  )
}

/** A request that failed for a reason the owner can read; `location` when the place was refused. */
export class KeywordDataFailure extends Error {
  constructor(
    message: string,
    readonly location = false,
  ) {
    super(message)
  }
}

const monthlySchema = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  search_volume: z.number().int().nonnegative().nullable(),
})

const resultSchema = z.object({
  keyword: z.string(),
  search_volume: z.number().int().nonnegative().nullish(),
  competition_index: z.number().min(0).max(100).nullish(),
  cpc: z.number().nonnegative().nullish(),
  monthly_searches: z.array(monthlySchema).nullish(),
})
const resultsSchema = z.array(resultSchema).nullish()

export interface KeywordFigures {
  keyword: string
  searchVolume: number | null
  /** 0-1 */
  competition: number | null
  cpc: number | null
  monthly: { year: number; month: number; volume: number | null }[]
}

/** A 40xxx error about the location: the adapter's caller asks again for the whole country. */
function locationRefused(failure: DataForSeoFailure): boolean {
  const code = failure.code ?? 0
  return code >= 40000 && code < 50000 && /location/i.test(failure.message)
}

function read(result: unknown): KeywordFigures[] {
  const parsed = resultsSchema.safeParse(result)
  if (!parsed.success) throw unknownShape()
  return (parsed.data ?? []).map((r) => ({
    keyword: r.keyword,
    searchVolume: r.search_volume ?? null,
    competition: r.competition_index == null ? null : Math.round(r.competition_index) / 100,
    cpc: r.cpc ?? null,
    monthly: (r.monthly_searches ?? []).map((m) => ({
      year: m.year,
      month: m.month,
      volume: m.search_volume,
    })),
  }))
}

/**
 * Search volume, competition and CPC of up to 1,000 keywords in one place. The credentials are
 * scrubbed from every reason, whatever DataForSEO echoes.
 */
export async function searchVolumes(
  options: DataForSeoOptions,
  request: { keywords: string[]; locationName: string; languageCode: string },
): Promise<KeywordFigures[]> {
  try {
    const result = await askDataForSeo(
      options,
      DATAFORSEO_PATH,
      {
        keywords: request.keywords,
        location_name: request.locationName,
        language_code: request.languageCode,
      },
      { retryNote: '; asked again on a later view' },
    )
    return read(result)
  } catch (error) {
    if (!(error instanceof DataForSeoFailure)) throw error
    throw new KeywordDataFailure(error.message, locationRefused(error))
  }
}

// DataForSEO Backlinks, summary of one referring domain (issue 32 item 4, ADR 032): one Live request
// `POST /v3/backlinks/summary/live` through the DataForSEO client (`lib/dataforseo.ts`) with one task
// `[{ target, include_subdomains, rank_scale: 'one_hundred' }]`, the target a domain without
// https:// and www. The result is `[0]`: `rank` (DataForSEO's domain rank, 0-100 on that scale) and
// `info.target_spam_score` (the average spam score of the domain's pages, 0-100), each absent or
// null when DataForSEO has no data. This module builds the task and reads the result; a failure is a
// BacklinkDataFailure whose reason never contains the credentials, and is never stored as a figure.
import { z } from 'zod'
import {
  askDataForSeo,
  DataForSeoFailure,
  unknownShape,
  type DataForSeoOptions,
} from '../../lib/dataforseo.js'

export const BACKLINK_DATA_LABEL = 'DataForSEO'
const SUMMARY_PATH = '/v3/backlinks/summary/live'

export type BacklinkDataOptions = DataForSeoOptions

export class BacklinkDataFailure extends Error {}

export interface DomainMetrics {
  /** DataForSEO's domain rank on its 0-100 scale, or null when it has none. */
  domainRank: number | null
  /** 0-100, or null when it has none. */
  spamScore: number | null
}

const score = z.number().min(0).max(100).nullish()

const resultSchema = z
  .array(
    z.object({
      target: z.string().nullish(),
      rank: score,
      info: z.object({ target_spam_score: score }).nullish(),
    }),
  )
  .nullish()

function read(result: unknown): DomainMetrics {
  const parsed = resultSchema.safeParse(result)
  if (!parsed.success) throw unknownShape()
  const first = parsed.data?.[0]
  const round = (value: number | null | undefined) => (value == null ? null : Math.round(value))
  return { domainRank: round(first?.rank), spamScore: round(first?.info?.target_spam_score) }
}

/** The domain rank and spam score of one referring domain ('yelp.com'). */
export async function domainSummary(
  options: BacklinkDataOptions,
  domain: string,
): Promise<DomainMetrics> {
  try {
    const result = await askDataForSeo(options, SUMMARY_PATH, {
      target: domain,
      include_subdomains: true,
      rank_scale: 'one_hundred',
    })
    return read(result)
  } catch (error) {
    if (error instanceof DataForSeoFailure) throw new BacklinkDataFailure(error.message)
    throw error
  }
}

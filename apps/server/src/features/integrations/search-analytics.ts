// Search Console's Search Analytics (issue 18 item 2, ADR 022): POST
// {GOOGLE_SEARCH_CONSOLE_URL}/sites/{siteUrl}/searchAnalytics/query with the body Google documents
// (developers.google.com/webmaster-tools/v1/searchanalytics/query): the dates in Pacific time, the
// dimensions, rowLimit up to 25,000 and startRow to page on, dataState 'final' so that no day still
// being counted is stored as if complete. The access token goes in the Authorization header only.
import { z } from 'zod'

const REQUEST_TIMEOUT_MS = 30_000
/** Google's maximum per request. */
const ROW_LIMIT = 25_000
/** At most this many pages per dimension (125,000 rows a run): a bound, never an endless loop. */
const MAX_PAGES = 5

const responseSchema = z.object({
  rows: z
    .array(
      z.object({
        keys: z.array(z.string()),
        clicks: z.number(),
        impressions: z.number(),
        ctr: z.number(),
        position: z.number(),
      }),
    )
    .optional(),
})

export type SearchAnalyticsDimension = 'total' | 'query' | 'page'

export interface SearchAnalyticsRow {
  dimension: SearchAnalyticsDimension
  day: string
  key: string
  clicks: number
  impressions: number
  ctr: number
  position: number
}

/** Why Google did not answer: 'quota' (429), 'unauthenticated' (401), 'refused' (403) or else. */
export class SearchAnalyticsError extends Error {
  constructor(
    readonly kind: 'quota' | 'unauthenticated' | 'refused' | 'failed',
    message: string,
  ) {
    super(message)
  }
}

const DIMENSIONS: Record<SearchAnalyticsDimension, string[]> = {
  total: ['date'],
  query: ['date', 'query'],
  page: ['date', 'page'],
}

async function post(url: string, accessToken: string, body: object) {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/json',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    throw new SearchAnalyticsError('failed', 'Google Search Console could not be reached.')
  }
  if (response.status === 429) {
    throw new SearchAnalyticsError('quota', "Google Search Console's request quota was used up.")
  }
  if (response.status === 401) {
    throw new SearchAnalyticsError('unauthenticated', 'Google refused the saved access.')
  }
  if (response.status === 403) {
    throw new SearchAnalyticsError(
      'refused',
      'Google Search Console refused access to this property: check it is still yours.',
    )
  }
  if (!response.ok) {
    throw new SearchAnalyticsError('failed', `Google Search Console answered ${response.status}.`)
  }
  const parsed = responseSchema.safeParse(await response.json().catch(() => null))
  if (!parsed.success) {
    throw new SearchAnalyticsError('failed', 'Google Search Console sent an unreadable answer.')
  }
  return parsed.data.rows ?? []
}

/** Every row of one dimension for the days asked, page by page; throws on the first failed page. */
export async function querySearchAnalytics(
  baseUrl: string,
  accessToken: string,
  request: {
    siteUrl: string
    startDate: string
    endDate: string
    dimension: SearchAnalyticsDimension
  },
): Promise<SearchAnalyticsRow[]> {
  const url = `${baseUrl.replace(/\/$/, '')}/sites/${encodeURIComponent(request.siteUrl)}/searchAnalytics/query`
  const rows: SearchAnalyticsRow[] = []
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await post(url, accessToken, {
      startDate: request.startDate,
      endDate: request.endDate,
      dimensions: DIMENSIONS[request.dimension],
      type: 'web',
      dataState: 'final',
      rowLimit: ROW_LIMIT,
      startRow: page * ROW_LIMIT,
    })
    for (const row of answer) {
      const [day, key = ''] = row.keys
      if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue
      rows.push({
        dimension: request.dimension,
        day,
        key: request.dimension === 'total' ? '' : key,
        clicks: Math.round(row.clicks),
        impressions: Math.round(row.impressions),
        ctr: row.ctr,
        position: row.position,
      })
    }
    if (answer.length < ROW_LIMIT) break
  }
  return rows
}

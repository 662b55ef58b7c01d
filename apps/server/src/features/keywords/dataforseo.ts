// DataForSEO Keywords Data, Google Ads search volume (issue 18 item 4, ADR 024): one Live request
// `POST /v3/keywords_data/google_ads/search_volume/live` with HTTP Basic auth (login:password) and a
// body of one task `[{ keywords, location_name, language_code }]` (up to 1,000 keywords of at most 80
// characters and 10 words). The answer is `tasks[0].result[]`: per keyword `search_volume`,
// `competition` (LOW/MEDIUM/HIGH), `competition_index` (0-100), `cpc` and `monthly_searches[{year,
// month, search_volume}]`, each null when Google Ads has no data. DataForSEO answers HTTP 200 with its
// own `status_code` (20000 is ok, 40xxx and 50xxx are errors) at the top and per task, except 401
// (login), 402 (billing) and 500. This module builds the request and reads the answer; a failure is a
// KeywordDataFailure whose reason never contains the credentials.
import { z } from 'zod'

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

export interface DataForSeoOptions {
  baseUrl: string
  login: string
  password: string
  timeoutMs: number
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

const answerSchema = z.object({
  status_code: z.number().int(),
  status_message: z.string().default(''),
  tasks: z
    .array(
      z.object({
        status_code: z.number().int(),
        status_message: z.string().default(''),
        result: z.array(resultSchema).nullish(),
      }),
    )
    .nullish(),
})

export interface KeywordFigures {
  keyword: string
  searchVolume: number | null
  /** 0-1 */
  competition: number | null
  cpc: number | null
  monthly: { year: number; month: number; volume: number | null }[]
}

function statusReason(status: number): string {
  if (status === 401 || status === 403) {
    return `DataForSEO refused the login (HTTP ${status}): check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.`
  }
  if (status === 402) {
    return 'DataForSEO could not bill the account (HTTP 402): check its balance at app.dataforseo.com.'
  }
  if (status === 429) {
    return 'DataForSEO says too many requests were made at once (HTTP 429); asked again on a later view.'
  }
  if (status >= 500) return `DataForSEO had an error (HTTP ${status}); asked again on a later view.`
  return `DataForSEO refused the request (HTTP ${status}).`
}

/** DataForSEO's own message in an error answer, short, or null. */
function statusMessage(text: string): string | null {
  try {
    const said = (JSON.parse(text) as { status_message?: unknown }).status_message
    return typeof said === 'string' && said.trim() ? said.trim().slice(0, 200) : null
  } catch {
    return null
  }
}

async function post(options: DataForSeoOptions, body: unknown): Promise<string> {
  const token = Buffer.from(`${options.login}:${options.password}`).toString('base64')
  let response: Response
  try {
    response = await fetch(new URL(DATAFORSEO_PATH, options.baseUrl), {
      method: 'POST',
      headers: { Authorization: `Basic ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') {
      const seconds = Math.round(options.timeoutMs / 100) / 10
      throw new KeywordDataFailure(`DataForSEO did not answer within ${seconds} s.`)
    }
    throw new KeywordDataFailure('DataForSEO could not be reached.')
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) {
    const said = statusMessage(text)
    const reason = statusReason(response.status)
    throw new KeywordDataFailure(said ? `${reason} It said: ${said}` : reason)
  }
  return text
}

/** An error DataForSEO reports inside a 200 answer, with its code; location errors are marked. */
function reported(code: number, message: string): KeywordDataFailure {
  const said = message.trim().slice(0, 200) || 'no message'
  return new KeywordDataFailure(
    `DataForSEO answered ${code}: ${said}`,
    code >= 40000 && code < 50000 && /location/i.test(message),
  )
}

function read(text: string): KeywordFigures[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new KeywordDataFailure('DataForSEO answered something that is not JSON.')
  }
  const parsed = answerSchema.safeParse(json)
  if (!parsed.success)
    throw new KeywordDataFailure('DataForSEO answered in a shape we do not know.')
  const answer = parsed.data
  if (answer.status_code !== 20000) throw reported(answer.status_code, answer.status_message)
  const task = answer.tasks?.[0]
  if (!task) throw new KeywordDataFailure('DataForSEO answered without a task.')
  if (task.status_code !== 20000) throw reported(task.status_code, task.status_message)
  return (task.result ?? []).map((r) => ({
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
  const secrets = [options.password, options.login].filter((s) => s.length >= 4)
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join('…'), text)
  try {
    const text = await post(options, [
      {
        keywords: request.keywords,
        location_name: request.locationName,
        language_code: request.languageCode,
      },
    ])
    return read(text)
  } catch (error) {
    if (error instanceof KeywordDataFailure) {
      throw new KeywordDataFailure(scrub(error.message), error.location)
    }
    throw error
  }
}

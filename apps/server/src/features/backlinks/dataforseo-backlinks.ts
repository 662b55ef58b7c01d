// DataForSEO Backlinks, summary of one referring domain (issue 32 item 4, ADR 032): one Live request
// `POST /v3/backlinks/summary/live` with HTTP Basic auth (login:password) and a body of one task
// `[{ target, include_subdomains, rank_scale: 'one_hundred' }]`, the target a domain without
// https:// and www. The answer is `tasks[0].result[0]`: `rank` (DataForSEO's domain rank, 0-100 on
// that scale) and `info.target_spam_score` (the average spam score of the domain's pages, 0-100),
// each absent or null when DataForSEO has no data. DataForSEO answers HTTP 200 with its own
// `status_code` (20000 is ok) at the top and per task, except 401 (login), 402 (billing) and 5xx.
// This module builds the request and reads the answer; a failure is a BacklinkDataFailure whose
// reason never contains the credentials, and is never stored as a figure.
import { z } from 'zod'

export const BACKLINK_DATA_LABEL = 'DataForSEO'
const SUMMARY_PATH = '/v3/backlinks/summary/live'

export interface BacklinkDataOptions {
  baseUrl: string
  login: string
  password: string
  timeoutMs: number
}

export class BacklinkDataFailure extends Error {}

export interface DomainMetrics {
  /** DataForSEO's domain rank on its 0-100 scale, or null when it has none. */
  domainRank: number | null
  /** 0-100, or null when it has none. */
  spamScore: number | null
}

const score = z.number().min(0).max(100).nullish()

const answerSchema = z.object({
  status_code: z.number().int(),
  status_message: z.string().default(''),
  tasks: z
    .array(
      z.object({
        status_code: z.number().int(),
        status_message: z.string().default(''),
        result: z
          .array(
            z.object({
              target: z.string().nullish(),
              rank: score,
              info: z.object({ target_spam_score: score }).nullish(),
            }),
          )
          .nullish(),
      }),
    )
    .nullish(),
})

function statusReason(status: number): string {
  if (status === 401 || status === 403) {
    return `DataForSEO refused the login (HTTP ${status}): check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.`
  }
  if (status === 402) {
    return 'DataForSEO could not bill the account (HTTP 402): check its balance at app.dataforseo.com.'
  }
  if (status === 429) return 'DataForSEO says too many requests were made at once (HTTP 429).'
  if (status >= 500) return `DataForSEO had an error (HTTP ${status}).`
  return `DataForSEO refused the request (HTTP ${status}).`
}

async function post(options: BacklinkDataOptions, body: unknown): Promise<string> {
  const token = Buffer.from(`${options.login}:${options.password}`).toString('base64')
  let response: Response
  try {
    response = await fetch(new URL(SUMMARY_PATH, options.baseUrl), {
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
      throw new BacklinkDataFailure(`DataForSEO did not answer within ${seconds} s.`)
    }
    throw new BacklinkDataFailure('DataForSEO could not be reached.')
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) throw new BacklinkDataFailure(statusReason(response.status))
  return text
}

function read(text: string): DomainMetrics {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new BacklinkDataFailure('DataForSEO answered something that is not JSON.')
  }
  const parsed = answerSchema.safeParse(json)
  if (!parsed.success) {
    throw new BacklinkDataFailure('DataForSEO answered in a shape we do not know.')
  }
  const answer = parsed.data
  const said = (code: number, message: string) =>
    new BacklinkDataFailure(
      `DataForSEO answered ${code}: ${message.trim().slice(0, 200) || 'no message'}`,
    )
  if (answer.status_code !== 20000) throw said(answer.status_code, answer.status_message)
  const task = answer.tasks?.[0]
  if (!task) throw new BacklinkDataFailure('DataForSEO answered without a task.')
  if (task.status_code !== 20000) throw said(task.status_code, task.status_message)
  const result = task.result?.[0]
  const round = (value: number | null | undefined) => (value == null ? null : Math.round(value))
  return { domainRank: round(result?.rank), spamScore: round(result?.info?.target_spam_score) }
}

/** The domain rank and spam score of one referring domain ('yelp.com'). */
export async function domainSummary(
  options: BacklinkDataOptions,
  domain: string,
): Promise<DomainMetrics> {
  const secrets = [options.password, options.login].filter((s) => s.length >= 4)
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join('…'), text)
  try {
    const text = await post(options, [
      { target: domain, include_subdomains: true, rank_scale: 'one_hundred' },
    ])
    return read(text)
  } catch (error) {
    if (error instanceof BacklinkDataFailure) throw new BacklinkDataFailure(scrub(error.message))
    throw error
  }
}

// One DataForSEO client for every adapter (keyword volumes, ADR 024; backlink domain figures,
// ADR 032): a Live request `POST <path>` with HTTP Basic auth (login:password) and a body of one
// task. DataForSEO answers HTTP 200 with its own `status_code` (20000 is ok, 40xxx and 50xxx are
// errors) at the top and per task, except 401 (login), 402 (billing), 429 and 5xx. This module
// sends the task and returns `tasks[0].result`, unread; each adapter reads its own result. A failure
// is a DataForSeoFailure whose reason the owner can read and never contains the credentials.
import { z } from 'zod'
import type { AppMetrics } from './metrics.js'

export interface DataForSeoOptions {
  baseUrl: string
  login: string
  password: string
  timeoutMs: number
  /** Counts every request, ok or failed, as provider 'dataforseo' (GET /metrics). */
  metrics?: Pick<AppMetrics, 'providerCall'>
}

/** A request that failed; `code` is the status DataForSEO reported inside a 200 answer, if any. */
export class DataForSeoFailure extends Error {
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message)
  }
}

export interface AskOptions {
  /** Said after a failure that may pass (429, 5xx): '; asked again on a later view'. */
  retryNote?: string
}

const envelopeSchema = z.object({
  status_code: z.number().int(),
  status_message: z.string().default(''),
  tasks: z
    .array(
      z.object({
        status_code: z.number().int(),
        status_message: z.string().default(''),
        result: z.unknown(),
      }),
    )
    .nullish(),
})

function statusReason(status: number, retryNote: string): string {
  if (status === 401 || status === 403) {
    return `DataForSEO refused the login (HTTP ${status}): check DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD.`
  }
  if (status === 402) {
    return 'DataForSEO could not bill the account (HTTP 402): check its balance at app.dataforseo.com.'
  }
  if (status === 429) {
    return `DataForSEO says too many requests were made at once (HTTP 429)${retryNote}.`
  }
  if (status >= 500) return `DataForSEO had an error (HTTP ${status})${retryNote}.`
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

async function post(
  options: DataForSeoOptions,
  path: string,
  body: unknown,
  retryNote: string,
): Promise<string> {
  const token = Buffer.from(`${options.login}:${options.password}`).toString('base64')
  let response: Response
  try {
    response = await fetch(new URL(path, options.baseUrl), {
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
      throw new DataForSeoFailure(`DataForSEO did not answer within ${seconds} s.`)
    }
    throw new DataForSeoFailure('DataForSEO could not be reached.')
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) {
    const said = statusMessage(text)
    const reason = statusReason(response.status, retryNote)
    throw new DataForSeoFailure(said ? `${reason} It said: ${said}` : reason)
  }
  return text
}

/** An error DataForSEO reports inside a 200 answer, with its code. */
function reported(code: number, message: string): DataForSeoFailure {
  const said = message.trim().slice(0, 200) || 'no message'
  return new DataForSeoFailure(`DataForSEO answered ${code}: ${said}`, code)
}

function taskResult(text: string): unknown {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new DataForSeoFailure('DataForSEO answered something that is not JSON.')
  }
  const parsed = envelopeSchema.safeParse(json)
  if (!parsed.success) throw unknownShape()
  const answer = parsed.data
  if (answer.status_code !== 20000) throw reported(answer.status_code, answer.status_message)
  const task = answer.tasks?.[0]
  if (!task) throw new DataForSeoFailure('DataForSEO answered without a task.')
  if (task.status_code !== 20000) throw reported(task.status_code, task.status_message)
  return task.result
}

/** The failure of an answer whose result an adapter cannot read. */
export const unknownShape = () =>
  new DataForSeoFailure('DataForSEO answered in a shape we do not know.')

/**
 * Sends one task to `path` and returns its `result` as DataForSEO answered it. The credentials are
 * scrubbed from every reason, whatever DataForSEO echoes.
 */
export async function askDataForSeo(
  options: DataForSeoOptions,
  path: string,
  task: Record<string, unknown>,
  { retryNote = '' }: AskOptions = {},
): Promise<unknown> {
  try {
    const result = taskResult(await post(options, path, [task], retryNote))
    options.metrics?.providerCall('dataforseo', 'ok')
    return result
  } catch (error) {
    if (!(error instanceof DataForSeoFailure)) throw error
    options.metrics?.providerCall('dataforseo', 'failed')
    throw new DataForSeoFailure(scrub(options, error.message), error.code)
  }
}

/** The reason without the login or password (each at least 4 characters long). */
function scrub(options: DataForSeoOptions, text: string): string {
  const secrets = [options.password, options.login].filter((s) => s.length >= 4)
  return secrets.reduce((t, s) => t.split(s).join('…'), text)
}

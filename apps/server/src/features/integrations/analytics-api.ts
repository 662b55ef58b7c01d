// Google Analytics 4's two APIs over the owner's access token (issue 18 item 3, ADR 023): the Admin
// API lists the properties the account can read (accountSummaries.list, paged), the Data API runs
// one report (properties.runReport). Google's answers become the owner's words: a spent quota (429),
// a property no longer readable (403), an unreachable or unreadable Google. The token goes in the
// Authorization header only.
import { z } from 'zod'
import { AppError } from '../../lib/errors.js'
import { GoogleTokenRefused } from './google-connection.js'

const REQUEST_TIMEOUT_MS = 20_000
/** accountSummaries pages asked at most (200 accounts each): an account list is never endless. */
const MAX_SUMMARY_PAGES = 10

const summariesSchema = z.object({
  accountSummaries: z
    .array(
      z.object({
        account: z.string(),
        displayName: z.string().optional(),
        propertySummaries: z
          .array(
            z.object({
              property: z.string().regex(/^properties\/\d+$/),
              displayName: z.string().optional(),
              propertyType: z.string().optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
})

export interface AccountProperty {
  property: string
  displayName: string
  accountName: string
}

const reportSchema = z.object({
  dimensionHeaders: z.array(z.object({ name: z.string() })).optional(),
  metricHeaders: z.array(z.object({ name: z.string() })).optional(),
  rows: z
    .array(
      z.object({
        dimensionValues: z.array(z.object({ value: z.string().optional() })).optional(),
        metricValues: z.array(z.object({ value: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  metadata: z.object({ dataLossFromOtherRow: z.boolean().optional() }).optional(),
})

/** One report row by header name: dimensions as text, metrics as numbers. */
interface ReportRow {
  dimensions: Record<string, string>
  metrics: Record<string, number>
}

export interface Report {
  rows: ReportRow[]
  /** Google rolled some rows into '(other)' (metadata.dataLossFromOtherRow). */
  groupedOther: boolean
}

export interface ReportRequest {
  dateRanges: { startDate: string; endDate: string; name: string }[]
  dimensions: string[]
  metrics: string[]
  /** Rows asked for, the largest metric first; all when not given. */
  limit?: number
}

const base = (url: string) => url.replace(/\/+$/, '')

async function callGoogle(url: string, accessToken: string, body?: unknown): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    throw new AppError('bad_gateway', 'Google Analytics could not be reached. Try again later.')
  }
  if (response.status === 429) {
    throw new AppError(
      'rate_limited',
      "Google Analytics' request quota for this property is used up for now: the next import tries again.",
    )
  }
  if (response.status === 401) throw new GoogleTokenRefused('Google Analytics')
  if (response.status === 403) {
    throw new AppError(
      'bad_gateway',
      'Google Analytics refused access to this property: check that your Google account can still read it, or pick another one.',
    )
  }
  if (!response.ok)
    throw new AppError('bad_gateway', `Google Analytics answered ${response.status}.`)
  return response.json().catch(() => null)
}

const unreadable = () => new AppError('bad_gateway', 'Google Analytics sent an unreadable answer.')

/** Every GA4 property the account can read, across the pages of accountSummaries. */
export async function listAccountProperties(
  adminUrl: string,
  accessToken: string,
): Promise<AccountProperty[]> {
  const properties: AccountProperty[] = []
  let pageToken: string | undefined
  for (let page = 0; page < MAX_SUMMARY_PAGES; page++) {
    const url = new URL(`${base(adminUrl)}/v1beta/accountSummaries`)
    url.searchParams.set('pageSize', '200')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const answer = summariesSchema.safeParse(await callGoogle(url.toString(), accessToken))
    if (!answer.success) throw unreadable()
    for (const account of answer.data.accountSummaries ?? []) {
      for (const summary of account.propertySummaries ?? []) {
        properties.push({
          property: summary.property,
          displayName: summary.displayName ?? summary.property,
          accountName: account.displayName ?? account.account,
        })
      }
    }
    pageToken = answer.data.nextPageToken
    if (!pageToken) break
  }
  return properties
}

/** Runs one report of the property; rows keyed by the header names Google sent. */
export async function runReport(
  dataUrl: string,
  accessToken: string,
  property: string,
  request: ReportRequest,
): Promise<Report> {
  const [metric] = request.metrics
  const body = {
    dateRanges: request.dateRanges,
    dimensions: request.dimensions.map((name) => ({ name })),
    metrics: request.metrics.map((name) => ({ name })),
    ...(request.limit
      ? {
          limit: String(request.limit),
          orderBys: [{ metric: { metricName: metric }, desc: true }],
        }
      : {}),
  }
  const answer = reportSchema.safeParse(
    await callGoogle(`${base(dataUrl)}/v1beta/${property}:runReport`, accessToken, body),
  )
  if (!answer.success) throw unreadable()
  const dimensionNames = (answer.data.dimensionHeaders ?? []).map((header) => header.name)
  const metricNames = (answer.data.metricHeaders ?? []).map((header) => header.name)
  const rows = (answer.data.rows ?? []).map((row) => ({
    dimensions: Object.fromEntries(
      dimensionNames.map((name, i) => [name, row.dimensionValues?.[i]?.value ?? '']),
    ),
    metrics: Object.fromEntries(
      metricNames.map((name, i) => {
        const value = Number(row.metricValues?.[i]?.value ?? 0)
        return [name, Number.isFinite(value) ? Math.round(value) : 0]
      }),
    ),
  }))
  return { rows, groupedOther: answer.data.metadata?.dataLossFromOtherRow ?? false }
}

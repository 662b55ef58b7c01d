// The Google Analytics 4 part of the fake Google (issue 18 items 3 and 5), replaying the recorded
// answers in fixtures/google-analytics/, shaped as Google documents them:
//   GET  /v1beta/accountSummaries           Admin API: the account's properties, two pages
//                                           (pageSize, pageToken → nextPageToken)
//   POST /v1beta/properties/{id}:runReport  Data API: the report its dimensions name (none: the
//                                           totals; newVsReturning, sessionDefaultChannelGroup,
//                                           pagePath, city); 'Old blog' has no data (no rows)
// A valid access token is needed (401 otherwise); a property of another account is 403; after
// `failAnalytics(status, after)` the Data API answers `status` from its `after`th report on.
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readJson } from './fixture-server.js'

const fixture = (name: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/google-analytics/${name}.json`, import.meta.url), 'utf8'),
  )

/** The property with recorded figures, and one Google has no data for. */
export const GA4_PROPERTY = 'properties/314159265'
export const GA4_EMPTY_PROPERTY = 'properties/271828182'
const KNOWN = new Set([GA4_PROPERTY, GA4_EMPTY_PROPERTY, 'properties/161803398'])

const REPORTS: Record<string, string> = {
  '': 'report-totals',
  newVsReturning: 'report-new-vs-returning',
  sessionDefaultChannelGroup: 'report-channels',
  pagePath: 'report-pages',
  city: 'report-cities',
}

const ERRORS: Record<number, { message: string; status: string }> = {
  403: {
    message: 'User does not have sufficient permissions for this property.',
    status: 'PERMISSION_DENIED',
  },
  429: {
    message:
      'Exhausted property tokens per day for a property. To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas',
    status: 'RESOURCE_EXHAUSTED',
  },
  500: { message: 'Internal error encountered.', status: 'INTERNAL' },
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const googleError = (res: ServerResponse, code: number) => {
  const known = ERRORS[code] ?? ERRORS[500]!
  json(res, code, { error: { code, ...known } })
}

interface ReportRequest {
  dateRanges?: { startDate?: string; endDate?: string; name?: string }[]
  dimensions?: { name: string }[]
  metrics?: { name: string }[]
}

/** No data: the headers Google would send, and neither rows nor rowCount (proto3 leaves them out). */
function emptyReport(request: ReportRequest) {
  const ranges = request.dateRanges?.length ?? 0
  return {
    dimensionHeaders: [
      ...(request.dimensions ?? []),
      ...(ranges > 1 ? [{ name: 'dateRange' }] : []),
    ].map(({ name }) => ({ name })),
    metricHeaders: (request.metrics ?? []).map(({ name }) => ({ name, type: 'TYPE_INTEGER' })),
    metadata: { currencyCode: 'USD', timeZone: 'America/Chicago' },
    kind: 'analyticsData#runReport',
  }
}

export function createFakeAnalytics(authorized: (req: IncomingMessage) => boolean) {
  const settings = { failStatus: 200, failAfter: 0, reports: 0 }
  /** The bodies of the runReport requests, to check what was asked. */
  const reportRequests: ReportRequest[] = []

  function summaries(url: URL, res: ServerResponse) {
    const page = url.searchParams.get('pageToken') === 'page-2' ? 2 : 1
    json(res, 200, fixture(`account-summaries-${page}`))
  }

  async function runReport(property: string, req: IncomingMessage, res: ServerResponse) {
    const request = (await readJson(req)) as ReportRequest | null
    const ranges = request?.dateRanges ?? []
    if (!request || ranges.length < 1 || ranges.length > 4 || !request.metrics?.length) {
      return json(res, 400, {
        error: { code: 400, message: 'Invalid report request.', status: 'INVALID_ARGUMENT' },
      })
    }
    reportRequests.push(request)
    settings.reports += 1
    if (settings.failStatus !== 200 && settings.reports > settings.failAfter) {
      return googleError(res, settings.failStatus)
    }
    if (!KNOWN.has(property)) return googleError(res, 403)
    const name = REPORTS[request.dimensions?.[0]?.name ?? '']
    if (property !== GA4_PROPERTY || !name) return json(res, 200, emptyReport(request))
    json(res, 200, fixture(name))
  }

  return {
    reportRequests,
    /** Answers the GA4 routes; false for any other. */
    handle(req: IncomingMessage, res: ServerResponse, url: URL, calls: string[]): boolean {
      const report = /^\/v1beta\/(properties\/\d+):runReport$/.exec(url.pathname)
      const isSummaries = req.method === 'GET' && url.pathname === '/v1beta/accountSummaries'
      if (!isSummaries && !(req.method === 'POST' && report)) return false
      calls.push(`${req.method} ${url.pathname}`)
      if (!authorized(req)) {
        json(res, 401, {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        })
        return true
      }
      if (isSummaries) summaries(url, res)
      else void runReport(report![1]!, req, res)
      return true
    },
    /** From the `after`th report on (0: the first), the Data API answers `status`; 200 ends it. */
    failAnalytics: (status: 200 | 403 | 429 | 500, after = 0) => {
      settings.failStatus = status
      settings.failAfter = after
      settings.reports = 0
    },
  }
}

// Search Console's Search Analytics for the fake Google (issue 18 item 5): POST
// /webmasters/v3/sites/{siteUrl}/searchAnalytics/query replaying the recorded answers in
// fixtures/search-console/ (by date, date+query, date+page; shaped as
// developers.google.com/webmaster-tools/v1/searchanalytics/query documents them), filtered to the
// dates asked and paged by rowLimit/startRow. The recorded days are moved to end on the last day
// Google has finalised; the FRESH_DAYS after it are answered only to dataState 'all'.
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readJson } from './fixture-server.js'

interface AnalyticsRow {
  keys: string[]
  clicks: number
  impressions: number
  ctr: number
  position: number
}

interface AnalyticsBody {
  startDate?: string
  endDate?: string
  dimensions?: string[]
  dataState?: string
  rowLimit?: number
  startRow?: number
}

const recorded = (name: string) =>
  (
    JSON.parse(
      readFileSync(new URL(`./fixtures/search-console/${name}.json`, import.meta.url), 'utf8'),
    ) as { rows: AnalyticsRow[] }
  ).rows

const RECORDED: Record<string, AnalyticsRow[]> = {
  date: recorded('date'),
  'date,query': recorded('date-query'),
  'date,page': recorded('date-page'),
}
const RECORDED_LAST_DAY = '2026-03-22'
/** Days Google still counts: answered only to dataState 'all'. */
const FRESH_DAYS = 2
const DAY_MS = 86_400_000
const PATH = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } })

/** `refusal` answers Google's 401 or 429 for the request (and true), or false to go on. */
export function createFakeSearchAnalytics(
  refusal: (req: IncomingMessage, res: ServerResponse) => boolean,
  siteUrls: () => string[],
) {
  const settings = {
    data: 'recorded' as 'recorded' | 'empty',
    finalThrough: shiftDay(RECORDED_LAST_DAY, -FRESH_DAYS),
    failAfter: null as number | null,
    answered: 0,
  }
  /** Every body received, with the property it named, oldest first. */
  const requests: (AnalyticsBody & { siteUrl: string })[] = []

  function rowsFor(body: AnalyticsBody) {
    const rows = RECORDED[(body.dimensions ?? []).join(',')]
    const { startDate, endDate } = body
    if (!rows || !startDate || !endDate) return undefined
    if (settings.data === 'empty') return []
    const recordedFinal = shiftDay(RECORDED_LAST_DAY, -FRESH_DAYS)
    const shift = (Date.parse(settings.finalThrough) - Date.parse(recordedFinal)) / DAY_MS
    const lastShown =
      body.dataState === 'all' ? shiftDay(settings.finalThrough, FRESH_DAYS) : settings.finalThrough
    return rows
      .map((row) => ({ ...row, keys: [shiftDay(row.keys[0] ?? '', shift), ...row.keys.slice(1)] }))
      .filter(({ keys: [day = ''] }) => day >= startDate && day <= endDate && day <= lastShown)
  }

  async function query(req: IncomingMessage, res: ServerResponse, siteUrl: string) {
    if (refusal(req, res)) return
    if (!siteUrls().includes(siteUrl)) {
      const message = `User does not have sufficient permission for site '${siteUrl}'.`
      return googleError(res, 403, 'PERMISSION_DENIED', message)
    }
    const body = ((await readJson(req)) ?? {}) as AnalyticsBody
    requests.push({ siteUrl, ...body })
    if (settings.failAfter !== null && settings.answered >= settings.failAfter) {
      return googleError(res, 500, 'INTERNAL', 'Internal error encountered.')
    }
    settings.answered++
    const rows = rowsFor(body)
    if (!rows)
      return googleError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.')
    const start = body.startRow ?? 0
    const page = rows.slice(start, start + Math.min(body.rowLimit ?? 1000, 25_000))
    const responseAggregationType = body.dimensions?.includes('page') ? 'byPage' : 'byProperty'
    // Google leaves `rows` out when there are none.
    json(
      res,
      200,
      page.length > 0 ? { rows: page, responseAggregationType } : { responseAggregationType },
    )
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse, url: URL, calls: string[]): boolean {
      const site = PATH.exec(url.pathname)?.[1]
      if (req.method !== 'POST' || site === undefined) return false
      calls.push('POST searchAnalytics.query')
      query(req, res, decodeURIComponent(site)).catch(() =>
        googleError(res, 500, 'INTERNAL', 'Internal error encountered.'),
      )
      return true
    },
    requests,
    /** The recorded rows, or a property without data (Google then leaves out `rows`). */
    setData(data: 'recorded' | 'empty') {
      settings.data = data
    },
    /** The last day Google has finalised (YYYY-MM-DD): the recorded days end there. */
    setFinalThrough(day: string) {
      settings.finalThrough = day
    },
    /** After `answers` more answers, every one fails with 500; null: never again. */
    failAfter(answers: number | null) {
      settings.failAfter = answers === null ? null : settings.answered + answers
    },
  }
}

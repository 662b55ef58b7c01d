// Search Console's daily import (issue 18 item 2, ADR 022): the first run copies the last 60 days
// (28 shown, the 28 before to compare, and the lag), later runs only the days after the last one stored.
// Google finalises a day 2-3 days late; only final days are asked for, so the stored rows end on
// the last complete day (`lastDay`), which the screens name. Everything is fetched before anything
// is written, in one transaction: a failure (quota, revoked access, a page that fails half-way)
// leaves the stored rows as they were and records why.
import { addDays } from '@localseo/shared/rank-tracker'
import { and, eq, gte, lt } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { searchConsoleImports, searchConsoleRows } from '../../db/schema/search-console.js'
import { AppError } from '../../lib/errors.js'
import { withGoogleToken } from './google-connection.js'
import type { GoogleConnectionRow, ImportDeps } from './google-imports.js'
import type { GoogleOAuthConfig } from './google-oauth.js'
import {
  querySearchAnalytics,
  SearchAnalyticsError,
  type SearchAnalyticsDimension,
  type SearchAnalyticsRow,
} from './search-analytics.js'

/** The first import: 28 days shown and the 28 before them, and Google's few days of lag. */
const FIRST_IMPORT_DAYS = 60
/** Older rows are dropped: the screens compare 56 days, the keyword history shows fewer. */
const KEEP_DAYS = 90
const INSERT_BATCH = 500
const DIMENSIONS: SearchAnalyticsDimension[] = ['total', 'query', 'page']

/** Search Console counts days in Pacific time. */
function pacificDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(now)
}

export async function importStatus(db: ImportDeps['db'], businessId: string) {
  const [row] = await db
    .select()
    .from(searchConsoleImports)
    .where(eq(searchConsoleImports.businessId, businessId))
  return row
}

type ImportRow = Awaited<ReturnType<typeof importStatus>>

/** The days to ask for: after the last stored one, or the first import's 56. */
function daysToAsk(previous: ImportRow, siteUrl: string, now: Date) {
  const endDate = addDays(pacificDay(now), -1)
  const earliest = addDays(endDate, -(FIRST_IMPORT_DAYS - 1))
  const sameSite = previous?.siteUrl === siteUrl
  const next = sameSite && previous.lastDay ? addDays(previous.lastDay, 1) : earliest
  return { startDate: next > earliest ? next : earliest, endDate, sameSite }
}

async function insertRows(tx: Tx, businessId: string, rows: SearchAnalyticsRow[]) {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx
      .insert(searchConsoleRows)
      .values(rows.slice(i, i + INSERT_BATCH).map((row) => ({ businessId, ...row })))
      .onConflictDoNothing()
  }
}

async function storeImport(
  deps: ImportDeps,
  run: { businessId: string; siteUrl: string; startDate: string; sameSite: boolean },
  previous: ImportRow,
  rows: SearchAnalyticsRow[],
) {
  const { businessId, siteUrl, startDate, sameSite } = run
  const now = deps.clock.now()
  const newest = rows
    .filter((row) => row.dimension === 'total')
    .reduce<string | null>((last, row) => (last && last > row.day ? last : row.day), null)
  const lastDay = newest ?? (sameSite ? (previous?.lastDay ?? null) : null)
  const keepFrom = addDays(lastDay ?? startDate, -(KEEP_DAYS - 1))
  const firstDay = sameSite && previous?.firstDay ? previous.firstDay : startDate
  const values = {
    siteUrl,
    status: 'ok' as const,
    reason: null,
    lastAttemptAt: now,
    importedAt: now,
    firstDay: firstDay < keepFrom ? keepFrom : firstDay,
    lastDay,
  }
  await deps.db.transaction(async (tx) => {
    const mine = eq(searchConsoleRows.businessId, businessId)
    // Another property's rows go; the days asked again are replaced, never counted twice.
    await tx
      .delete(searchConsoleRows)
      .where(sameSite ? and(mine, gte(searchConsoleRows.day, startDate)) : mine)
    await insertRows(tx, businessId, rows)
    await tx.delete(searchConsoleRows).where(and(mine, lt(searchConsoleRows.day, keepFrom)))
    await tx
      .insert(searchConsoleImports)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: searchConsoleImports.businessId, set: values })
  })
  return lastDay
}

/** A failed attempt: the stored rows stay (another property's go), with the reason. */
async function recordFailure(
  deps: ImportDeps,
  run: { businessId: string; siteUrl: string; sameSite: boolean },
  reason: string,
) {
  const now = deps.clock.now()
  const kept = run.sameSite ? {} : { importedAt: null, firstDay: null, lastDay: null }
  const values = { siteUrl: run.siteUrl, status: 'failed' as const, reason, lastAttemptAt: now }
  await deps.db.transaction(async (tx) => {
    if (!run.sameSite) {
      await tx.delete(searchConsoleRows).where(eq(searchConsoleRows.businessId, run.businessId))
    }
    await tx
      .insert(searchConsoleImports)
      .values({ businessId: run.businessId, ...values })
      .onConflictDoUpdate({
        target: searchConsoleImports.businessId,
        set: { ...values, ...kept },
      })
  })
}

/** Every dimension's rows; a token Google refuses before its expiry is renewed once. */
async function fetchDays(
  deps: ImportDeps,
  config: GoogleOAuthConfig,
  run: { businessId: string; siteUrl: string; startDate: string; endDate: string },
) {
  const ask = async (token: string) => {
    let rows: SearchAnalyticsRow[] = []
    for (const dimension of DIMENSIONS) {
      const request = { ...run, dimension }
      const more = await querySearchAnalytics(deps.env.GOOGLE_SEARCH_CONSOLE_URL, token, request)
      rows = rows.concat(more)
    }
    return rows
  }
  return withGoogleToken(
    deps,
    config,
    run.businessId,
    ask,
    (error) => error instanceof SearchAnalyticsError && error.kind === 'unauthenticated',
  )
}

function failureReason(error: unknown): string | undefined {
  if (error instanceof SearchAnalyticsError) {
    return `${error.message} The next import tries again.`
  }
  // googleAccessToken: not connected, revoked ('Reconnect'), or Google's token endpoint failing.
  if (error instanceof AppError) return error.message
  return undefined
}

/** Imports the new days of the chosen property; null when no property is chosen. */
export async function importSearchConsole(
  deps: ImportDeps,
  config: GoogleOAuthConfig,
  connection: GoogleConnectionRow,
): Promise<string | null> {
  const siteUrl = connection.searchConsoleSite
  if (!siteUrl) return null
  const { businessId } = connection
  const previous = await importStatus(deps.db, businessId)
  const { startDate, endDate, sameSite } = daysToAsk(previous, siteUrl, deps.clock.now())
  const run = { businessId, siteUrl, startDate, sameSite }
  let rows: SearchAnalyticsRow[] = []
  try {
    if (startDate <= endDate) rows = await fetchDays(deps, config, { ...run, endDate })
  } catch (error) {
    const reason = failureReason(error)
    if (reason === undefined) throw error
    deps.logger.warn({ businessId, reason }, 'Search Console import failed')
    await recordFailure(deps, run, reason)
    return `Search Console: not imported. ${reason}`
  }
  const lastDay = await storeImport(deps, run, previous, rows)
  if (!lastDay) return 'Search Console: Google has no data for this property yet'
  const days = new Set(rows.filter((row) => row.dimension === 'total').map((row) => row.day)).size
  return `Search Console: ${days} new ${days === 1 ? 'day' : 'days'}, data up to ${lastDay}`
}

// Google Analytics 4 for the business (issue 18 item 3, ADR 023): the owner picks one of the
// account's properties (matching ones first); the import asks the Data API for five reports of the
// last 28 days and the 28 before and replaces the stored figures only when all five arrived. A
// failure (spent quota, access refused, Google unreachable, a revoked grant) is kept as the import's
// reason and the figures of the last good import stay: never zeros, never a half-replaced mix.
import type { AnalyticsProperties } from '@localseo/shared/analytics'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  analyticsBreakdowns,
  analyticsImports,
  analyticsTotals,
} from '../../db/schema/analytics.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import {
  listAccountProperties,
  runReport,
  type Report,
  type ReportRequest,
} from './analytics-api.js'
import { connectionRow, grantedServices, withGoogleToken } from './google-connection.js'
import type { GoogleOAuthConfig } from './google-oauth.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>
type Period = 'current' | 'previous'

const NO_SCOPE = 'Google did not grant access to Analytics: connect again and leave its box ticked.'

/** Relative dates: Google reads them in the property's own time zone. */
const CURRENT = { startDate: '28daysAgo', endDate: 'yesterday', name: 'current' }
const PREVIOUS = { startDate: '56daysAgo', endDate: '29daysAgo', name: 'previous' }
const TOP = 10

const REPORTS = {
  totals: {
    dateRanges: [CURRENT, PREVIOUS],
    dimensions: [],
    metrics: ['activeUsers', 'newUsers', 'sessions', 'screenPageViews'],
  },
  visitors: {
    dateRanges: [CURRENT, PREVIOUS],
    dimensions: ['newVsReturning'],
    metrics: ['activeUsers'],
  },
  channels: {
    dateRanges: [CURRENT, PREVIOUS],
    dimensions: ['sessionDefaultChannelGroup'],
    metrics: ['sessions'],
    limit: 50,
  },
  pages: {
    dateRanges: [CURRENT],
    dimensions: ['pagePath'],
    metrics: ['screenPageViews'],
    limit: TOP,
  },
  cities: { dateRanges: [CURRENT], dimensions: ['city'], metrics: ['activeUsers'], limit: TOP },
} satisfies Record<string, ReportRequest>

type Reports = Record<keyof typeof REPORTS, Report>

export async function analyticsImportRow(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(analyticsImports)
    .where(eq(analyticsImports.businessId, businessId))
  return row
}

/** The connection the Analytics routes need: none is a 404, a missing scope a 409. */
async function readableConnection(deps: Deps, businessId: string) {
  const row = await connectionRow(deps.db, businessId)
  if (!row) throw new AppError('not_found', 'Google is not connected.')
  if (row.status === 'connected' && !grantedServices(row.scopes).includes('analytics')) {
    throw new AppError('conflict', NO_SCOPE)
  }
  return row
}

const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

/** What a property named after this business would contain: its website's host, or its name. */
function nameHints(business: { name: string; website: string | null }): string[] {
  const hints = [squash(business.name)]
  if (business.website) {
    try {
      const url = /^https?:\/\//i.test(business.website)
        ? business.website
        : `https://${business.website}`
      const host = new URL(url).hostname.replace(/^www\./, '')
      hints.push(squash(host), squash(host.split('.')[0] ?? ''))
    } catch {
      // A website that is not an address matches nothing.
    }
  }
  return hints.filter((hint) => hint.length >= 4)
}

/** The account's properties, those named like the business first, and the one picked. */
export async function analyticsProperties(
  deps: Deps,
  config: GoogleOAuthConfig,
  business: { id: string; name: string; website: string | null },
): Promise<AnalyticsProperties> {
  await readableConnection(deps, business.id)
  const listed = await withGoogleToken(deps, config, business.id, (token) =>
    listAccountProperties(deps.env.GOOGLE_ANALYTICS_ADMIN_URL, token),
  )
  const hints = nameHints(business)
  const properties = listed
    .map((entry) => {
      const name = squash(entry.displayName)
      return { ...entry, matchesWebsite: hints.some((hint) => name.includes(hint)) }
    })
    .sort(
      (a, b) =>
        Number(b.matchesWebsite) - Number(a.matchesWebsite) ||
        a.displayName.localeCompare(b.displayName),
    )
  const picked = await analyticsImportRow(deps.db, business.id)
  return { properties, selected: picked?.property ?? null }
}

/**
 * Picks a property: only one Google lists for this account now. Another property than before clears
 * the stored figures; the first import is then due (the caller queues it).
 */
export async function chooseAnalyticsProperty(
  deps: Deps,
  config: GoogleOAuthConfig,
  business: { id: string; name: string; website: string | null },
  property: string,
) {
  const { properties } = await analyticsProperties(deps, config, business)
  const chosen = properties.find((entry) => entry.property === property)
  if (!chosen) {
    throw new AppError(
      'validation_failed',
      'Choose one of the Google Analytics properties listed.',
      [{ path: 'property', message: 'Not one of your Google Analytics properties.' }],
    )
  }
  const now = deps.clock.now()
  const fresh = {
    property,
    propertyName: chosen.displayName,
    pickedAt: now,
    status: 'pending' as const,
    reason: null,
    lastAttemptAt: null,
    importedAt: null,
    groupedOther: false,
  }
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ property: analyticsImports.property })
      .from(analyticsImports)
      .where(eq(analyticsImports.businessId, business.id))
    if (before?.property === property) return
    // Another property: its figures are not this one's (they go with the old row's children).
    await tx.delete(analyticsImports).where(eq(analyticsImports.businessId, business.id))
    await tx.insert(analyticsImports).values({ businessId: business.id, ...fresh })
  })
}

async function fetchReports(dataUrl: string, token: string, property: string): Promise<Reports> {
  const reports: Partial<Reports> = {}
  // One after the other: the property's concurrent-request quota is small.
  for (const [name, request] of Object.entries(REPORTS)) {
    reports[name as keyof Reports] = await runReport(dataUrl, token, property, request)
  }
  return reports as Reports
}

const periodOf = (row: { dimensions: Record<string, string> }): Period =>
  row.dimensions.dateRange === 'previous' ? 'previous' : 'current'

function totalsRows(businessId: string, reports: Reports) {
  return reports.totals.rows.map((row) => {
    const period = periodOf(row)
    const returning = reports.visitors.rows.find(
      (visitor) =>
        periodOf(visitor) === period && visitor.dimensions.newVsReturning === 'returning',
    )
    return {
      businessId,
      period,
      activeUsers: row.metrics.activeUsers ?? 0,
      newUsers: row.metrics.newUsers ?? 0,
      returningUsers: returning?.metrics.activeUsers ?? 0,
      sessions: row.metrics.sessions ?? 0,
      pageViews: row.metrics.screenPageViews ?? 0,
    }
  })
}

function breakdownRows(businessId: string, reports: Reports) {
  const lists = [
    ['channel', reports.channels, 'sessionDefaultChannelGroup', 'sessions'],
    ['page', reports.pages, 'pagePath', 'screenPageViews'],
    ['city', reports.cities, 'city', 'activeUsers'],
  ] as const
  return lists.flatMap(([dimension, report, header, metric]) => {
    const positions = { current: 0, previous: 0 }
    return report.rows.map((row) => {
      const period = periodOf(row)
      return {
        businessId,
        period,
        dimension,
        position: positions[period]++,
        label: row.dimensions[header] || '(not set)',
        value: row.metrics[metric] ?? 0,
      }
    })
  })
}

/** Replaces the figures in one go, unless the owner picked another property meanwhile. */
async function storeReports(deps: Deps, businessId: string, property: string, reports: Reports) {
  const now = deps.clock.now()
  const groupedOther = Object.values(reports).some((report) => report.groupedOther)
  return deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(analyticsImports)
      .set({ status: 'ok', reason: null, lastAttemptAt: now, importedAt: now, groupedOther })
      .where(
        and(eq(analyticsImports.businessId, businessId), eq(analyticsImports.property, property)),
      )
      .returning({ businessId: analyticsImports.businessId })
    if (updated.length === 0) return false
    await tx.delete(analyticsTotals).where(eq(analyticsTotals.businessId, businessId))
    await tx.delete(analyticsBreakdowns).where(eq(analyticsBreakdowns.businessId, businessId))
    const totals = totalsRows(businessId, reports)
    if (totals.length > 0) await tx.insert(analyticsTotals).values(totals)
    const breakdowns = breakdownRows(businessId, reports)
    if (breakdowns.length > 0) await tx.insert(analyticsBreakdowns).values(breakdowns)
    return true
  })
}

async function recordFailure(deps: Deps, businessId: string, property: string, reason: string) {
  await deps.db
    .update(analyticsImports)
    .set({ status: 'failed', reason, lastAttemptAt: deps.clock.now() })
    .where(
      and(eq(analyticsImports.businessId, businessId), eq(analyticsImports.property, property)),
    )
}

/**
 * The daily Analytics import of a business (an importer of runGoogleImports, and the first import
 * after a pick): its outcome in words, or null when no property is picked.
 */
export async function importAnalytics(
  deps: Deps,
  config: GoogleOAuthConfig,
  connection: { businessId: string; scopes: string },
): Promise<string | null> {
  const { businessId } = connection
  const picked = await analyticsImportRow(deps.db, businessId)
  if (!picked) return null
  try {
    if (!grantedServices(connection.scopes).includes('analytics')) {
      throw new AppError('conflict', NO_SCOPE)
    }
    const reports = await withGoogleToken(deps, config, businessId, (token) =>
      fetchReports(deps.env.GOOGLE_ANALYTICS_DATA_URL, token, picked.property),
    )
    if (!(await storeReports(deps, businessId, picked.property, reports))) {
      return 'Analytics: another property was picked meanwhile'
    }
    const visitors = reports.totals.rows.find((row) => periodOf(row) === 'current')
    return visitors
      ? `Analytics: ${visitors.metrics.activeUsers ?? 0} visitors in the last 28 days`
      : 'Analytics: Google has no data for this property yet'
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    await recordFailure(deps, businessId, picked.property, error.message)
    return `Analytics: ${error.message}`
  }
}

/** The import right after a pick, with the connection as it is now. */
export async function importAnalyticsNow(
  deps: Deps,
  config: GoogleOAuthConfig,
  businessId: string,
) {
  const connection = await connectionRow(deps.db, businessId)
  if (connection?.status !== 'connected') return null
  return importAnalytics(deps, config, connection)
}

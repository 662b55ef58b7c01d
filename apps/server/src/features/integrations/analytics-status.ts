// What the Website Analytics card shows (issue 18 item 3): read from the stored import, never from
// Google, so the dashboard costs no quota and works while Google is slow or refusing.
import type { AnalyticsFigures, AnalyticsStatus } from '@localseo/shared/analytics'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { analyticsBreakdowns, analyticsTotals } from '../../db/schema/analytics.js'
import { analyticsImportRow } from './analytics-import.js'
import { googleAccount } from './google-connection.js'

async function storedFigures(db: Db, businessId: string): Promise<AnalyticsFigures | null> {
  const totals = await db
    .select()
    .from(analyticsTotals)
    .where(eq(analyticsTotals.businessId, businessId))
  const current = totals.find((row) => row.period === 'current')
  if (!current) return null
  const previous = totals.find((row) => row.period === 'previous')
  const rows = await db
    .select()
    .from(analyticsBreakdowns)
    .where(eq(analyticsBreakdowns.businessId, businessId))
    .orderBy(asc(analyticsBreakdowns.position))
  const list = (dimension: 'channel' | 'page' | 'city') =>
    rows
      .filter((row) => row.dimension === dimension && row.period === 'current')
      .map((row) => ({
        label: row.label,
        value: row.value,
        previous:
          dimension === 'channel'
            ? (rows.find(
                (before) =>
                  before.dimension === 'channel' &&
                  before.period === 'previous' &&
                  before.label === row.label,
              )?.value ?? 0)
            : null,
      }))
  const period = ({
    activeUsers,
    newUsers,
    returningUsers,
    sessions,
    pageViews,
  }: typeof current) => ({
    activeUsers,
    newUsers,
    returningUsers,
    sessions,
    pageViews,
  })
  return {
    current: period(current),
    previous: previous ? period(previous) : null,
    channels: list('channel'),
    pages: list('page'),
    cities: list('city'),
  }
}

/** The card's state for the business: the connection's, or the picked property's stored import. */
export async function analyticsStatus(
  db: Db,
  configured: boolean,
  businessId: string,
): Promise<AnalyticsStatus> {
  if (!configured) return { status: 'simulated' }
  const account = await googleAccount(db, businessId)
  if (account.status === 'revoked') {
    return { status: 'revoked', revokedAt: account.revokedAt, reason: account.reason }
  }
  if (account.status !== 'connected' || !account.services.includes('analytics')) {
    return { status: 'not_connected' }
  }
  const picked = await analyticsImportRow(db, businessId)
  if (!picked) return { status: 'no_property' }
  return {
    status: 'property',
    property: picked.property,
    propertyName: picked.propertyName,
    import: {
      state: picked.status,
      reason: picked.reason,
      lastAttemptAt: picked.lastAttemptAt?.toISOString() ?? null,
      importedAt: picked.importedAt?.toISOString() ?? null,
      groupedOther: picked.groupedOther,
    },
    figures: picked.importedAt ? await storedFigures(db, businessId) : null,
  }
}

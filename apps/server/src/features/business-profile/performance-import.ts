// The daily Performance import (issue 33 item 5, ADR 035): for each linked profile location, the 7
// daily metrics of Business Profile Performance v1 are read (18 months the first time, then from a
// week before the last day stored, as Google revises its recent days) and upserted per place and
// day; an unchanged day is not written again, so a second import changes nothing. The search terms
// of the last 3 full months are read again when a month ends, and once a week. Google's 403/429 are
// the location's recorded outcome; a grant Google refuses turns the connection to 'Reconnect'
// (withGoogleToken, ADR 021). Without a Google client the sample links get sample figures.
import {
  addDays,
  emptyDay,
  PERFORMANCE_FIGURES,
  type PerformanceDay,
} from '@localseo/shared/business-profile-performance'
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import {
  businessProfileDailyMetrics,
  businessProfilePerformanceImports,
  businessProfileSearchTerms,
} from '../../db/schema/business-profile-performance.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { withGoogleToken, type GoogleOAuthConfig } from '../integrations/public.js'
import { importEachLink } from './each-link.js'
import {
  businessProfileApis,
  fetchDailyMetrics,
  listSearchKeywords,
  type DailyMetric,
  type SearchKeywordImpressions,
} from './google-api.js'
import { sampleDay, sampleSearchTerms } from './sample-performance.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>
type Link = typeof businessProfileLinks.$inferSelect
type ImportRow = typeof businessProfilePerformanceImports.$inferSelect

const DAY_MS = 86_400_000
/** Google keeps 18 months of daily figures: the first import reads them all, in one request. */
const HISTORY_DAYS = 548
/** Google revises its recent days: each import asks again from a week before the last day stored. */
const REVISED_DAYS = 7
/** Sample figures stop where Google's usually do, a few days before today. */
const SAMPLE_LAG_DAYS = 3
/** The search terms cover the last 3 full months, read again when a month ends and weekly. */
const TERM_MONTHS = 3
const TERMS_EVERY_MS = 7 * DAY_MS

const METRIC_OF: Record<DailyMetric, (typeof PERFORMANCE_FIGURES)[number]> = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 'desktopMaps',
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 'desktopSearch',
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: 'mobileMaps',
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 'mobileSearch',
  CALL_CLICKS: 'calls',
  WEBSITE_CLICKS: 'websiteClicks',
  BUSINESS_DIRECTION_REQUESTS: 'directions',
}

/** What one location's import did: the days asked and written, and why it failed. */
export interface PerformanceImport {
  locationKey: string
  status: 'ok' | 'failed'
  /** The days asked ('2026-03-01'…'2026-03-09'), and the last one Google had a figure for. */
  asked: { from: string; to: string } | null
  lastDay: string | null
  written: number
  reason?: string
}

const monthOf = (day: string) => day.slice(0, 7)
function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const at = new Date(Date.UTC(year, m - 1 + n, 1))
  return at.toISOString().slice(0, 7)
}

/** The days to ask: 18 months the first time, else from a week before the last day stored. */
function daysToAsk(state: Pick<ImportRow, 'lastDay'> | undefined, yesterday: string) {
  const earliest = addDays(yesterday, 1 - HISTORY_DAYS)
  if (!state?.lastDay) return { from: earliest, to: yesterday }
  const from = addDays(state.lastDay, -REVISED_DAYS)
  return { from: from < earliest ? earliest : from, to: yesterday }
}

/** The 3 full months before this one, when the stored terms are not theirs or are a week old. */
function monthsToAsk(state: ImportRow | undefined, today: string, now: Date) {
  const endMonth = addMonths(monthOf(today), -1)
  const months = { startMonth: addMonths(endMonth, 1 - TERM_MONTHS), endMonth }
  if (!state?.termsImportedAt || state.termsEndMonth !== endMonth) return months
  return now.getTime() - state.termsImportedAt.getTime() >= TERMS_EVERY_MS ? months : null
}

/**
 * Every day of the range with its figures (0 where Google gave no value, as it documents), up to
 * the last day with any figure: later days are those Google has not reported yet, not zeros.
 */
function reportedDays(
  asked: { from: string; to: string },
  figures: Partial<Record<string, PerformanceDay>>,
): PerformanceDay[] {
  const days: PerformanceDay[] = []
  for (let day = asked.from; day <= asked.to; day = addDays(day, 1)) {
    days.push(figures[day] ?? emptyDay(day))
  }
  let last = days.length
  while (last > 0 && PERFORMANCE_FIGURES.every((f) => days[last - 1]![f] === 0)) last--
  return days.slice(0, last)
}

/** Google's 7 series turned into one figure set per day. */
function byDay(series: Record<DailyMetric, { day: string; value: number }[]>) {
  const out: Partial<Record<string, PerformanceDay>> = {}
  for (const [metric, points] of Object.entries(series) as [
    DailyMetric,
    { day: string; value: number }[],
  ][]) {
    for (const { day, value } of points) {
      const row = (out[day] ??= emptyDay(day))
      row[METRIC_OF[metric]] = value
    }
  }
  return out
}

const t = businessProfileDailyMetrics
const excluded = (column: AnyPgColumn) => sql`excluded.${sql.identifier(column.name)}`
/** The columns Google's answer fills: a day is rewritten only when one of them differs. */
const COPIED = [
  t.locationKey,
  t.desktopMaps,
  t.desktopSearch,
  t.mobileMaps,
  t.mobileSearch,
  t.calls,
  t.directions,
  t.websiteClicks,
  t.sample,
]

async function upsertDays(tx: Tx, link: Link, days: PerformanceDay[], now: Date) {
  if (days.length === 0) return 0
  const written = await tx
    .insert(t)
    .values(
      days.map((d) => ({
        ...d,
        businessId: link.businessId,
        linkId: link.id,
        locationKey: link.locationKey,
        sample: link.sample,
        importedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [t.businessId, t.linkId, t.day],
      set: {
        locationKey: excluded(t.locationKey),
        desktopMaps: excluded(t.desktopMaps),
        desktopSearch: excluded(t.desktopSearch),
        mobileMaps: excluded(t.mobileMaps),
        mobileSearch: excluded(t.mobileSearch),
        calls: excluded(t.calls),
        directions: excluded(t.directions),
        websiteClicks: excluded(t.websiteClicks),
        sample: excluded(t.sample),
        importedAt: excluded(t.importedAt),
      },
      // An unchanged day keeps its row as it was (its imported_at too).
      setWhere: sql`(${sql.join(COPIED, sql`, `)}) is distinct from (${sql.join(COPIED.map(excluded), sql`, `)})`,
    })
    .returning({ day: t.day })
  return written.length
}

const s = businessProfileSearchTerms

/** The terms as Google listed them now: new and changed ones written, those it no longer lists gone. */
async function replaceTerms(tx: Tx, link: Link, terms: SearchKeywordImpressions[]) {
  // Google lists a term once; a repeat would make the upsert touch the same row twice.
  const unique = [...new Map(terms.map((term) => [term.keyword, term])).values()]
  const scope = and(eq(s.businessId, link.businessId), eq(s.linkId, link.id))
  await tx.delete(s).where(
    unique.length > 0
      ? and(
          scope,
          notInArray(
            s.keyword,
            unique.map((term) => term.keyword),
          ),
        )
      : scope,
  )
  if (unique.length === 0) return
  await tx
    .insert(s)
    .values(
      unique.map((term) => ({
        businessId: link.businessId,
        linkId: link.id,
        keyword: term.keyword,
        impressions: term.impressions,
        below: term.below,
        sample: link.sample,
      })),
    )
    .onConflictDoUpdate({
      target: [s.businessId, s.linkId, s.keyword],
      set: { impressions: excluded(s.impressions), below: excluded(s.below) },
      setWhere: sql`(${s.impressions}, ${s.below}) is distinct from (excluded.impressions, excluded.below)`,
    })
}

interface Read {
  asked: { from: string; to: string }
  days: PerformanceDay[]
  terms: { startMonth: string; endMonth: string; list: SearchKeywordImpressions[] } | null
}

/**
 * Stores one location's figures in one transaction, unless the link changed meanwhile (unlinked, or
 * another profile linked there): then nothing is stored.
 */
async function storeLocation(
  deps: Deps,
  link: Link,
  state: ImportRow | undefined,
  read: Read,
  startedAt: Date,
) {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: businessProfileLinks.id })
      .from(businessProfileLinks)
      .where(
        and(
          eq(businessProfileLinks.id, link.id),
          eq(businessProfileLinks.businessId, link.businessId),
          eq(businessProfileLinks.googleLocation, link.googleLocation),
        ),
      )
      .for('update')
    if (!still) return null
    const written = await upsertDays(tx, link, read.days, now)
    if (read.terms) await replaceTerms(tx, link, read.terms.list)
    const first = read.days[0]?.day ?? null
    const last = read.days.at(-1)?.day ?? null
    const values = {
      googleLocation: link.googleLocation,
      firstDay: state?.firstDay && (!first || state.firstDay < first) ? state.firstDay : first,
      lastDay: state?.lastDay && (!last || state.lastDay > last) ? state.lastDay : last,
      importedAt: startedAt,
      ...(read.terms
        ? {
            termsStartMonth: read.terms.startMonth,
            termsEndMonth: read.terms.endMonth,
            termsImportedAt: startedAt,
          }
        : {}),
      attemptedAt: now,
      status: 'ok',
      reason: null,
      sample: link.sample,
    }
    await tx
      .insert(businessProfilePerformanceImports)
      .values({ linkId: link.id, businessId: link.businessId, ...values })
      .onConflictDoUpdate({ target: businessProfilePerformanceImports.linkId, set: values })
    return { written, lastDay: values.lastDay }
  })
}

async function recordFailure(deps: Deps, link: Link, reason: string) {
  const values = { attemptedAt: deps.clock.now(), status: 'failed', reason }
  await deps.db
    .insert(businessProfilePerformanceImports)
    .values({
      linkId: link.id,
      businessId: link.businessId,
      googleLocation: link.googleLocation,
      sample: link.sample,
      ...values,
    })
    .onConflictDoUpdate({
      target: businessProfilePerformanceImports.linkId,
      set: values,
      setWhere: eq(businessProfilePerformanceImports.businessId, link.businessId),
    })
}

/** Google's figures of one linked location: the days asked, and the terms when they are due. */
async function readGoogle(
  deps: Deps,
  config: GoogleOAuthConfig,
  link: Link,
  asked: Read['asked'],
  months: { startMonth: string; endMonth: string } | null,
): Promise<Read> {
  const apis = businessProfileApis(deps.env)
  return withGoogleToken(deps, config, link.businessId, async (token) => {
    const series = await fetchDailyMetrics(apis, token, link.googleLocation, {
      start: asked.from,
      end: asked.to,
    })
    const list = months
      ? await listSearchKeywords(apis, token, link.googleLocation, months)
      : undefined
    return {
      asked,
      days: reportedDays(asked, byDay(series)),
      terms: months && list ? { ...months, list } : null,
    }
  })
}

async function readSample(
  deps: Deps,
  link: Link,
  asked: Read['asked'],
  months: { startMonth: string; endMonth: string } | null,
  today: string,
): Promise<Read> {
  const until = addDays(today, -SAMPLE_LAG_DAYS)
  const figures: Partial<Record<string, PerformanceDay>> = {}
  for (let day = asked.from; day <= asked.to && day <= until; day = addDays(day, 1)) {
    figures[day] = sampleDay(link.businessId, link.googleLocation, day)
  }
  let terms: Read['terms'] = null
  if (months) {
    const [business] = await deps.db
      .select({ category: businesses.category, city: businesses.city })
      .from(businesses)
      .where(eq(businesses.id, link.businessId))
    const place = {
      title: link.title,
      category: business?.category ?? '',
      city: business?.city ?? '',
    }
    terms = { ...months, list: sampleSearchTerms(link.businessId, link.googleLocation, place) }
  }
  return { asked, days: reportedDays(asked, figures), terms }
}

async function importLink(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  link: Link,
  state: ImportRow | undefined,
): Promise<PerformanceImport> {
  const startedAt = deps.clock.now()
  const today = startedAt.toISOString().slice(0, 10)
  const asked = daysToAsk(state, addDays(today, -1))
  const months = monthsToAsk(state, today, startedAt)
  const base = { locationKey: link.locationKey, asked, lastDay: state?.lastDay ?? null, written: 0 }
  let read: Read
  try {
    read = config
      ? await readGoogle(deps, config, link, asked, months)
      : await readSample(deps, link, asked, months, today)
  } catch (error) {
    // Google's refusals (403, 429, unreachable), a 401 a renewed token did not cure, or a grant
    // Google refused ('Reconnect'): the outcome, never a crash loop; other errors are the job's.
    if (!(error instanceof AppError)) throw error
    await recordFailure(deps, link, error.message)
    return { ...base, status: 'failed', reason: error.message }
  }
  const stored = await storeLocation(deps, link, state, read, startedAt)
  return { ...base, ...stored, status: 'ok' }
}

function outcomeOf(results: PerformanceImport[], sample: boolean): string {
  const failed = results.filter((r) => r.status === 'failed')
  const places = `${results.length} ${results.length === 1 ? 'location' : 'locations'}`
  const words = [
    `Business Profile performance${sample ? ' (sample)' : ''}: ${results.length - failed.length} of ${places} imported`,
  ]
  if (failed.length > 0)
    words.push(`${failed.length} not imported: ${failed[0]!.reason ?? ''}`.trim())
  return words.join(', ')
}

/**
 * Imports the daily figures and search terms of every linked profile location of the business; its
 * outcome in words, or null when no location is linked (or Google is not connected for the profile).
 */
export async function importProfilePerformance(
  deps: Deps,
  businessId: string,
): Promise<{ outcome: string; results: PerformanceImport[] } | null> {
  return importEachLink(
    deps,
    businessId,
    'Business Profile performance',
    async (config, link) => {
      const [state] = await deps.db
        .select()
        .from(businessProfilePerformanceImports)
        .where(
          and(
            eq(businessProfilePerformanceImports.businessId, businessId),
            eq(businessProfilePerformanceImports.linkId, link.id),
            eq(businessProfilePerformanceImports.googleLocation, link.googleLocation),
          ),
        )
      return importLink(deps, config, link, state)
    },
    outcomeOf,
  )
}

/** The figures, terms and import of the given links (another profile linked, or sample data removed). */
export async function forgetLinkPerformance(tx: Tx, businessId: string, linkIds: string[]) {
  if (linkIds.length === 0) return
  for (const table of [
    businessProfileDailyMetrics,
    businessProfileSearchTerms,
    businessProfilePerformanceImports,
  ]) {
    await tx
      .delete(table)
      .where(and(eq(table.businessId, businessId), inArray(table.linkId, linkIds)))
  }
}

/** Settings' 'Remove sample data': the sample figures and terms go with their links. */
export async function removeSamplePerformance(tx: Tx, businessId: string): Promise<void> {
  for (const table of [
    businessProfileDailyMetrics,
    businessProfileSearchTerms,
    businessProfilePerformanceImports,
  ]) {
    await tx.delete(table).where(and(eq(table.businessId, businessId), eq(table.sample, true)))
  }
}

// The keyword entity and its positions (docs/decisions/016-one-keyword-entity.md): one row per business,
// location and search, with the roles it plays (analysed, saved in the planner, tracked), and the
// figures every screen reads: the stored checks for its position, the keyword data provider for its
// volume and difficulty. Every query carries the caller's business id (docs/house-rules.md "Tenant
// scoping inside the query").
import { and, asc, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import type { FigureSource, KeywordRecord } from '@localseo/shared/keyword-figures'
import { citiesFor, relevanceOf, type KeywordDataProvider } from '@localseo/shared/keyword-engine'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { keywordKey } from '@localseo/shared/rank-tracker'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.js'
import { preparedPerScope } from '../../db/prepared.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'

export type KeywordRow = typeof keywords.$inferSelect
export type KeywordRole = 'tracked' | 'analysed' | 'saved'

/** The main business is stored as location_id NULL. */
export function scopeId(location: Pick<ResolvedLocation, 'isMain' | 'id'>): string | null {
  return location.isMain ? null : location.id
}

/** Equality that uses the (business_id, location_id, …) index for the main business too. */
function inScope(column: AnyPgColumn, id: string | null) {
  return id === null ? isNull(column) : eq(column, id)
}

/**
 * The keywords of one business or location with the values left as placeholders, for a prepared
 * query (db/prepared.ts `preparedPerScope`): `businessId`, and `locationId` for a location.
 */
export function scopePlaceholders(scope: 'main' | 'location') {
  return and(
    eq(keywords.businessId, sql.placeholder('businessId')),
    scope === 'main'
      ? isNull(keywords.locationId)
      : eq(keywords.locationId, sql.placeholder('locationId')),
  )
}

/** The keywords of one business or location. */
function scopeWhere(businessId: string, location: Pick<ResolvedLocation, 'isMain' | 'id'>) {
  return and(eq(keywords.businessId, businessId), inScope(keywords.locationId, scopeId(location)))
}

const ROLE_FILTER: Record<KeywordRole, SQL> = {
  tracked: sql`${keywords.tracked}`,
  analysed: sql`${keywords.analysedAt} is not null`,
  saved: sql`${keywords.savedAt} is not null`,
}

/** Keywords that play at least one of the roles. */
const hasRole = (...roles: KeywordRole[]) => or(...roles.map((r) => ROLE_FILTER[r]))

/** The keywords of one business or location that play `role` (the Rank Tracker's, the planner's). */
export function roleWhere(
  businessId: string,
  location: Pick<ResolvedLocation, 'isMain' | 'id'>,
  role: KeywordRole,
) {
  return and(scopeWhere(businessId, location), ROLE_FILTER[role])
}

function roleSet(role: KeywordRole, on: boolean, now: Date) {
  if (role === 'tracked') return { tracked: on }
  if (role === 'analysed') return { analysedAt: on ? now : null }
  return { savedAt: on ? now : null }
}

/**
 * The keyword of the scope with this text, created when new, now playing `role`. One statement, so
 * two requests for the same search at once still make one keyword (the unique key decides).
 */
export async function upsertKeyword(
  db: Db | Tx,
  {
    businessId,
    location,
    keyword,
    role,
    now,
    sample = false,
  }: {
    businessId: string
    location: Pick<ResolvedLocation, 'isMain' | 'id'>
    keyword: string
    role: KeywordRole
    now: Date
    sample?: boolean
  },
): Promise<KeywordRow> {
  const set = { ...roleSet(role, true, now), updatedAt: now }
  const [row] = await db
    .insert(keywords)
    .values({
      businessId,
      locationId: scopeId(location),
      keyword,
      keywordKey: keywordKey(keyword),
      sample,
      createdAt: now,
      ...set,
    })
    .onConflictDoUpdate({
      target: [keywords.businessId, keywords.locationId, keywords.keywordKey],
      // A sample keyword the owner analyses, saves or tracks becomes theirs: no longer 'Sample'.
      set: { ...set, sample: sql`${keywords.sample} and excluded.sample` },
    })
    .returning()
  if (!row) throw new Error('The keyword was not written.')
  return row
}

/**
 * The keyword stops playing `role`; one that plays no role any more is deleted with its history.
 * Undefined when the keyword is not the business's or did not play the role.
 */
export async function releaseKeyword(
  tx: Tx,
  {
    businessId,
    keywordId,
    role,
    now,
  }: { businessId: string; keywordId: string; role: KeywordRole; now: Date },
): Promise<KeywordRow | undefined> {
  const [row] = await tx
    .update(keywords)
    .set({ ...roleSet(role, false, now), updatedAt: now })
    .where(and(eq(keywords.id, keywordId), eq(keywords.businessId, businessId), ROLE_FILTER[role]))
    .returning()
  if (!row) return undefined
  if (!row.tracked && row.analysedAt === null && row.savedAt === null) {
    await tx
      .delete(keywords)
      .where(and(eq(keywords.id, row.id), eq(keywords.businessId, businessId)))
  }
  return row
}

/** The newest check, the newest successful one and the successful one before it, per keyword. */
const latest = sql<string | null>`(
  select ${rankPositions.status} || '|' || coalesce(${rankPositions.reason}, '')
  from ${rankPositions} where ${rankPositions.keywordId} = ${keywords.id}
  order by ${rankPositions.day} desc limit 1)`
// An ok check without a position ('Not in the top 100') encodes its position as ''.
const latestOk = sql<string | null>`(
  select coalesce(${rankPositions.position}::text, '') || '|' || ${rankPositions.source} || '|' || ${rankPositions.checkedAt}::text || '|' || coalesce(${rankPositions.provider}, '')
  from ${rankPositions} where ${rankPositions.keywordId} = ${keywords.id} and ${rankPositions.status} = 'ok'
  order by ${rankPositions.day} desc limit 1)`
/**
 * The successful check before the latest one: what every change is measured against (issue 32 item
 * 1, `@localseo/shared/position-change`), read here for the dashboard, Keyword Analysis and the
 * Rank Tracker alike. null when that check did not find the website in the top 100.
 */
export const previousOk = sql<number | null>`(
  select ${rankPositions.position} from ${rankPositions}
  where ${rankPositions.keywordId} = ${keywords.id} and ${rankPositions.status} = 'ok'
  order by ${rankPositions.day} desc offset 1 limit 1)`

/** A keyword's latest successful position, for queries that need only the number. */
export const latestPosition = sql<number | null>`(
  select ${rankPositions.position} from ${rankPositions}
  where ${rankPositions.keywordId} = ${keywords.id} and ${rankPositions.status} = 'ok'
  order by ${rankPositions.day} desc limit 1)`

interface PositionColumns {
  latest: string | null
  latestOk: string | null
  previousOk: number | null
}

/** Position, previous position and their source, from the encoded columns above. */
function readPosition(row: PositionColumns) {
  const [position, source, checkedAt, provider] = row.latestOk?.split('|') ?? []
  const [status, reason] = row.latest?.split('|') ?? []
  let positionSource: FigureSource | null = null
  if (status === 'failed')
    positionSource = { kind: 'failed', reason: reason || 'The check did not answer.' }
  else if (source === 'measured') {
    const at = new Date(checkedAt ?? '').toISOString()
    positionSource = { kind: 'measured', at, ...(provider ? { provider } : {}) }
  } else if (source === 'simulated') positionSource = { kind: 'simulated' }
  return {
    position: position === undefined || position === '' ? null : Number(position),
    notInTop100: position === '',
    previousPosition: row.previousOk === null ? null : Number(row.previousOk),
    positionSource,
  }
}

/** A keyword row with its encoded position columns, as the keyword queries read it. */
export type PositionRow = PositionColumns & { keyword: KeywordRow }

/** Each keyword with its position columns, ready for readPosition. */
const withPositions = { keyword: keywords, latest, latestOk, previousOk }

/** The records of keyword rows: their positions, and the provider's estimate of each keyword. */
export function toRecords(
  rows: PositionRow[],
  provider: KeywordDataProvider,
  business: Business,
  location: ResolvedLocation,
): Promise<KeywordRecord[]> {
  return Promise.all(
    rows.map(async (row) => {
      const figures = await provider.describe(row.keyword.keyword, business, location.id)
      return {
        id: row.keyword.id,
        keyword: row.keyword.keyword,
        ...readPosition(row),
        volume: figures.volume,
        difficulty: figures.difficulty,
        volumeSource: figures.volumeSource ?? ({ kind: 'estimate' } as const),
        sample: row.keyword.sample,
        tracked: row.keyword.tracked,
        analysedAt: row.keyword.analysedAt?.toISOString() ?? null,
        createdAt: row.keyword.createdAt.toISOString(),
      }
    }),
  )
}

/**
 * The keywords of a scope that play one of `roles`, with their figures, newest first. One query
 * for the positions (correlated subqueries on the (keyword_id, day) key), then the provider's
 * estimate of each keyword.
 */
export async function listKeywordRecords({
  db,
  provider,
  business,
  location,
  roles,
  where,
  orderBy = [
    sql`${keywords.analysedAt} desc nulls last`,
    desc(keywords.createdAt),
    desc(keywords.id),
  ],
  limit,
}: {
  db: Db
  provider: KeywordDataProvider
  business: Business
  location: ResolvedLocation
  roles: KeywordRole[]
  where?: SQL
  orderBy?: SQL[]
  limit: number
}): Promise<KeywordRecord[]> {
  const rows = await db
    .select(withPositions)
    .from(keywords)
    .where(and(scopeWhere(business.id, location), hasRole(...roles), where))
    .orderBy(...orderBy)
    .limit(limit)
  return toRecords(rows, provider, business, location)
}

/**
 * The analysed or tracked keywords of a scope with a position, best first (prepared: every dashboard
 * visit that finds no kept reads). Each keyword's latest successful check is read once, as a lateral
 * join that filters and orders, rather than as a subquery repeated in the filter, the order and the
 * columns; the other two position columns are computed for the `limit` rows only.
 */
const topKeywordRows = preparedPerScope((db, scope) => {
  const ok = db
    .select({
      position: rankPositions.position,
      source: rankPositions.source,
      checkedAt: rankPositions.checkedAt,
      provider: rankPositions.provider,
    })
    .from(rankPositions)
    .where(and(eq(rankPositions.keywordId, keywords.id), eq(rankPositions.status, 'ok')))
    .orderBy(desc(rankPositions.day))
    .limit(1)
    .as('latest_ok')
  return db
    .select({
      keyword: keywords,
      latest,
      // As latestOk above encodes it; position is never null here.
      latestOk: sql<string>`${ok.position}::text || '|' || ${ok.source} || '|' || ${ok.checkedAt}::text || '|' || coalesce(${ok.provider}, '')`,
      previousOk,
    })
    .from(keywords)
    .innerJoinLateral(ok, sql`true`)
    .where(and(scopePlaceholders(scope), hasRole('analysed', 'tracked'), isNotNull(ok.position)))
    .orderBy(asc(ok.position), asc(keywords.keyword))
    .limit(sql.placeholder('limit'))
    .prepare(`top_keywords_${scope}`)
})

/**
 * The rows of the scope's `limit` best-placed keywords (docs/product.md §9: the dashboard's Top
 * Keywords); `toRecords` adds the provider's figures.
 */
export async function listTopKeywordRows({
  db,
  business,
  location,
  limit,
}: {
  db: Db
  business: Business
  location: ResolvedLocation
  limit: number
}): Promise<PositionRow[]> {
  const rows = await topKeywordRows(
    db,
    { businessId: business.id, locationId: scopeId(location) },
    { limit: limit + TOP_KEYWORD_SLACK },
  )
  // A keyword about another business ('emergency dentist near me' for a plumber) is no top keyword
  // of this one, however well it ranks (issue 32 item 7): relevance as the planner judges it.
  const context = { ...business, cities: citiesFor(business, location.id) }
  return rows.filter((row) => relevanceOf(row.keyword.keyword, context) !== 'low').slice(0, limit)
}

/** Rows read beyond the limit, so low-relevance keywords placed first still leave enough others. */
const TOP_KEYWORD_SLACK = 20

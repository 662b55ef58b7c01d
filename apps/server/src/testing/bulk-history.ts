// A year of an account's history written in bulk (issue 36 items 1 and 6, ADR 049): the seed of
// bench/seed and the query-count test (query-budget.test.ts) write hundreds of thousands of rows in
// seconds with multi-row INSERTs and `generate_series`, shaped as the app's own writers store them
// (rank-store.ts, scan-runs.ts, sightings.ts, reviews-import.ts, recommendations and alerts). Every
// value is derived from the row's number or id, so two seeds of the same size hold the same figures.
// The geo-grid scans' competitors go through the app's own recordMapSightings, which is the code
// that keeps them. Every statement carries the business id.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { AUTOMATION_KINDS, DEFAULT_FREQUENCY } from '@localseo/shared/automation'
import { rateBacklink } from '@localseo/shared/backlink-quality'
import { gridPoints, searchZoom } from '@localseo/shared/geo-grid'
import { dayOf } from '@localseo/shared/rank-tracker'
import type { Db, Tx } from '../db/client.js'
import { jobSchedules } from '../db/schema/automation.js'
import { businesses } from '../db/schema/business.js'
import { businessProfileLinks } from '../db/schema/business-profile.js'
import { geoGridPoints, geoGridScans } from '../db/schema/geo-grid.js'
import { keywords } from '../db/schema/keywords.js'
import { nextRunAt } from '../features/automation/schedule.js'
import type { MapPackQuery } from '../features/keywords/public.js'
import { simulateMapPack } from '../features/keywords/simulated-map-pack.js'
import type { AppDeps } from '../lib/deps.js'

const DAY_MS = 86_400_000

const SERVICES = [
  'dentist',
  'emergency dentist',
  'teeth whitening',
  'dental implants',
  'invisalign',
  'root canal',
  'dental crown',
  'pediatric dentist',
  'cosmetic dentist',
  'dental cleaning',
]
const MODIFIERS = [
  '',
  'near me',
  'best',
  'affordable',
  'cost',
  'same day',
  'open saturday',
  'walk in',
  'for kids',
  'reviews',
]

/** The n-th keyword text of a place: a trade, a modifier and a numbered area past the first 100. */
function keywordText(city: string, n: number): string {
  const service = SERVICES[n % SERVICES.length]!
  const modifier = MODIFIERS[Math.floor(n / SERVICES.length) % MODIFIERS.length]!
  const round = Math.floor(n / (SERVICES.length * MODIFIERS.length))
  const area = round === 0 ? city.toLowerCase() : `${city.toLowerCase()} ${78700 + round}`
  return [service, modifier, area].filter(Boolean).join(' ')
}

interface Scope {
  businessId: string
  /** null: the main business. */
  locationId: string | null
}

/**
 * `count` more tracked keywords of a scope (the first `saved` also saved in the planner), added as
 * the Rank Tracker adds them: lower-cased key, tracked, not sample; texts the scope already has are
 * skipped. A place saves at most 200 (planner.service.ts), so `saved` stays within that. Answers
 * the keywords it added.
 */
export async function bulkTrackedKeywords(
  db: Db | Tx,
  scope: Scope & { city: string; count: number; saved?: number; now: Date; from?: number },
): Promise<{ id: string; keyword: string }[]> {
  const taken = new Set(
    (
      await db
        .select({ key: keywords.keywordKey })
        .from(keywords)
        .where(
          and(
            eq(keywords.businessId, scope.businessId),
            scope.locationId === null
              ? isNull(keywords.locationId)
              : eq(keywords.locationId, scope.locationId),
          ),
        )
    ).map((row) => row.key),
  )
  const texts: string[] = []
  for (let n = scope.from ?? 0; texts.length < scope.count; n++) {
    const text = keywordText(scope.city, n)
    if (!taken.has(text)) texts.push(text)
  }
  const rows = texts.map((keyword, i) => {
    const createdAt = new Date(scope.now.getTime() - 366 * DAY_MS + i * 1000)
    return {
      businessId: scope.businessId,
      locationId: scope.locationId,
      keyword,
      keywordKey: keyword,
      tracked: true,
      savedAt: i < (scope.saved ?? 0) ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
    }
  })
  const added: { id: string; keyword: string }[] = []
  for (let i = 0; i < rows.length; i += 1000) {
    added.push(
      ...(await db
        .insert(keywords)
        .values(rows.slice(i, i + 1000))
        .returning({ id: keywords.id, keyword: keywords.keyword })),
    )
  }
  return added
}

/**
 * `days` daily checks up to `today` of every tracked keyword of the business, as the daily job
 * stores a simulated check: one row per keyword and day, 'Simulated', about one in a hundred
 * failed with the simulation's reason, a few beyond the top 100 (ok, no position). A day already
 * stored is kept (rank-store.ts 'keep').
 */
export async function bulkRankChecks(
  db: Db | Tx,
  { businessId, today, days }: { businessId: string; today: string; days: number },
): Promise<void> {
  await db.execute(sql`
    insert into rank_positions (keyword_id, business_id, day, status, position, checks,
      checked_at, source, reason, provider)
    select k.id, k.business_id, ${today}::date - d,
      case when failed then 'failed' else 'ok' end,
      case when failed or raw > 100 then null else greatest(1, raw) end,
      1, ((${today}::date - d)::timestamp + interval '7 hours 12 minutes') at time zone 'UTC',
      'simulated',
      case when failed then 'The simulated rank check did not answer.' end,
      'Simulated'
    from (select id, business_id, abs(hashtext(id::text)) as h
          from keywords where business_id = ${businessId} and tracked) k
    cross join generate_series(0, ${days - 1}) as d
    cross join lateral (select (k.h + d) % 97 = 0 as failed,
      (2 + k.h % 80 + round(5 * sin((d + k.h % 50) / 9.0)) + d / 45)::int as raw) p
    on conflict do nothing`)
}

/**
 * `count` backlinks over two years, as the Backlink Monitor keeps owner-added links that its
 * weekly check verified two days ago: found on the page (followed or nofollow), or gone from it
 * (one in fifty, broken); rated by the app's own rateBacklink from what the check found, with no
 * backlink data provider (ADR 032). Every fifth is made for one of `locationIds`. The
 * backlink_counts triggers keep the summary's counts in the same statement.
 */
export async function bulkBacklinks(
  db: Db | Tx,
  {
    businessId,
    count,
    locationIds,
    now,
    website,
  }: { businessId: string; count: number; locationIds: string[]; now: Date; website: string },
): Promise<void> {
  const locations = sql`${sql.param(locationIds.length > 0 ? locationIds : [null])}::text[]`
  const checkedAt = new Date(now.getTime() - 2 * DAY_MS).toISOString()
  const found = (linkType: 'dofollow' | 'nofollow') => ({
    note:
      linkType === 'nofollow'
        ? 'Link found, marked nofollow by the link.'
        : 'Link found and followed by search engines.',
    ...rateBacklink({
      status: 'active',
      outcome: 'link-found',
      checkedAt,
      note: null,
      linkType,
      pageUrl: 'https://site.example/page', // every seeded page is https
      citationSite: null,
      metrics: null,
    }),
  })
  const missingNote = `The page does not link to ${website}.`
  const rated = {
    dofollow: found('dofollow'),
    nofollow: found('nofollow'),
    broken: rateBacklink({
      status: 'broken',
      outcome: 'link-missing',
      checkedAt,
      note: missingNote,
      linkType: 'dofollow',
      pageUrl: 'https://site.example/page', // every seeded page is https
      citationSite: null,
      metrics: null,
    }),
  }
  await db.execute(sql`
    insert into backlinks (business_id, url, domain, anchor_text, link_type, quality,
      quality_basis, first_seen, status, is_location_specific, location_id, created_at,
      last_checked_at, http_status, verification)
    select ${businessId}::uuid, v.url, v.domain, v.anchor, v.link_type,
      case when v.broken then ${rated.broken.quality}
        when v.link_type = 'nofollow' then ${rated.nofollow.quality}
        else ${rated.dofollow.quality} end,
      case when v.broken then ${JSON.stringify(rated.broken.basis)}::jsonb
        when v.link_type = 'nofollow' then ${JSON.stringify(rated.nofollow.basis)}::jsonb
        else ${JSON.stringify(rated.dofollow.basis)}::jsonb end,
      v.seen, case when v.broken then 'broken' else 'active' end,
      i % 5 = 0 and l.ids[1] is not null,
      case when i % 5 = 0 then l.ids[1 + (i / 5) % greatest(1, cardinality(l.ids))] end,
      v.seen - i * interval '1 second', ${checkedAt}::timestamptz, 200,
      jsonb_build_object(
        'outcome', case when v.broken then 'link-missing' else 'link-found' end,
        'rel', case when v.link_type = 'nofollow' and not v.broken
          then '["nofollow"]'::jsonb else '[]'::jsonb end,
        'pageNofollow', false,
        'anchorText', case when v.broken then null else v.anchor end,
        'finalUrl', v.url,
        'note', case when v.broken then ${missingNote}
          when v.link_type = 'nofollow' then ${rated.nofollow.note}
          else ${rated.dofollow.note} end)
    from generate_series(1, ${count}) as i
    cross join (select ${locations} as ids) l
    cross join lateral (select
      'https://site' || (i % 2500) || '.example/page/' || i as url,
      'site' || (i % 2500) || '.example' as domain,
      'anchor text ' || (i % 400) as anchor,
      case when i % 4 = 0 then 'nofollow' else 'dofollow' end as link_type,
      i % 50 = 0 as broken,
      ${now.toISOString()}::timestamptz - (i % 730) * interval '1 day' as seen) v`)
}

/** A place's reviews: the link is a sample profile location without GOOGLE_CLIENT_ID (ADR 034). */
export interface ReviewPlace {
  locationKey: string
  locationId: string | null
  title: string
  count: number
}

/**
 * Each place's linked profile location and its `count` reviews over two years, as the reviews
 * import stores them: ratings mostly 4-5, a little over half answered a day or two later, some
 * anonymous. `sample` as the links and reviews are labelled without a Google client.
 */
export async function bulkReviews(
  db: Db | Tx,
  {
    businessId,
    places,
    now,
    sample,
  }: { businessId: string; places: ReviewPlace[]; now: Date; sample: boolean },
): Promise<void> {
  const account = sample ? 'accounts/sample' : 'accounts/seed'
  const links = await db
    .insert(businessProfileLinks)
    .values(
      places.map((place, i) => ({
        businessId,
        locationKey: place.locationKey,
        locationId: place.locationId,
        googleLocation: `locations/seed-${i + 1}`,
        account,
        title: place.title,
        sample,
        linkedAt: new Date(now.getTime() - 365 * DAY_MS),
        reviewsImportedAt: now,
        reviewsFullImportAt: now,
        reviewsAttemptedAt: now,
        reviewsImportStatus: 'ok',
      })),
    )
    .returning({ id: businessProfileLinks.id, locationKey: businessProfileLinks.locationKey })
  for (const link of links) {
    const place = places.find((p) => p.locationKey === link.locationKey)!
    await db.execute(sql`
      insert into business_profile_reviews (business_id, link_id, location_key, name,
        reviewer_name, reviewer_anonymous, rating, comment, create_time, update_time,
        reply_comment, reply_update_time, sample, imported_at)
      select ${businessId}::uuid, ${link.id}::uuid, ${link.locationKey},
        ${account} || '/locations/seed-' || ${link.id}::text || '/reviews/' || i,
        case when i % 9 = 4 then 'A Google user'
          else (array['Sam R.', 'Priya K.', 'Dan O.', 'Lucy M.', 'Chris T.', 'Aisha B.', 'Mark W.'])[1 + i % 7] end,
        i % 9 = 4, r.rating,
        (array['Had to come back twice for the same problem.',
               'Arrived two hours late without a call.',
               'The job was done, but nobody called back when they said they would.',
               'Good work, though the first appointment was moved once.',
               'Friendly, on time and the price was what they quoted.'])[r.rating],
        t.created, t.created,
        case when i % 20 < 11 then
          case when r.rating >= 4 then 'Thank you for your kind words!'
            else 'Sorry to hear this: please call us.' end end,
        case when i % 20 < 11 then t.created + (6 + i % 60) * interval '1 hour' end,
        ${sample}, ${now}::timestamptz
      from generate_series(1, ${place.count}) as i
      cross join lateral (select case when i % 17 = 0 then 1 when i % 13 = 0 then 2
        when i % 7 = 0 then 3 when i % 3 = 0 then 4 else 5 end as rating) r
      cross join lateral (select ${now}::timestamptz - interval '2 days'
        - (i::float / ${place.count} * 730) * interval '1 day' as created) t`)
  }
}

const TASK_TITLES = [
  'Reply to this week’s reviews',
  'Add new photos to your Google profile',
  'Publish a Google post about an offer',
  'Fix a broken link on your website',
  'Ask five recent customers for a review',
  'Update your opening hours for the holidays',
  'Write a page for a service you offer',
  'Check your listing on Yelp matches your address',
]

/**
 * A year of SEO tasks: `completed` done one after another over the year (each with the activity
 * the dashboard's Recent Activity shows, as completing one writes it) and `open` still to do.
 */
export async function bulkTasks(
  db: Db | Tx,
  {
    businessId,
    completed,
    open,
    now,
  }: { businessId: string; completed: number; open: number; now: Date },
): Promise<void> {
  const titles = sql`(${sql.param(TASK_TITLES)}::text[])`
  await db.execute(sql`
    with done as (
      select i, ${now}::timestamptz - (i::float / greatest(1, ${completed}) * 364) * interval '1 day'
        - interval '3 hours' as at
      from generate_series(1, ${completed}) as i
    ), inserted as (
      insert into recommendations (business_id, title, description, priority, status, category,
        impact, points, completed_date, implementation_guide, created_at, updated_at)
      select ${businessId}::uuid, ${titles}[1 + i % ${TASK_TITLES.length}] || ' (' || to_char(at, 'Mon DD') || ')',
        'A regular task that keeps the profile and the website current.',
        (array['high', 'medium', 'low'])[1 + i % 3], 'completed',
        (array['technical', 'content', 'listings', 'reputation'])[1 + i % 4],
        'Helps customers find and choose you.', 5 + (i % 4) * 5, (at at time zone 'UTC')::date,
        'Open the screen named in the task.' || chr(10) || 'Do what it says, then mark it done.',
        at - interval '5 days', at
      from done
      returning title, points, updated_at
    )
    insert into activities (business_id, kind, message, created_at)
    select ${businessId}::uuid, 'task_completed',
      'Completed SEO task: ' || title || ' (+' || points || ' points)', updated_at
    from inserted`)
  await db.execute(sql`
    insert into recommendations (business_id, title, description, priority, status, category,
      impact, points, implementation_guide, created_at, updated_at)
    select ${businessId}::uuid, ${titles}[1 + i % ${TASK_TITLES.length}] || ' (to do ' || i || ')',
      'A regular task that keeps the profile and the website current.',
      (array['high', 'medium', 'low'])[1 + i % 3],
      case when i % 4 = 0 then 'in-progress' else 'pending' end,
      (array['technical', 'content', 'listings', 'reputation'])[1 + i % 4],
      'Helps customers find and choose you.', 5 + (i % 4) * 5,
      'Open the screen named in the task.' || chr(10) || 'Do what it says, then mark it done.',
      ${now}::timestamptz - i * interval '1 day', ${now}::timestamptz - i * interval '1 day'
    from generate_series(1, ${open}) as i`)
}

/**
 * `perDay` alerts a day over the year, as the automatic work words them, about the business's own
 * tracked keywords and its first backlinks' domains; read and emailed except the last week's.
 */
export async function bulkAlerts(
  db: Db | Tx,
  {
    businessId,
    perDay,
    days,
    now,
  }: { businessId: string; perDay: number; days: number; now: Date },
): Promise<void> {
  await db.execute(sql`
    with kw as (
      select row_number() over (order by keyword_key) as n, keyword from keywords
      where business_id = ${businessId} and tracked
    ), total as (select greatest(1, count(*)) as c from kw)
    insert into notifications (business_id, kind, message, link, created_at, read_at, emailed_at)
    select ${businessId}::uuid, a.kind, a.message, a.link, at,
      case when at < ${now}::timestamptz - interval '7 days' then at + interval '5 hours' end,
      case when at < ${now}::timestamptz - interval '1 day' then at + interval '1 hour' end
    from generate_series(0, ${days * perDay - 1}) as i
    cross join total
    cross join lateral (select ${now}::timestamptz - (i::float / ${perDay}) * interval '1 day'
      - interval '2 hours' as at) t
    left join kw on kw.n = 1 + i % total.c
    cross join lateral (select
      case i % 4 when 0 then 'rank_drop' when 1 then 'rank_rise' when 2 then 'backlink_lost'
        else 'review_new' end as kind,
      case i % 4
        when 0 then '''' || coalesce(kw.keyword, 'dentist') || ''' left the top 10: now #' || (11 + i % 9) || ' (was #' || (4 + i % 6) || ').'
        when 1 then '''' || coalesce(kw.keyword, 'dentist') || ''' rose ' || (5 + i % 7) || ' places to #' || (3 + i % 8) || '.'
        when 2 then 'A backlink from site' || (i % 2500) || '.example is gone.'
        else 'A new ' || (4 + i % 2) || '-star review.' end as message,
      case i % 4 when 2 then '/backlinks' when 3 then '/business-profile' else '/rank-tracker' end
        as link) a`)
}

/**
 * `weeks` weekly 7x7 scans of each keyword from the business's pin, as a scheduled scan stores
 * them (scan-runs.ts): the scan, its 49 answered points with the places the simulated map pack
 * returned, and the competitors they saw through the app's own recordMapSightings.
 */
export async function bulkGridScans(
  deps: Pick<AppDeps, 'db' | 'recordMapSightings'>,
  {
    businessId,
    keywords: scanned,
    weeks,
    center,
    city,
    category,
    match,
    now,
  }: {
    businessId: string
    keywords: { id: string; keyword: string }[]
    weeks: number
    center: { lat: number; lng: number }
    city: string
    category: string
    match: MapPackQuery['match']
    now: Date
  },
): Promise<number> {
  const { db } = deps
  const GRID = 7
  const SPACING_KM = 1
  const zoom = searchZoom(SPACING_KM)
  const points = gridPoints(center, GRID, SPACING_KM)
  let scans = 0
  // A week's scans in three statements and one recordMapSightings call (it takes a batch).
  for (let week = weeks - 1; week >= 0; week--) {
    const at = new Date(now.getTime() - week * 7 * DAY_MS - 4 * 3_600_000)
    const day = dayOf(at)
    const answers = scanned.map((keyword) =>
      points.map((point) =>
        simulateMapPack({
          businessId,
          locationId: 'main',
          keyword: keyword.keyword,
          country: 'US',
          city,
          category,
          ...point,
          zoom,
          day,
          match,
        }),
      ),
    )
    const made = await db
      .insert(geoGridScans)
      .values(
        scanned.map((keyword) => ({
          businessId,
          keywordId: keyword.id,
          keyword: keyword.keyword,
          keywordKey: keyword.keyword,
          gridSize: GRID,
          spacingKm: SPACING_KM,
          centerLat: center.lat,
          centerLng: center.lng,
          zoom,
          status: 'done' as const,
          simulated: true,
          sourceLabel: 'Simulated',
          scheduled: true,
          createdAt: at,
          finishedAt: new Date(at.getTime() + 60_000),
        })),
      )
      .returning({ id: geoGridScans.id, keywordId: geoGridScans.keywordId })
    const scanIds = scanned.map((keyword) => made.find((m) => m.keywordId === keyword.id)!.id)
    await db.insert(geoGridPoints).values(
      scanned.flatMap((_, k) =>
        points.map((point, i) => {
          const answer = answers[k]![i]!
          const ok = answer.status === 'ok'
          return {
            ...point,
            scanId: scanIds[k]!,
            businessId,
            status: 'ok' as const,
            position: ok ? answer.position : null,
            checkedAt: at,
            places: ok ? answer.places.map(({ lat: _lat, lng: _lng, ...place }) => place) : [],
          }
        }),
      ),
    )
    await deps.recordMapSightings(
      db,
      scanned.map((keyword, k) => ({
        businessId,
        locationId: 'main',
        keywordKey: keyword.keyword,
        keywordId: keyword.id,
        provider: 'Simulated',
        simulated: true,
        search: { kind: 'grid' as const, scanId: scanIds[k]! },
        seenAt: at,
        answers: answers[k]!.flatMap((a) =>
          a.status === 'ok' ? [{ position: a.position, places: a.places }] : [],
        ),
      })),
    )
    scans += scanned.length
  }
  return scans
}

/**
 * Every kind of automatic work next due at the business's own slot after `now` (schedule.ts), as
 * the planner leaves it after a day's runs, instead of due at once as a new business's rows are:
 * a server started on the seeded account would otherwise begin by checking its 500 keywords and
 * 10,000 backlinks, and, without a Google client, the sample reviews import would replace the
 * seeded reviews with its own (a sample import reads everything, ADR 034).
 */
export async function scheduleNextRuns(
  db: Db | Tx,
  { businessId, timeZone, now }: { businessId: string; timeZone: string; now: Date },
): Promise<void> {
  const rows = AUTOMATION_KINDS.flatMap((kind) => {
    const frequency = DEFAULT_FREQUENCY[kind]
    const dueAt = nextRunAt({ businessId, frequency, timeZone, after: now, kind })
    return dueAt ? [{ businessId, kind, frequency, dueAt }] : []
  })
  await db
    .insert(jobSchedules)
    .values(rows)
    .onConflictDoUpdate({
      target: [jobSchedules.businessId, jobSchedules.kind],
      set: { dueAt: sql`excluded.due_at` },
    })
}

/** Rows of the business in each table the history fills, for the seed's report. */
export async function historyCounts(db: Db, businessId: string): Promise<Record<string, number>> {
  const tables = [
    'keywords',
    'rank_positions',
    'backlinks',
    'geo_grid_scans',
    'geo_grid_points',
    'competitors',
    'competitor_sightings',
    'business_profile_reviews',
    'recommendations',
    'activities',
    'notifications',
  ]
  const [row] = await db
    .select({
      ...Object.fromEntries(
        tables.map((table) => [
          table,
          sql<number>`(select count(*)::int from ${sql.identifier(table)} where business_id = ${businessId})`,
        ]),
      ),
      'tracked keywords': sql<number>`(select count(*)::int from ${keywords} where ${and(eq(keywords.businessId, businessId), eq(keywords.tracked, true))})`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  return row ?? {}
}

// The backlink profile behind AI Backlink Analysis (docs/product.md §9), counted in SQL over EVERY backlink in
// scope, so a business with 100,000 links is scored on all of them without loading them. Each figure
// means exactly what profileBacklinks (ai/built-in/backlinks-engine.ts) computes from an array; the
// tests hold the two to each other. Per-value work (domains, anchors) runs on the distinct values of
// backlink_counts, and only local relevance reads backlinks, once.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { localTerms } from '@localseo/shared/backlink-scores'
import type { Business } from '@localseo/shared/business'
import { linkSourceProbes, type BacklinkProfile } from '../../ai/built-in/backlinks-engine.js'
import { normalise } from '../../ai/built-in/search-terms.js'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { backlinkCounts } from '../../db/schema/backlink-counts.js'

/** ASCII letters lowered and nothing else, as asciiLower in shared/backlink-scores.ts. */
const asciiLower = (text: SQL) =>
  sql`translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`

/** mentionsLocalTerm in SQL: a phrase inside the text's letters and digits, or the state code as a token. */
function mentionsLocalTermSql(text: SQL, terms: ReturnType<typeof localTerms>): SQL {
  const tests: SQL[] = []
  // Phrases are letters and digits only, so joined with | they are a literal alternation.
  if (terms.phrases.length > 0) {
    tests.push(
      sql`regexp_replace(${asciiLower(text)}, '[^a-z0-9]+', '', 'g') ~ ${terms.phrases.join('|')}`,
    )
  }
  if (terms.stateCode) {
    tests.push(sql`${asciiLower(text)} ~ ${`(^|[^a-z0-9])${terms.stateCode}([^a-z0-9]|$)`}`)
  }
  return tests.length === 0 ? sql`false` : sql`(${sql.join(tests, sql` or `)})`
}

/** normaliseDomain in SQL (stored domains are already lower case hosts without one 'www.'). */
const normalisedDomain = sql`regexp_replace(lower(btrim(${backlinkCounts.value})), '^www\\.', '')`

export async function countBacklinkProfile({
  db,
  business,
  locationId,
  place,
}: {
  db: Db
  business: Business
  /** undefined: all of the business's backlinks; otherwise that location's own. */
  locationId: string | undefined
  place: { city: string; state: string; country?: string }
}): Promise<BacklinkProfile> {
  const businessId = business.id
  const counted = and(
    eq(backlinkCounts.businessId, businessId),
    eq(backlinkCounts.scope, locationId ?? ''),
  )
  const terms = localTerms({ ...place, category: business.category })
  const facetValues = (facet: 'domain' | 'anchor', test: SQL) =>
    sql`(select ${backlinkCounts.value} from ${backlinkCounts}
      where ${counted} and ${backlinkCounts.facet} = ${facet} and ${test})`
  const inScope = [eq(backlinks.businessId, businessId)]
  if (locationId) inScope.push(eq(backlinks.locationId, locationId))

  const [facets, domains, brand, local] = await Promise.all([
    db
      .select({
        facet: backlinkCounts.facet,
        value: backlinkCounts.value,
        count: backlinkCounts.count,
      })
      .from(backlinkCounts)
      .where(and(counted, sql`${backlinkCounts.facet} in ('quality', 'status', 'type')`)),
    domainFacts({ db, counted, business }),
    db
      .select({
        count: sql<number>`coalesce(sum(${backlinkCounts.count}), 0)`.mapWith(Number),
      })
      .from(backlinkCounts)
      .where(
        and(
          counted,
          eq(backlinkCounts.facet, 'anchor'),
          // search-terms normalise: lower case, runs of white space as one space.
          sql`strpos(regexp_replace(lower(${backlinkCounts.value}), '\\s+', ' ', 'g'), ${normalise(business.name)}) > 0`,
        ),
      ),
    // One pass over the backlinks; the local test runs once per distinct domain and anchor.
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(backlinks)
      .where(
        and(
          ...inScope,
          sql`(${backlinks.domain} in ${facetValues('domain', mentionsLocalTermSql(sql`${backlinkCounts.value}`, terms))}
            or ${backlinks.anchorText} in ${facetValues('anchor', mentionsLocalTermSql(sql`${backlinkCounts.value}`, terms))})`,
        ),
      ),
  ])
  const tally = (facet: string, value: string) =>
    facets.find((row) => row.facet === facet && row.value === value)?.count ?? 0
  const high = tally('quality', 'high')
  const medium = tally('quality', 'medium')
  const low = tally('quality', 'low')
  const unrated = tally('quality', 'unrated')
  return {
    total: high + medium + low + unrated,
    high,
    medium,
    low,
    // A link whose page did not answer is always 'unrated' (backlink-rating.ts), so the status
    // facet counts the unrated links that count against the Quality Score.
    unreachable: tally('status', 'unreachable'),
    uniqueDomains: domains.uniqueDomains,
    local: local[0]?.count ?? 0,
    broken: tally('status', 'broken'),
    nofollow: tally('type', 'nofollow'),
    topDomain: domains.topDomain,
    brandAnchors: brand[0]?.count ?? 0,
    sourceDomains: domains.sourceDomains,
  }
}

/** Distinct normalised domains, the busiest one, and one domain per link source probe. */
async function domainFacts({
  db,
  counted,
  business,
}: {
  db: Db
  counted: SQL | undefined
  business: Business
}) {
  const d = db.$with('d').as(
    db
      .select({
        domain: sql<string>`${normalisedDomain}`.as('domain'),
        n: sql<number>`sum(${backlinkCounts.count})::integer`.as('n'),
      })
      .from(backlinkCounts)
      .where(and(counted, eq(backlinkCounts.facet, 'domain')))
      .groupBy(sql`1`),
  )
  const probes = linkSourceProbes(business).map(
    (probe) =>
      sql`(select min(d.domain collate "C") from d where d.domain ~ ${probe.match}${
        probe.unless === null ? sql`` : sql` and not d.domain ~ ${probe.unless}`
      })`,
  )
  const busiest = sql`from d order by d.n desc, d.domain collate "C" limit 1`
  const [row] = await db
    .with(d)
    .select({
      uniqueDomains: sql<number>`count(*)`.mapWith(Number),
      topDomain: sql<string | null>`(select d.domain ${busiest})`,
      topCount: sql<number | null>`(select d.n ${busiest})`,
      sourceDomains: sql<(string | null)[]>`array[${sql.join(probes, sql`, `)}]::text[]`,
    })
    .from(d)
  return {
    uniqueDomains: row?.uniqueDomains ?? 0,
    topDomain:
      row?.topDomain != null ? { domain: row.topDomain, count: Number(row.topCount) } : null,
    sourceDomains: [...new Set((row?.sourceDomains ?? []).filter((domain) => domain !== null))],
  }
}

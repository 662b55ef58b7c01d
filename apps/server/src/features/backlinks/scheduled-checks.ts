// Backlink checks that run by themselves (issue 16 item 2, docs/decisions/018-job-queue.md): each
// run takes the links that are due (never checked first, then those checked longer ago than the
// owner's frequency) and the links whose page did not answer at the last check, which are tried
// again each day. A link whose page has not answered for 3 days counts as lost: broken.
import { and, count, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import type { Clock } from '../../lib/clock.js'
import type { Env } from '../../env.js'
import type { SafeFetcher } from '../../net/safe-fetch.js'
import { websiteSiteKey } from './verify-page.js'
import { verifyBacklinks } from './verify.js'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** A page without an answer for this long: its link counts as lost. */
const LOST_AFTER_MS = 3 * DAY_MS
/** A link without an answer is tried again at the next daily run (a little less than a day later). */
const RETRY_UNREACHABLE_AFTER_MS = 20 * HOUR_MS
/** Batches of 20 per run: up to 2,000 links, the rest at the next run. */
const MAX_BATCHES = 100
const LOST_NOTE = 'The page did not answer for 3 days: the link counts as lost.'

export interface ScheduledRun {
  outcome: string
  /** Links still without an answer: the next run should come tomorrow. */
  retrySoon: boolean
  /** The domains whose link this run counted as lost. */
  lost: string[]
  /** The domains whose followed link this run found marked nofollow. */
  turnedNofollow: string[]
}

/** Links still unanswered after 3 days become broken, with the reason in their note. */
async function markLost(db: Db, businessId: string, now: Date) {
  const lost = await db
    .update(backlinks)
    .set({
      status: 'broken',
      // A lost link passes nothing: Low, with the reason (ADR 032).
      quality: 'low',
      qualityBasis: { ratedAt: now.toISOString(), reasons: [LOST_NOTE] },
      unreachableSince: null,
      verification: sql`jsonb_set(coalesce(${backlinks.verification}, '{}'::jsonb), '{note}', to_jsonb(${LOST_NOTE}::text))`,
    })
    .where(
      and(
        eq(backlinks.businessId, businessId),
        eq(backlinks.status, 'unreachable'),
        lte(backlinks.unreachableSince, new Date(now.getTime() - LOST_AFTER_MS)),
      ),
    )
    .returning({ domain: backlinks.domain })
  return lost.map((row) => row.domain)
}

export async function runScheduledBacklinkChecks({
  db,
  fetcher,
  clock,
  env,
  businessId,
  periodMs,
}: {
  db: Db
  fetcher: SafeFetcher
  clock: Clock
  /** Where the backlink data provider is configured (ADR 032). */
  env?: Env
  businessId: string
  /** How often the owner wants every link checked (a day or a week). */
  periodMs: number
}): Promise<ScheduledRun> {
  const [business] = await db
    .select({ website: businesses.website })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  if (!websiteSiteKey(business?.website ?? '')) {
    return {
      outcome: 'No website in Settings to check links against.',
      retrySoon: false,
      lost: [],
      turnedNofollow: [],
    }
  }
  const totals = { checked: 0, active: 0, broken: 0, unverifiable: 0, unreachable: 0 }
  const turnedNofollow: string[] = []
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const result = await verifyBacklinks({
      db,
      fetcher,
      clock,
      env,
      businessId,
      // A little less than the period, so this week's run takes the links of last week's.
      recheckAfterMs: periodMs - 4 * HOUR_MS,
      retryUnreachableAfterMs: RETRY_UNREACHABLE_AFTER_MS,
      ownOnly: true,
    })
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += result[key]
    turnedNofollow.push(...result.turnedNofollow)
    if (result.checked === 0 || result.remaining === 0) break
  }
  const lost = await markLost(db, businessId, clock.now())
  const [left] = await db
    .select({ n: count() })
    .from(backlinks)
    .where(and(eq(backlinks.businessId, businessId), eq(backlinks.status, 'unreachable')))
  const words = [
    `${totals.checked} checked`,
    totals.broken > 0 ? `${totals.broken} broken` : '',
    totals.unreachable > 0 ? `${totals.unreachable} did not answer (tried again tomorrow)` : '',
    lost.length > 0 ? `${lost.length} lost after 3 days without an answer` : '',
  ].filter(Boolean)
  return { outcome: words.join(', '), retrySoon: (left?.n ?? 0) > 0, lost, turnedNofollow }
}

// The keyword data source's figures for the keywords a business has (issue 30 item 8, ADR 024):
// asked by the jobs, never by a screen. The first checks of a new business's keywords ask them, and
// the scheduled rank checks ask what this month has not stored yet, so the screens, which only read,
// show this month's figures from its first run.
import type { Business } from '@localseo/shared/business'
import { eq } from 'drizzle-orm'
import { keywords } from '../../db/schema/keywords.js'
import type { AppDeps } from '../../lib/deps.js'

/** At most this many keywords a run (the bounds of a business's lists are far below it). */
const KEYWORD_LIMIT = 2_000

/** Asks the keyword data source for the figures of every keyword of the business not stored yet. */
export async function askKeywordFigures(
  deps: Pick<AppDeps, 'db' | 'measuredKeywords'>,
  business: Business,
): Promise<void> {
  const source = deps.measuredKeywords?.asking
  if (!source) return
  const rows = await deps.db
    .selectDistinct({ keyword: keywords.keyword, locationId: keywords.locationId })
    .from(keywords)
    .where(eq(keywords.businessId, business.id))
    .limit(KEYWORD_LIMIT)
  // One tick: the source gathers them into one request per place.
  await Promise.all(
    rows.map((row) => source.describe(row.keyword, business, row.locationId)),
  )
}

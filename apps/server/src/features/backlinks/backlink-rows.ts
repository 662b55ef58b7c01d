// The backlink fields every reader outside the list shows or sends on (the AI tasks, the CSV export),
// and the one query that lists them newest first, as the Backlink Monitor does.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'

export const backlinkColumns = {
  url: backlinks.url,
  domain: backlinks.domain,
  anchorText: backlinks.anchorText,
  linkType: backlinks.linkType,
  quality: backlinks.quality,
  status: backlinks.status,
}

/** Status is free text in old rows; the AI tasks take a short label. */
const STATUS_FOR_MODEL = 40

/** The newest backlinks of a business, or of one of its locations, for an AI task. */
export async function newestBacklinks({
  db,
  businessId,
  locationId,
  limit,
}: {
  db: Db
  businessId: string
  /** undefined: every backlink of the business (main). */
  locationId?: string
  limit: number
}) {
  const where = [eq(backlinks.businessId, businessId)]
  if (locationId) where.push(eq(backlinks.locationId, locationId))
  const rows = await db
    .select(backlinkColumns)
    .from(backlinks)
    .where(and(...where))
    .orderBy(desc(backlinks.createdAt), desc(backlinks.id))
    .limit(limit)
  return rows.map((row) => ({ ...row, status: row.status.slice(0, STATUS_FOR_MODEL) }))
}

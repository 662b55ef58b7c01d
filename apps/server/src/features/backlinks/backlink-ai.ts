// AI Backlink Analysis and Content Ideas (SPEC §2, §7, §9). The refusals come first, with the exact
// SPEC §2 texts; the scores are counted in SQL over every backlink in scope (backlink-profile.ts) and
// the AI task sees only the first 5 links, newest first as in the list.
import { and, desc, eq } from 'drizzle-orm'
import type { BacklinkAnalysis, ContentIdeas } from '@localseo/shared/ai'
import {
  BUSINESS_INFO_REQUIRED,
  NO_BACKLINK_DATA,
  WEBSITE_REQUIRED_FOR_ANALYSIS,
} from '@localseo/shared/backlink-ai'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import { MAIN_LOCATION, resolveLocation } from '@localseo/shared/location-selection'
import type { AiService } from '../../ai/ai-service.js'
import { BACKLINKS_SENT_TO_MODEL } from '../../ai/tasks/analyse-backlinks.js'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/app.js'
import { AppError } from '../../lib/errors.js'
import { countBacklinkProfile } from './backlink-profile.js'

/** A named business (else the SPEC §2 message), and undefined for main or one of its locations (else 404). */
function requireScope(business: Business, location: string | undefined): string | undefined {
  if (!hasBusinessName(business)) throw new AppError('validation_failed', BUSINESS_INFO_REQUIRED)
  if (!location || location === MAIN_LOCATION) return undefined
  if (!business.locations.some((l) => l.id === location)) {
    throw new AppError('not_found', 'That location does not exist.')
  }
  return location
}

export async function analyseBacklinkProfile({
  db,
  ai,
  userId,
  business,
  location,
}: {
  db: Db
  ai: AiService
  userId: string
  /** The caller's own business (getBusinessForUser), so its id scopes every query. */
  business: Business
  location: string | undefined
}): Promise<BacklinkAnalysis> {
  const locationId = requireScope(business, location)
  if (!business.website.trim()) {
    throw new AppError('validation_failed', WEBSITE_REQUIRED_FOR_ANALYSIS)
  }
  const place = resolveLocation(business, locationId)
  const profile = await countBacklinkProfile({ db, business, locationId, place })
  if (profile.total === 0) throw new AppError('validation_failed', NO_BACKLINK_DATA)
  const where = [eq(backlinks.businessId, business.id)]
  if (locationId) where.push(eq(backlinks.locationId, locationId))
  const first = await db
    .select({
      url: backlinks.url,
      domain: backlinks.domain,
      anchorText: backlinks.anchorText,
      linkType: backlinks.linkType,
      quality: backlinks.quality,
      status: backlinks.status,
    })
    .from(backlinks)
    .where(and(...where))
    .orderBy(desc(backlinks.createdAt), desc(backlinks.id))
    .limit(BACKLINKS_SENT_TO_MODEL)
  return ai.analyseBacklinks({
    userId,
    business,
    locationId: locationId ?? null,
    backlinks: first.map((link) => ({ ...link, status: link.status.slice(0, 40) })),
    profile,
  })
}

export async function generateBacklinkContentIdeas({
  ai,
  userId,
  business,
  location,
}: {
  ai: AiService
  userId: string
  business: Business
  location: string | undefined
}): Promise<ContentIdeas> {
  const locationId = requireScope(business, location)
  return ai.generateContentIdeas({ userId, business, locationId: locationId ?? null })
}

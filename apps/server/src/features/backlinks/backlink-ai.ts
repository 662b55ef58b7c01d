// AI Backlink Analysis and Content Ideas (docs/product.md §2, §7, §9). The refusals come first, with the exact
// docs/product.md §2 texts; the scores are counted in SQL over every backlink in scope (backlink-profile.ts) and
// the AI task sees only the first 5 links, newest first as in the list.
import type { BacklinkAnalysis, ContentIdeas } from '@localseo/shared/ai'
import {
  BUSINESS_INFO_REQUIRED,
  NO_BACKLINK_DATA,
  WEBSITE_REQUIRED_FOR_ANALYSIS,
} from '@localseo/shared/backlink-ai'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import { resolveLocation } from '@localseo/shared/location-selection'
import type { AiService } from '../../ai/ai-service.js'
import { BACKLINKS_SENT_TO_MODEL } from '../../ai/tasks/analyse-backlinks.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../lib/errors.js'
import { requireLocation } from '../../lib/tenant.js'
import { countBacklinkProfile } from './backlink-profile.js'
import { newestBacklinks } from './backlink-rows.js'

/** A named business (else the docs/product.md §2 message), and undefined for main or one of its locations (else 404). */
function requireScope(business: Business, location: string | undefined): string | undefined {
  if (!hasBusinessName(business)) throw new AppError('validation_failed', BUSINESS_INFO_REQUIRED)
  const place = requireLocation(business, location)
  return place.isMain ? undefined : place.id
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
  /** The caller's own business (the request's tenant), so its id scopes every query. */
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
  const first = await newestBacklinks({
    db,
    businessId: business.id,
    locationId,
    limit: BACKLINKS_SENT_TO_MODEL,
  })
  return ai.analyseBacklinks({
    userId,
    business,
    locationId: locationId ?? null,
    backlinks: first,
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

// Review requests (issue 33 item 4, ADR 034 "Review requests"): one place's Google review link, from
// the place id its link to a profile location keeps, and the email and SMS the owner sends to every
// customer alike. Read from our tables only, scoped to the caller's business (docs/house-rules.md
// "Tenant scoping inside the query").
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import {
  reviewLink,
  reviewRequestTexts,
  type ReviewRequest,
} from '@localseo/shared/review-requests'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'

/** GET /api/business-profile/review-requests: the link shown now (sample ones while Google is). */
export async function reviewRequest(
  db: Db,
  business: Business,
  location: ResolvedLocation,
  sample: boolean,
): Promise<ReviewRequest> {
  const [link] = await db
    .select({
      googleLocation: businessProfileLinks.googleLocation,
      title: businessProfileLinks.title,
      placeId: businessProfileLinks.placeId,
    })
    .from(businessProfileLinks)
    .where(
      and(
        eq(businessProfileLinks.businessId, business.id),
        eq(businessProfileLinks.locationKey, location.id),
        eq(businessProfileLinks.sample, sample),
      ),
    )
  // The customer knows the place by our name for it: the business's, or the location's own.
  const name = location.name || business.name
  const reviewUrl = link?.placeId ? reviewLink(link.placeId) : null
  return {
    location: location.id,
    name,
    link: link ?? null,
    reviewUrl,
    texts: reviewUrl ? reviewRequestTexts(name, reviewUrl) : null,
    sample,
  }
}

// Posts and the link of their place (ADR 055). A post is the owner's writing: it outlives its link
// (link_id is set null when the link goes). Linking the place again gives it back a link: a post
// not sent yet goes to whichever profile the place is linked to now; one sent to Google only back to
// the profile it is on (its Google name starts with that location's).
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { businessProfilePosts as p } from '../../db/schema/business-profile-posts.js'
import { v4Location } from './google-api.js'

interface LinkedPlace {
  id: string
  businessId: string
  locationKey: string
  account: string
  googleLocation: string
  sample: boolean
}

/** After a place is linked: its posts without a link that may go to this profile take it. */
export async function postsFollowLink(tx: Tx, link: LinkedPlace): Promise<void> {
  const onThisProfile = `${v4Location(link.account, link.googleLocation)}/localPosts/`
  await tx
    .update(p)
    .set({ linkId: link.id })
    .where(
      and(
        eq(p.businessId, link.businessId),
        eq(p.locationKey, link.locationKey),
        eq(p.sample, link.sample),
        isNull(p.linkId),
        or(isNull(p.googleName), sql`starts_with(${p.googleName}, ${onThisProfile})`),
      ),
    )
}

/** Before a link is pointed at another profile: the posts on the one before are not on the new one. */
export async function detachSentPosts(tx: Tx, businessId: string, linkId: string): Promise<void> {
  await tx
    .update(p)
    .set({ linkId: null })
    .where(and(eq(p.businessId, businessId), eq(p.linkId, linkId), isNotNull(p.googleName)))
}

/** Settings' 'Remove sample data': the posts kept for sample profiles go with them. */
export async function removeSamplePosts(tx: Tx, businessId: string): Promise<void> {
  await tx.delete(p).where(and(eq(p.businessId, businessId), eq(p.sample, true)))
}

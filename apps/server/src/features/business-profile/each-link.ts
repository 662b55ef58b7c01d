// The frame the daily Business Profile imports share (ADR 034 "Reviews import", ADR 035): the
// business's links to import (the sample ones without a Google client, the real ones with it),
// nothing while none is linked or the profile is not connected, 'reconnect' while Google refuses
// the grant, then each link one after the other (Google's quota is per project and minute), until
// a refusal turns the connection to 'Reconnect' (ADR 021).
import { and, eq } from 'drizzle-orm'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import type { AppDeps } from '../../lib/deps.js'
import {
  connectionRow,
  GOOGLE_SCOPES,
  googleOAuthConfig,
  type GoogleOAuthConfig,
} from '../integrations/public.js'

type Deps = Pick<AppDeps, 'db' | 'env'>
type Link = typeof businessProfileLinks.$inferSelect

/**
 * Runs `importLink` for each linked profile location of the business; the outcome in words (after
 * `what`, e.g. 'Business Profile reviews'), or null when no location is linked (or Google is not
 * connected for the profile).
 */
export async function importEachLink<R extends { status: 'ok' | 'failed' }>(
  deps: Deps,
  businessId: string,
  what: string,
  importLink: (config: GoogleOAuthConfig | undefined, link: Link) => Promise<R>,
  outcomeOf: (results: R[], sample: boolean) => string,
): Promise<{ outcome: string; results: R[] } | null> {
  const config = googleOAuthConfig(deps.env)
  const links = await deps.db
    .select()
    .from(businessProfileLinks)
    .where(
      and(
        eq(businessProfileLinks.businessId, businessId),
        eq(businessProfileLinks.sample, !config),
      ),
    )
    .orderBy(businessProfileLinks.linkedAt, businessProfileLinks.locationKey)
  if (links.length === 0) return null
  if (config) {
    const connection = await connectionRow(deps.db, businessId)
    if (!connection) return null
    if (connection.status !== 'connected') {
      return { outcome: `${what}: reconnect Google to import again`, results: [] }
    }
    if (!connection.scopes.split(/\s+/).includes(GOOGLE_SCOPES.businessProfile)) {
      return { outcome: `${what}: connect the Business Profile`, results: [] }
    }
  }
  const results: R[] = []
  for (const link of links) {
    const result = await importLink(config, link)
    results.push(result)
    if (result.status === 'failed' && config) {
      // A grant Google refused: nothing more is asked until the owner reconnects.
      const connection = await connectionRow(deps.db, businessId)
      if (connection?.status !== 'connected') break
    }
  }
  return { outcome: outcomeOf(results, !config), results }
}

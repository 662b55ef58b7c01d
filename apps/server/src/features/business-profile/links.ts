// Connect and link (issue 33 item 1, ADR 034): the owner's Business Profile accounts and locations,
// from Google through the adapters or, without GOOGLE_CLIENT_ID, sample ones labelled 'Sample'
// (item 7); for each of our locations the best-matching profile location as a suggestion; and the
// link the owner confirms, checked against what Google lists now before it is written.
import type {
  ProfileAccount,
  ProfileLink,
  ProfileLocations,
  ProfileConnectionState,
  ProfileStatus,
} from '@localseo/shared/business-profile'
import { suggestLinks, type OurPlace, type TheirPlace } from '@localseo/shared/profile-matching'
import type { Business } from '@localseo/shared/business'
import { MAIN_LOCATION, resolveLocation } from '@localseo/shared/location-selection'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { Tx } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { lockBusiness, requireLocation } from '../../lib/tenant.js'
import {
  connectionRow,
  GOOGLE_SCOPES,
  GoogleTokenRefused,
  withGoogleToken,
  type GoogleOAuthConfig,
} from '../integrations/public.js'
import {
  businessProfileApis,
  listAccounts,
  listLocations,
  ProfileRefused,
  refused,
  type GoogleLocation,
} from './google-api.js'
import { forgetLinkPerformance, removeSamplePerformance } from './performance-import.js'
import { detachSentPosts, postsFollowLink, removeSamplePosts } from './posts-links.js'
import { forgetLinkReviews, removeSampleReviews } from './reviews-import.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>

const SAMPLE_ACCOUNT = 'accounts/sample'

const MESSAGES = {
  not_connected:
    'Connect your Google Business Profile: Google asks you to let LocalSEO AI manage it, and then lists your profiles here.',
  needs_consent:
    'Your Google connection does not include the Business Profile yet: connect it, and Google asks you to allow it.',
  revoked: 'Google no longer accepts this connection: reconnect the Business Profile.',
} as const

/** Where the Business Profile stands: sample, or the Google connection and its scope. */
async function connectionState(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  businessId: string,
): Promise<ProfileConnectionState> {
  if (!config) return 'sample'
  const row = await connectionRow(deps.db, businessId)
  if (!row) return 'not_connected'
  if (row.status === 'revoked') return 'revoked'
  const granted = new Set(row.scopes.split(/\s+/))
  return granted.has(GOOGLE_SCOPES.businessProfile) ? 'connected' : 'needs_consent'
}

/** One line as an owner reads it: '100 Congress Avenue, Austin, TX 78701'. */
function oneLine(location: GoogleLocation): string {
  const region = [location.administrativeArea, location.postalCode].filter(Boolean).join(' ')
  return [...location.addressLines, location.locality, region].filter(Boolean).join(', ')
}

/** Our places to link: the business itself ('main'), then each additional location. */
function ourPlaces(business: Business): OurPlace[] {
  return [MAIN_LOCATION, ...business.locations.map((l) => l.id)].map((id) => {
    const place = resolveLocation(business, id)
    return {
      id: place.id,
      label: place.label,
      name: place.name,
      address: place.address,
      city: place.city,
      state: place.state,
      zip: place.zip,
      country: place.country,
      phone: place.phone,
    }
  })
}

/**
 * Without a Google client: one sample account with a profile location per place of ours, named and
 * addressed as ours are, so linking can be tried; each is labelled 'Sample' on screen.
 */
function sampleLocations(business: Business): GoogleLocation[] {
  return ourPlaces(business).map((place) => ({
    name: `locations/sample-${place.id}`,
    account: SAMPLE_ACCOUNT,
    title: place.name,
    addressLines: place.address ? [place.address] : [],
    locality: place.city,
    administrativeArea: place.state,
    postalCode: place.zip,
    regionCode: place.country,
    phone: place.phone,
    // A sample place id, so the review link and its QR code (issue 33 item 4) can be tried; the
    // screens label it 'Sample' as they do the profile.
    placeId: `sample-place-${place.id}`,
    websiteUri: business.website || null,
  }))
}

async function googleListing(
  deps: Deps,
  config: GoogleOAuthConfig,
  businessId: string,
): Promise<{ accounts: { name: string; title: string }[]; locations: GoogleLocation[] }> {
  const apis = businessProfileApis(deps.env)
  try {
    return await withGoogleToken(deps, config, businessId, async (token) => {
      const accounts = await listAccounts(apis, token)
      const locations: GoogleLocation[] = []
      // One account after the other: the quota is per project and minute (ADR 034).
      for (const account of accounts)
        locations.push(...(await listLocations(apis, token, account.name)))
      return { accounts, locations }
    })
  } catch (error) {
    // Refused again with a token Google had just renewed: a refusal, never a 5xx (ADR 034).
    if (error instanceof GoogleTokenRefused) throw refused('unavailable', error.message)
    throw error
  }
}

async function sampleRemoved(deps: Deps, businessId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ removedAt: businesses.sampleDataRemovedAt })
    .from(businesses)
    .where(eq(businesses.id, businessId))
  return Boolean(row?.removedAt)
}

async function listing(deps: Deps, config: GoogleOAuthConfig | undefined, business: Business) {
  if (!config) {
    // Removed with the other sample data (Settings): no sample profiles from then on.
    if (await sampleRemoved(deps, business.id)) return { sample: true, accounts: [], locations: [] }
    return {
      sample: true,
      accounts: [{ name: SAMPLE_ACCOUNT, title: 'Sample account' }],
      locations: sampleLocations(business),
    }
  }
  return { sample: false, ...(await googleListing(deps, config, business.id)) }
}

function toLink(row: typeof businessProfileLinks.$inferSelect): ProfileLink {
  return {
    location: row.locationKey,
    googleLocation: row.googleLocation,
    account: row.account,
    title: row.title,
    address: row.address,
    placeId: row.placeId,
    sample: row.sample,
    linkedAt: row.linkedAt.toISOString(),
  }
}

/** The links of this business: sample ones only while Google is sample, real ones otherwise. */
async function links(deps: Deps, businessId: string, sample: boolean): Promise<ProfileLink[]> {
  const rows = await deps.db
    .select()
    .from(businessProfileLinks)
    .where(
      and(eq(businessProfileLinks.businessId, businessId), eq(businessProfileLinks.sample, sample)),
    )
    .orderBy(asc(businessProfileLinks.linkedAt), asc(businessProfileLinks.locationKey))
  return rows.map(toLink)
}

/** GET /api/business-profile: read from our tables only, never from Google. */
export async function profileStatus(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  businessId: string,
): Promise<ProfileStatus> {
  const connection = await connectionState(deps, config, businessId)
  return { connection, links: await links(deps, businessId, connection === 'sample') }
}

/**
 * GET /api/business-profile/locations: the accounts with their locations and a suggestion per
 * place of ours. Google's refusals and a lost connection are states the screen explains, not errors.
 */
export async function profileLocations(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
): Promise<ProfileLocations> {
  const state = await connectionState(deps, config, business.id)
  if (state !== 'sample' && state !== 'connected')
    return { status: state, message: MESSAGES[state] }
  let listed: Awaited<ReturnType<typeof listing>>
  try {
    listed = await listing(deps, config, business)
  } catch (error) {
    if (error instanceof ProfileRefused) return { status: 'refused', refusal: error.refusal }
    // Google refused the grant itself while listing: the connection now reads 'Reconnect'.
    if ((await connectionState(deps, config, business.id)) === 'revoked') {
      return { status: 'revoked', message: MESSAGES.revoked }
    }
    throw error
  }
  const ours = ourPlaces(business)
  const theirs: TheirPlace[] = listed.locations.map((l) => ({
    name: l.name,
    title: l.title,
    addressLines: l.addressLines,
    locality: l.locality,
    postalCode: l.postalCode,
    regionCode: l.regionCode,
    phone: l.phone,
  }))
  const suggested = suggestLinks(ours, theirs)
  const linked = new Map(
    (await links(deps, business.id, listed.sample)).map((l) => [l.location, l.googleLocation]),
  )
  const accounts: ProfileAccount[] = listed.accounts.map((account) => ({
    name: account.name,
    title: account.title,
    locations: listed.locations
      .filter((l) => l.account === account.name)
      .map((l) => ({
        name: l.name,
        account: l.account,
        title: l.title,
        address: oneLine(l),
        phone: l.phone,
        placeId: l.placeId,
        websiteUri: l.websiteUri,
      })),
  }))
  return {
    status: 'ready',
    sample: listed.sample,
    accounts,
    suggestions: ours.map((place) => ({
      location: place.id,
      label: place.label,
      suggested: suggested.get(place.id) ?? null,
      linked: linked.get(place.id) ?? null,
    })),
  }
}

function requireLinkable(state: ProfileConnectionState) {
  if (state === 'sample' || state === 'connected') return
  throw new AppError('conflict', MESSAGES[state])
}

const NOT_IMPORTED = {
  reviewsImportedAt: null,
  reviewsFullImportAt: null,
  reviewsAttemptedAt: null,
  reviewsImportStatus: null,
  reviewsImportReason: null,
}

/**
 * Another profile location linked to a place of ours: the reviews of the one before are not this
 * place's (they go), and the next import reads every page of the new one. Answers whether it was.
 * The link row is locked first, before its rows go, as an import locks it before writing them: one
 * of the two waits for the other rather than each for a row the other holds (ADR 056).
 */
async function forgetOtherProfile(
  tx: Tx,
  businessId: string,
  locationKey: string,
  googleLocation: string,
): Promise<boolean> {
  const [before] = await tx
    .select({ id: businessProfileLinks.id, googleLocation: businessProfileLinks.googleLocation })
    .from(businessProfileLinks)
    .where(
      and(
        eq(businessProfileLinks.businessId, businessId),
        eq(businessProfileLinks.locationKey, locationKey),
      ),
    )
    .for('update')
  if (!before || before.googleLocation === googleLocation) return false
  await forgetLinkReviews(tx, businessId, [before.id])
  await forgetLinkPerformance(tx, businessId, [before.id])
  await detachSentPosts(tx, businessId, before.id)
  return true
}

/**
 * PUT /api/business-profile/links/:location: links one place of ours (404 unless it is the
 * business's own) to a profile location Google lists for this account now (422 otherwise). A
 * profile location already linked to another place of ours is refused (409): unlink it there first.
 */
export async function saveLink(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  locationKey: string,
  googleLocation: string,
): Promise<ProfileStatus> {
  const place = requireLocation(business, locationKey)
  const state = await connectionState(deps, config, business.id)
  requireLinkable(state)
  const listed = await listing(deps, config, business)
  const chosen = listed.locations.find((l) => l.name === googleLocation)
  if (!chosen) {
    throw new AppError(
      'validation_failed',
      'Choose one of the Business Profile locations listed.',
      [{ path: 'googleLocation', message: 'Not one of your Business Profile locations.' }],
    )
  }
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await lockBusiness(tx, business.id)
    const [taken] = await tx
      .select({ locationKey: businessProfileLinks.locationKey })
      .from(businessProfileLinks)
      .where(
        and(
          eq(businessProfileLinks.businessId, business.id),
          eq(businessProfileLinks.googleLocation, chosen.name),
          ne(businessProfileLinks.locationKey, place.id),
        ),
      )
    if (taken) {
      const other = resolveLocation(business, taken.locationKey).label
      throw new AppError(
        'conflict',
        `${chosen.title} is already linked to ${other}: unlink it there first.`,
      )
    }
    const relinked = await forgetOtherProfile(tx, business.id, place.id, chosen.name)
    const values = {
      ...(relinked ? NOT_IMPORTED : {}),
      googleLocation: chosen.name,
      account: chosen.account,
      placeId: chosen.placeId,
      title: chosen.title,
      address: oneLine(chosen),
      sample: listed.sample,
      linkedAt: now,
    }
    const [link] = await tx
      .insert(businessProfileLinks)
      .values({
        businessId: business.id,
        locationKey: place.id,
        locationId: place.isMain ? null : place.id,
        ...values,
      })
      .onConflictDoUpdate({
        target: [businessProfileLinks.businessId, businessProfileLinks.locationKey],
        set: values,
      })
      .returning()
    await postsFollowLink(tx, link!)
  })
  return profileStatus(deps, config, business.id)
}

/** DELETE /api/business-profile/links/:location: 404 when that place of ours has no link. */
export async function removeLink(
  deps: Deps,
  config: GoogleOAuthConfig | undefined,
  business: Business,
  locationKey: string,
): Promise<ProfileStatus> {
  const place = requireLocation(business, locationKey)
  const removed = await deps.db
    .delete(businessProfileLinks)
    .where(
      and(
        eq(businessProfileLinks.businessId, business.id),
        eq(businessProfileLinks.locationKey, place.id),
      ),
    )
    .returning({ id: businessProfileLinks.id })
  if (removed.length === 0) throw new AppError('not_found', 'This location is not linked.')
  return profileStatus(deps, config, business.id)
}

/** Settings' 'Remove sample data': the links to sample profiles, and their reviews, go with the rest. */
export async function removeSampleProfileLinks(tx: Tx, businessId: string): Promise<number> {
  await removeSamplePosts(tx, businessId)
  await removeSampleReviews(tx, businessId)
  await removeSamplePerformance(tx, businessId)
  const removed = await tx
    .delete(businessProfileLinks)
    .where(
      and(eq(businessProfileLinks.businessId, businessId), eq(businessProfileLinks.sample, true)),
    )
    .returning({ id: businessProfileLinks.id })
  return removed.length
}

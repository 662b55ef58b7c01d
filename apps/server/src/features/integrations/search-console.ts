// Search Console API v3 (issue 18 item 2): the properties the owner's Google account may read
// (GET {GOOGLE_SEARCH_CONSOLE_URL}/sites, developers.google.com/webmaster-tools/v1/sites/list), the
// ones matching the business's website first. The access token goes in the Authorization header only.
import type { SearchConsoleSites } from '@localseo/shared/integrations'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { googleConnections } from '../../db/schema/google.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import {
  connectionRow,
  GoogleTokenRefused,
  grantedServices,
  withGoogleToken,
} from './google-connection.js'
import type { GoogleOAuthConfig } from './google-oauth.js'

const REQUEST_TIMEOUT_MS = 15_000

const sitesSchema = z.object({
  siteEntry: z
    .array(z.object({ siteUrl: z.string().min(1), permissionLevel: z.string() }))
    .optional(),
})

interface SearchConsoleSite {
  siteUrl: string
  permissionLevel: string
  /** A domain property of the website's domain, or a URL prefix on its host (www or not). */
  matchesWebsite: boolean
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '')

function siteHost(siteUrl: string): string | null {
  if (siteUrl.startsWith('sc-domain:')) return bareHost(siteUrl.slice('sc-domain:'.length))
  try {
    return bareHost(new URL(siteUrl).hostname)
  } catch {
    return null
  }
}

function websiteHost(website: string | null): string | null {
  if (!website) return null
  try {
    return bareHost(
      new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname,
    )
  } catch {
    return null
  }
}

/** Properties the owner cannot read (unverified) are left out; matching ones first, then by name. */
function orderSites(
  entries: { siteUrl: string; permissionLevel: string }[],
  website: string | null,
): SearchConsoleSite[] {
  const host = websiteHost(website)
  return entries
    .filter((entry) => entry.permissionLevel !== 'siteUnverifiedUser')
    .map((entry) => {
      const site = siteHost(entry.siteUrl)
      const matchesWebsite =
        host !== null && site !== null && (host === site || host.endsWith(`.${site}`))
      return { ...entry, matchesWebsite }
    })
    .sort(
      (a, b) =>
        Number(b.matchesWebsite) - Number(a.matchesWebsite) || a.siteUrl.localeCompare(b.siteUrl),
    )
}

async function listSearchConsoleSites(baseUrl: string, accessToken: string) {
  let response: Response
  try {
    response = await fetch(`${baseUrl.replace(/\/$/, '')}/sites`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch {
    throw new AppError(
      'bad_gateway',
      'Google Search Console could not be reached. Try again later.',
    )
  }
  if (response.status === 429) {
    throw new AppError(
      'rate_limited',
      "Google Search Console's request quota is used up for now. Try again in a few minutes.",
    )
  }
  if (response.status === 401) throw new GoogleTokenRefused('Google Search Console')
  if (!response.ok) {
    throw new AppError('bad_gateway', `Google Search Console answered ${response.status}.`)
  }
  const body = sitesSchema.safeParse(await response.json().catch(() => null))
  if (!body.success)
    throw new AppError('bad_gateway', 'Google Search Console sent an unreadable answer.')
  return body.data.siteEntry ?? []
}

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>

async function readableConnection(deps: Deps, businessId: string) {
  const row = await connectionRow(deps.db, businessId)
  if (!row) throw new AppError('not_found', 'Google is not connected.')
  if (row.status === 'connected' && !grantedServices(row.scopes).includes('search-console')) {
    throw new AppError(
      'conflict',
      'Google did not grant access to Search Console: connect again and leave its box ticked.',
    )
  }
  return row
}

/** The owner's properties, the website's first, and the one picked. */
export async function searchConsoleSites(
  deps: Deps,
  config: GoogleOAuthConfig,
  business: { id: string; website: string | null },
): Promise<SearchConsoleSites> {
  const row = await readableConnection(deps, business.id)
  const entries = await withGoogleToken(deps, config, business.id, (token) =>
    listSearchConsoleSites(deps.env.GOOGLE_SEARCH_CONSOLE_URL, token),
  )
  return { sites: orderSites(entries, business.website), selected: row.searchConsoleSite }
}

/** Picks a property; only one Google lists for this account now is accepted. */
export async function chooseSearchConsoleSite(
  deps: Deps,
  config: GoogleOAuthConfig,
  business: { id: string; website: string | null },
  siteUrl: string,
) {
  const { sites } = await searchConsoleSites(deps, config, business)
  if (!sites.some((site) => site.siteUrl === siteUrl)) {
    throw new AppError('validation_failed', 'Choose one of the Search Console properties listed.', [
      { path: 'siteUrl', message: 'Not one of your Search Console properties.' },
    ])
  }
  const now = deps.clock.now()
  await deps.db
    .update(googleConnections)
    .set({ searchConsoleSite: siteUrl, updatedAt: now })
    .where(eq(googleConnections.businessId, business.id))
}

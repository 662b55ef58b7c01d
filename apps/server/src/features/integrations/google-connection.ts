// The business's Google connection (issue 18 item 1, ADR 021): a 'Connect with Google' attempt bound
// to the session and the browser, the callback that takes it once and stores the tokens sealed, the
// access token refreshed when it expires, a revoked grant kept as 'Reconnect', and the disconnect.
import type {
  GoogleAccount,
  GoogleConnectOutcome,
  GoogleService,
} from '@localseo/shared/integrations'
import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { businessProfileLinks } from '../../db/schema/business-profile.js'
import { googleConnections, googleOauthStates } from '../../db/schema/google.js'
import { searchConsoleImports, searchConsoleRows } from '../../db/schema/search-console.js'
import { recordActivity } from '../../lib/activity.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import {
  authorizeUrl,
  emailFromIdToken,
  exchangeCode,
  GOOGLE_SCOPES,
  GoogleOAuthError,
  randomToken,
  refreshAccessToken,
  revokeToken,
  sha256,
  type GoogleOAuthConfig,
  type GoogleProduct,
  type TokenAnswer,
} from './google-oauth.js'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>

/** How long the consent screen may take before its `state` is refused. */
const STATE_TTL_MS = 10 * 60_000
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000

const refreshContext = (businessId: string) => `google-refresh:${businessId}`
const accessContext = (businessId: string) => `google-access:${businessId}`

export async function connectionRow(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(googleConnections)
    .where(eq(googleConnections.businessId, businessId))
  return row
}

export function grantedServices(scopes: string): GoogleService[] {
  const granted = new Set(scopes.split(/\s+/))
  const services: GoogleService[] = []
  if (granted.has(GOOGLE_SCOPES.searchConsole)) services.push('search-console')
  if (granted.has(GOOGLE_SCOPES.analytics)) services.push('analytics')
  return services
}

export async function googleAccount(db: Db, businessId: string): Promise<GoogleAccount> {
  return accountOf(await connectionRow(db, businessId))
}

function accountOf(row: typeof googleConnections.$inferSelect | undefined): GoogleAccount {
  if (!row) return { status: 'not_connected' }
  if (row.status === 'revoked') {
    return {
      status: 'revoked',
      email: row.accountEmail,
      revokedAt: (row.revokedAt ?? row.updatedAt).toISOString(),
      reason: row.revokedReason ?? 'Google no longer accepts the saved access.',
    }
  }
  return {
    status: 'connected',
    email: row.accountEmail,
    services: grantedServices(row.scopes),
    searchConsoleSite: row.searchConsoleSite,
    connectedAt: row.connectedAt.toISOString(),
  }
}

/**
 * A new attempt for the caller's business: the consent-screen address, and the random value the
 * browser keeps in an HttpOnly cookie. Only hashes of the state and that value are stored.
 */
export async function startGoogleConnect(
  deps: Deps,
  config: GoogleOAuthConfig,
  who: { userId: string; sessionId: string; businessId: string },
  product: GoogleProduct = 'search-and-analytics',
) {
  // Fails first (409) when this server cannot seal the tokens it is about to receive.
  await deps.secrets()
  const now = deps.clock.now()
  const state = randomToken()
  const browserKey = randomToken()
  const codeVerifier = randomToken()
  await deps.db.delete(googleOauthStates).where(lt(googleOauthStates.expiresAt, now))
  await deps.db.insert(googleOauthStates).values({
    stateHash: sha256(state),
    businessId: who.businessId,
    userId: who.userId,
    sessionId: who.sessionId,
    browserHash: sha256(browserKey),
    codeVerifier,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  })
  return { url: authorizeUrl(config, { state, codeVerifier, product }), browserKey }
}

/**
 * Takes the attempt its state names, once: unknown, expired or from another browser is refused.
 * Only the browser that started it can use it up: a callback with the right state and another
 * browser's cookie (or none) deletes nothing, so the owner's own callback still connects.
 */
async function takeAttempt(deps: Deps, state: string | undefined, browserKey: string | undefined) {
  if (!state || !browserKey) return undefined
  const [attempt] = await deps.db
    .delete(googleOauthStates)
    .where(
      and(
        eq(googleOauthStates.stateHash, sha256(state)),
        eq(googleOauthStates.browserHash, sha256(browserKey)),
      ),
    )
    .returning()
  if (!attempt || attempt.expiresAt <= deps.clock.now()) return undefined
  return attempt
}

async function storeTokens(
  deps: Deps,
  businessId: string,
  token: TokenAnswer & { refresh_token: string },
) {
  const secrets = await deps.secrets()
  const now = deps.clock.now()
  const email = emailFromIdToken(token.id_token)
  const values = {
    status: 'connected' as const,
    accountEmail: email,
    scopes: token.scope ?? '',
    refreshTokenSealed: secrets.seal(token.refresh_token, refreshContext(businessId)),
    accessTokenSealed: secrets.seal(token.access_token, accessContext(businessId)),
    accessTokenExpiresAt: new Date(now.getTime() + token.expires_in * 1000),
    connectedAt: now,
    revokedAt: null,
    revokedReason: null,
    updatedAt: now,
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(googleConnections)
      .values({ businessId, ...values })
      .onConflictDoUpdate({ target: googleConnections.businessId, set: values })
    await recordActivity(tx, {
      businessId,
      kind: 'connection_made',
      message: email ? `Connected Google as ${email}` : 'Connected Google',
      now,
    })
  })
}

/** The callback: never a token request unless the state is this browser's own, unused and fresh. */
export async function finishGoogleConnect(
  deps: Deps,
  config: GoogleOAuthConfig,
  query: { state?: string; code?: string; error?: string; browserKey?: string },
): Promise<GoogleConnectOutcome> {
  const attempt = await takeAttempt(deps, query.state, query.browserKey)
  if (!attempt) return 'invalid_state'
  if (query.error) return query.error === 'access_denied' ? 'denied' : 'failed'
  if (!query.code) return 'failed'
  try {
    const token = await exchangeCode(config, {
      code: query.code,
      codeVerifier: attempt.codeVerifier,
    })
    if (!token.refresh_token) {
      deps.logger.warn('Google sent no refresh token for an offline consent')
      return 'failed'
    }
    await storeTokens(deps, attempt.businessId, { ...token, refresh_token: token.refresh_token })
    return 'connected'
  } catch (error) {
    if (!(error instanceof GoogleOAuthError)) throw error
    deps.logger.warn({ googleError: error.error }, 'Google code exchange failed')
    return 'failed'
  }
}

const RECONNECT = 'Google no longer accepts this connection: Reconnect in Settings → API Settings.'

async function markRevoked(deps: Deps, businessId: string, error: GoogleOAuthError) {
  const now = deps.clock.now()
  const reason = `Google refused the saved access (${error.description || error.error}).`
  await deps.db
    .update(googleConnections)
    .set({
      status: 'revoked',
      refreshTokenSealed: null,
      accessTokenSealed: null,
      accessTokenExpiresAt: null,
      revokedAt: now,
      revokedReason: reason,
      updatedAt: now,
    })
    .where(eq(googleConnections.businessId, businessId))
}

/**
 * An access token for the business's Google APIs: the stored one while it lasts, else a new one from
 * the refresh token. A refused refresh (`invalid_grant`: revoked or expired) turns the connection
 * into 'Reconnect'.
 */
export async function googleAccessToken(
  deps: Deps,
  config: GoogleOAuthConfig,
  businessId: string,
  /** `renew`: Google refused the stored one before its expiry, so ask for a new one. */
  { renew = false }: { renew?: boolean } = {},
): Promise<string> {
  const row = await connectionRow(deps.db, businessId)
  if (!row) throw new AppError('conflict', 'Connect Google in Settings → API Settings first.')
  if (row.status === 'revoked' || !row.refreshTokenSealed) throw new AppError('conflict', RECONNECT)
  const secrets = await deps.secrets()
  const now = deps.clock.now()
  const expiresAt = row.accessTokenExpiresAt?.getTime() ?? 0
  if (!renew && row.accessTokenSealed && expiresAt - EXPIRY_MARGIN_MS > now.getTime()) {
    return secrets.open(row.accessTokenSealed, accessContext(businessId))
  }
  let token: TokenAnswer
  try {
    token = await refreshAccessToken(
      config,
      secrets.open(row.refreshTokenSealed, refreshContext(businessId)),
    )
  } catch (error) {
    if (error instanceof GoogleOAuthError && error.error === 'invalid_grant') {
      await markRevoked(deps, businessId, error)
      throw new AppError('conflict', RECONNECT)
    }
    if (error instanceof GoogleOAuthError) {
      throw new AppError('bad_gateway', `Google did not renew the access: ${error.message}`)
    }
    throw error
  }
  await deps.db
    .update(googleConnections)
    .set({
      accessTokenSealed: secrets.seal(token.access_token, accessContext(businessId)),
      accessTokenExpiresAt: new Date(now.getTime() + token.expires_in * 1000),
      ...(token.refresh_token
        ? { refreshTokenSealed: secrets.seal(token.refresh_token, refreshContext(businessId)) }
        : {}),
      ...(token.scope ? { scopes: token.scope } : {}),
      updatedAt: now,
    })
    .where(eq(googleConnections.businessId, businessId))
  return token.access_token
}

/** Google refused an access token (401): revoked in the Google account, or renewed meanwhile. */
export class GoogleTokenRefused extends AppError {
  constructor(service: string) {
    super('bad_gateway', `${service} refused the access Google gave. Try again later.`)
  }
}

/**
 * Asks Google with the business's access token; a token Google refuses before its expiry is renewed
 * once. When the grant is gone (revoked in the Google account, or disconnected here while the call
 * ran) the renewal says so: 'Reconnect', or not connected.
 */
export async function withGoogleToken<T>(
  deps: Deps,
  config: GoogleOAuthConfig,
  businessId: string,
  ask: (token: string) => Promise<T>,
  refused: (error: unknown) => boolean = (error) => error instanceof GoogleTokenRefused,
): Promise<T> {
  try {
    return await ask(await googleAccessToken(deps, config, businessId))
  } catch (error) {
    if (!refused(error)) throw error
    return ask(await googleAccessToken(deps, config, businessId, { renew: true }))
  }
}

/**
 * Asks Google to end the connection's grant; whether Google did. A failure is logged, never thrown:
 * the grant can still be removed in the owner's Google account (disconnect, a deleted business).
 */
export async function revokeAtGoogle(
  deps: Pick<Deps, 'logger' | 'secrets'>,
  config: GoogleOAuthConfig,
  row: Pick<typeof googleConnections.$inferSelect, 'businessId' | 'status' | 'refreshTokenSealed'>,
): Promise<boolean> {
  if (!row.refreshTokenSealed) return row.status === 'revoked'
  try {
    const secrets = await deps.secrets()
    await revokeToken(config, secrets.open(row.refreshTokenSealed, refreshContext(row.businessId)))
    return true
  } catch (error) {
    deps.logger.warn(
      { err: error instanceof GoogleOAuthError ? error.error : 'open' },
      'Google revoke failed',
    )
    return row.status === 'revoked'
  }
}

/**
 * Revokes the grant at Google and forgets it here. The row goes even when Google cannot be reached:
 * the owner asked for it gone, and the grant can still be removed in their Google account.
 */
export async function disconnectGoogle(deps: Deps, config: GoogleOAuthConfig, businessId: string) {
  const row = await connectionRow(deps.db, businessId)
  if (!row) throw new AppError('not_found', 'Google is not connected.')
  const revokedAtGoogle = await revokeAtGoogle(deps, config, row)
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await tx.delete(googleConnections).where(eq(googleConnections.businessId, businessId))
    // What was imported goes with the grant (the Analytics figures by cascade; ADR 022, ADR 023),
    // and the Business Profile links with what was imported under them (ADR 034); sample links
    // are not Google's and stay with the other sample data.
    await tx.delete(searchConsoleRows).where(eq(searchConsoleRows.businessId, businessId))
    await tx.delete(searchConsoleImports).where(eq(searchConsoleImports.businessId, businessId))
    await tx
      .delete(businessProfileLinks)
      .where(
        and(
          eq(businessProfileLinks.businessId, businessId),
          eq(businessProfileLinks.sample, false),
        ),
      )
    await recordActivity(tx, {
      businessId,
      kind: 'connection_removed',
      message: 'Disconnected Google',
      now,
    })
  })
  return { revokedAtGoogle }
}

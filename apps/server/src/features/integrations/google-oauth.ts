// Google OAuth 2.0 for web server apps (issue 18 item 1, ADR 021): the consent-screen address with
// PKCE, and the token endpoint's three calls (code exchange, refresh, revoke), form-encoded as Google
// documents them. Nothing here logs a token or puts one in a URL.
import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import type { Env } from '../../env.js'

/**
 * Read-only for Search Console's queries and pages and GA4 reports. The Business Profile's scope
 * (it has no read-only one) is asked for only when the owner connects the profile (ADR 034).
 */
export const GOOGLE_SCOPES = {
  searchConsole: 'https://www.googleapis.com/auth/webmasters.readonly',
  analytics: 'https://www.googleapis.com/auth/analytics.readonly',
  businessProfile: 'https://www.googleapis.com/auth/business.manage',
} as const

/**
 * What a 'Connect with Google' asks for: the two read-only scopes, or the Business Profile's alone.
 * `include_granted_scopes=true` makes each an incremental consent: the new grant keeps the scopes
 * given before (docs/decisions/034-google-business-profile.md).
 */
export const GOOGLE_PRODUCTS = ['search-and-analytics', 'business-profile'] as const
export type GoogleProduct = (typeof GOOGLE_PRODUCTS)[number]

const PRODUCT_SCOPES: Record<GoogleProduct, string> = {
  'search-and-analytics': `${GOOGLE_SCOPES.searchConsole} ${GOOGLE_SCOPES.analytics}`,
  'business-profile': GOOGLE_SCOPES.businessProfile,
}

const CALLBACK_PATH = '/api/integrations/google/callback'
const REQUEST_TIMEOUT_MS = 15_000

export interface GoogleOAuthConfig {
  clientId: string
  clientSecret: string
  authUrl: string
  tokenUrl: string
  revokeUrl: string
  redirectUri: string
}

/** The OAuth client when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; else Google is simulated. */
export function googleOAuthConfig(env: Env): GoogleOAuthConfig | undefined {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return undefined
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authUrl: env.GOOGLE_AUTH_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    revokeUrl: env.GOOGLE_REVOKE_URL,
    redirectUri: new URL(CALLBACK_PATH, env.SITE_URL).toString(),
  }
}

export const randomToken = () => randomBytes(32).toString('base64url')
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

/** The consent screen: offline access (a refresh token), consent asked again, PKCE S256. */
export function authorizeUrl(
  config: GoogleOAuthConfig,
  {
    state,
    codeVerifier,
    product = 'search-and-analytics',
  }: { state: string; codeVerifier: string; product?: GoogleProduct },
): string {
  const url = new URL(config.authUrl)
  const params = {
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    scope: PRODUCT_SCOPES[product],
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: sha256(codeVerifier),
    code_challenge_method: 'S256',
  }
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.toString()
}

/** Google's error answer ({ error, error_description }): `invalid_grant` means revoked or expired. */
export class GoogleOAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description ? `${error}: ${description}` : error)
  }
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  id_token: z.string().optional(),
})
export type TokenAnswer = z.infer<typeof tokenSchema>

const errorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
})

async function postForm(url: string, form: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw new GoogleOAuthError(
      'unreachable',
      timedOut ? 'Google did not answer in time.' : 'Google could not be reached.',
    )
  }
}

async function tokenCall(config: GoogleOAuthConfig, form: Record<string, string>) {
  const response = await postForm(config.tokenUrl, {
    ...form,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const known = errorSchema.safeParse(body)
    throw known.success
      ? new GoogleOAuthError(known.data.error, known.data.error_description ?? '')
      : new GoogleOAuthError('server_error', `Google answered ${response.status}.`)
  }
  const token = tokenSchema.safeParse(body)
  if (!token.success)
    throw new GoogleOAuthError('server_error', 'Google sent an unreadable answer.')
  return token.data
}

export function exchangeCode(
  config: GoogleOAuthConfig,
  { code, codeVerifier }: { code: string; codeVerifier: string },
) {
  return tokenCall(config, {
    grant_type: 'authorization_code',
    code,
    code_verifier: codeVerifier,
    redirect_uri: config.redirectUri,
  })
}

export function refreshAccessToken(config: GoogleOAuthConfig, refreshToken: string) {
  return tokenCall(config, { grant_type: 'refresh_token', refresh_token: refreshToken })
}

/** Ends the grant at Google; an answer that the token is already invalid counts as done. */
export async function revokeToken(config: GoogleOAuthConfig, token: string): Promise<void> {
  const response = await postForm(config.revokeUrl, { token })
  if (response.ok || response.status === 400) return
  throw new GoogleOAuthError('server_error', `Google answered ${response.status}.`)
}

/**
 * The account's email from an id_token, when Google sends one (only if the grant already includes
 * `openid email`, which this app never asks for). It comes straight from Google's token endpoint
 * over TLS, so its claims are read without checking the signature (OpenID Connect Core 3.1.3.7).
 */
export function emailFromIdToken(idToken: string | undefined): string | null {
  const payload = idToken?.split('.')[1]
  if (!payload) return null
  try {
    const claims = z
      .object({ email: z.string().email() })
      .safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')))
    return claims.success ? claims.data.email : null
  } catch {
    return null
  }
}

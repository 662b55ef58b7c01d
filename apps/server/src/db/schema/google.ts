// Google OAuth 2.0 (issue 18 item 1, ADR 021): one connection per business, its tokens sealed at rest
// (lib/secrets.ts), and the short-lived sign-in attempts that the callback's `state` points at.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { authSessions } from './auth.js'
import { businessIdColumn } from './business.js'

/** The business's Google account; 'revoked' keeps the reason and time until the owner reconnects. */
export const googleConnections = pgTable('google_connections', {
  businessId: businessIdColumn().primaryKey(),
  status: text('status', { enum: ['connected', 'revoked'] }).notNull(),
  /** The Google account's email when Google tells it (only with an id_token); often unknown. */
  accountEmail: text('account_email'),
  /** Space-separated scopes Google granted, which may be fewer than asked for. */
  scopes: text('scopes').notNull(),
  /** AES-256-GCM sealed (context `google-refresh:<business id>`); null once revoked. */
  refreshTokenSealed: text('refresh_token_sealed'),
  /** Sealed too (context `google-access:<business id>`), with the time it stops working. */
  accessTokenSealed: text('access_token_sealed'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  /** The Search Console property the owner picked: 'sc-domain:example.com' or a URL prefix. */
  searchConsoleSite: text('search_console_site'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedReason: text('revoked_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One 'Connect with Google' in progress: found by the hash of its `state`, used once, for 10 minutes,
 * by the session that started it (gone with that session) and the browser holding its cookie.
 */
export const googleOauthStates = pgTable('google_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  businessId: businessIdColumn(),
  userId: uuid('user_id').notNull(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  /** Hash of the random value in the browser's HttpOnly cookie, so a leaked state is useless elsewhere. */
  browserHash: text('browser_hash').notNull(),
  /** PKCE verifier (RFC 7636): only its S256 challenge went to Google. */
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

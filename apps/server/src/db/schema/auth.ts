// Tables of the Supabase-compatible auth API (reference/gotrue-compat.md §6), kept in their own
// `auth` schema as GoTrue does, apart from the product's tables.
import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgSchema,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const authSchema = pgSchema('auth')

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const authUsers = authSchema.table(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    /** argon2id PHC string; null for users who never set a password. */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    appMetadata: jsonb('raw_app_meta_data').$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb('raw_user_meta_data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_users_email_key').on(t.email)],
)

export const authSessions = authSchema.table(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    /**
     * Per-session HMAC key: each rotated refresh token is HMAC(key, parent token), so a retry of a
     * just-rotated token can be answered with the same child although only hashes are stored
     * (reference/gotrue-compat.md §6, like GoTrue's v2 `refresh_token_hmac_key`).
     */
    refreshTokenHmacKey: text('refresh_token_hmac_key'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    ...timestamps,
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
)

/** Authentication methods used in a session: the `amr` claim of its access tokens. */
export const authAmrClaims = authSchema.table(
  'mfa_amr_claims',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    authenticationMethod: text('authentication_method').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('mfa_amr_claims_session_method_key').on(t.sessionId, t.authenticationMethod)],
)

/** Opaque refresh tokens, stored as SHA-256 hashes; `parent` links a rotation family. */
export const authRefreshTokens = authSchema.table(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    parent: text('parent'),
    revoked: boolean('revoked').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
    index('refresh_tokens_parent_idx').on(t.parent),
  ],
)

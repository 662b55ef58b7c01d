// Tables of the Supabase-compatible auth API (docs/auth-api.md §6), kept in their own
// `auth` schema as GoTrue does, apart from the product's tables.
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const authSchema = pgSchema('auth')

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const timestamps = {
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

/** A random UUID primary key, made by the database. */
const idColumn = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`)

export const authUsers = authSchema.table(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    /** argon2id PHC string; null for users who never set a password. */
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    /** The address an email change waits to confirm (GoTrue `new_email`); null when none. */
    emailChange: text('email_change'),
    emailChangeSentAt: timestamp('email_change_sent_at', { withTimezone: true }),
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

/** The user a row belongs to, deleted with them. */
const userIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => authUsers.id, { onDelete: 'cascade' })

export const authSessions = authSchema.table(
  'sessions',
  {
    id: idColumn(),
    userId: userIdColumn(),
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    /**
     * Per-session HMAC key: each rotated refresh token is HMAC(key, parent token), so a retry of a
     * just-rotated token can be answered with the same child although only hashes are stored
     * (docs/auth-api.md §6, like GoTrue's v2 `refresh_token_hmac_key`).
     */
    refreshTokenHmacKey: text('refresh_token_hmac_key'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The TOTP factor that raised this session to aal2; unenrolling it lowers the session again. */
    factorId: uuid('factor_id'),
    ...timestamps,
  },
  (t) => [index('auth_sessions_user_id_idx').on(t.userId)],
)

/** Authentication methods used in a session: the `amr` claim of its access tokens. */
export const authAmrClaims = authSchema.table(
  'mfa_amr_claims',
  {
    id: idColumn(),
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
    userId: userIdColumn(),
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

/**
 * Email links and 6-digit codes (recovery, confirmation, magic link, email change). Both are random
 * and stored only as SHA-256 hashes; one live token per user and type, deleted when used.
 */
export const authOneTimeTokens = authSchema.table(
  'one_time_tokens',
  {
    id: idColumn(),
    userId: userIdColumn(),
    tokenType: text('token_type', {
      enum: ['confirmation', 'recovery', 'magiclink', 'email_change'],
    }).notNull(),
    /** SHA-256 of the link token (the `token` query parameter of the emailed link). */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of user id + the 6-digit code. */
    codeHash: text('code_hash').notNull(),
    /** The address the message went to: the new address for an email change. */
    relatesTo: text('relates_to').notNull(),
    /** Wrong codes entered for this token; past the limit the token is deleted. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_user_type_key').on(t.userId, t.tokenType),
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
  ],
)

/** TOTP factors (docs/auth-api.md §6 `mfa_factors`); the secret is never serialized. */
export const authMfaFactors = authSchema.table(
  'mfa_factors',
  {
    id: idColumn(),
    userId: userIdColumn(),
    friendlyName: text('friendly_name').notNull().default(''),
    factorType: text('factor_type', { enum: ['totp'] })
      .notNull()
      .default('totp'),
    status: text('status', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    secret: text('secret').notNull(),
    lastChallengedAt: timestamp('last_challenged_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is never accepted twice (security-tests §1a). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('mfa_factors_user_id_idx').on(t.userId),
    uniqueIndex('mfa_factors_user_friendly_name_key')
      .on(t.userId, t.friendlyName)
      .where(sql`${t.friendlyName} <> ''`),
  ],
)

/**
 * Single-use recovery codes (issue 31 item 5c, docs/auth-api.md §3 "recovery codes"): ten per user,
 * each usable once in place of a TOTP code; only SHA-256 hashes are stored. Making new ones deletes
 * the old ones.
 */
export const authMfaRecoveryCodes = authSchema.table(
  'mfa_recovery_codes',
  {
    id: idColumn(),
    userId: userIdColumn(),
    /** SHA-256 of the user id and the normalized code. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
)

/** One challenge per verify attempt: expires after 300 s, single use, bound to the client IP. */
export const authMfaChallenges = authSchema.table(
  'mfa_challenges',
  {
    id: idColumn(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => authMfaFactors.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_challenges_factor_id_idx').on(t.factorId)],
)

/**
 * Rate-limit state shared by every app instance (auth/rate-limit.ts): token buckets keyed by
 * limiter and client IP or address, and failed-password windows keyed by email.
 */
export const authRateLimits = authSchema.table(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Tokens left in a bucket, or failures counted in a window. */
    tokens: doublePrecision('tokens').notNull(),
    /** Whether the last request against this key was let through. */
    allowed: boolean('allowed').notNull().default(true),
    windowStart: timestamp('window_start', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_updated_at_idx').on(t.updatedAt)],
)

/** Mail kept locally when no SMTP_URL is set, readable at /dev/mail outside production. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_at_idx').on(t.createdAt)],
)

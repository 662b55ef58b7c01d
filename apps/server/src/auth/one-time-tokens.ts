// Email links and 6-digit codes (issue 3 item 2): random, stored only as SHA-256 hashes, single use
// (consumed by DELETE … RETURNING), valid for one hour, one live token per user and purpose. Five
// wrong codes delete the token, so a code cannot be guessed within its lifetime.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { authOneTimeTokens } from '../db/schema/auth.js'
import type { Clock } from '../lib/clock.js'

export type TokenType = (typeof authOneTimeTokens.$inferSelect)['tokenType']
export type OneTimeToken = typeof authOneTimeTokens.$inferSelect

export const TOKEN_TTL_SECONDS = 60 * 60
const MAX_CODE_ATTEMPTS = 5

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const hashLinkToken = (token: string) => sha256(`link:${token}`)
const hashCode = (userId: string, code: string) => sha256(`code:${userId}:${code}`)

/** Creates (or replaces) the user's token for `type`; returns the link token and the code. */
export async function issueOneTimeToken(opts: {
  db: Db
  clock: Clock
  userId: string
  type: TokenType
  relatesTo: string
}): Promise<{ token: string; code: string }> {
  const token = randomBytes(32).toString('base64url')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const now = opts.clock.now()
  const values = {
    tokenHash: hashLinkToken(token),
    codeHash: hashCode(opts.userId, code),
    relatesTo: opts.relatesTo,
    failedAttempts: 0,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000),
    createdAt: now,
  }
  await opts.db
    .insert(authOneTimeTokens)
    .values({ userId: opts.userId, tokenType: opts.type, ...values })
    .onConflictDoUpdate({
      target: [authOneTimeTokens.userId, authOneTimeTokens.tokenType],
      set: values,
    })
  return { token, code }
}

const live = (row: OneTimeToken | undefined, clock: Clock) =>
  row && row.expiresAt.getTime() > clock.now().getTime() ? row : undefined

/** Consumes the token behind an emailed link; undefined when unknown, used or expired. */
export async function consumeLinkToken(opts: {
  db: Db
  clock: Clock
  token: string
  types: TokenType[]
}): Promise<OneTimeToken | undefined> {
  const [row] = await opts.db
    .delete(authOneTimeTokens)
    .where(
      and(
        eq(authOneTimeTokens.tokenHash, hashLinkToken(opts.token)),
        inArray(authOneTimeTokens.tokenType, opts.types),
      ),
    )
    .returning()
  return live(row, opts.clock)
}

/** Consumes the user's token whose code matches; a wrong code counts against all their tokens. */
export async function consumeCode(opts: {
  db: Db
  clock: Clock
  userId: string
  code: string
  types: TokenType[]
}): Promise<OneTimeToken | undefined> {
  const ofUser = and(
    eq(authOneTimeTokens.userId, opts.userId),
    inArray(authOneTimeTokens.tokenType, opts.types),
  )
  const [row] = await opts.db
    .delete(authOneTimeTokens)
    .where(
      and(
        ofUser,
        eq(authOneTimeTokens.codeHash, hashCode(opts.userId, opts.code)),
        sql`${authOneTimeTokens.failedAttempts} < ${MAX_CODE_ATTEMPTS}`,
      ),
    )
    .returning()
  if (row) return live(row, opts.clock)
  await opts.db
    .update(authOneTimeTokens)
    .set({ failedAttempts: sql`${authOneTimeTokens.failedAttempts} + 1` })
    .where(ofUser)
  await opts.db
    .delete(authOneTimeTokens)
    .where(and(ofUser, gte(authOneTimeTokens.failedAttempts, MAX_CODE_ATTEMPTS)))
  return undefined
}

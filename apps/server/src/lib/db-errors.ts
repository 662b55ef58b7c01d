// PostgreSQL error codes the services react to. Drizzle wraps the driver's error, so look at the
// cause as well (pg and PGlite both carry the SQLSTATE in `code`).
const FOREIGN_KEY_VIOLATION = '23503'
const DISK_FULL = '53100'
const UNIQUE_VIOLATION = '23505'

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** A row refers to one that was deleted meanwhile (for example a keyword removed mid-refresh). */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === FOREIGN_KEY_VIOLATION
}

/** A row collides with a unique constraint (for example a second running site audit). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION
}

/**
 * SQLSTATE classes and socket errors that mean the database cannot be reached or was cut off, not
 * that the statement was wrong: class 08 (connection exception), 57P01-57P03 (administrator or crash
 * shutdown, starting up) and 53300 (too many connections).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300'])
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// pg's own messages for a lost connection or no free one within connectionTimeoutMillis; they carry
// no code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Client has encountered a connection error/,
  /^The database is closed/,
]

/**
 * The database could not answer (a restart, a failover, a dropped connection): the request may be
 * tried again in a few seconds (503, docs/decisions/026-database-outages.md).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (typeof code === 'string') {
      if (
        code.startsWith('08') ||
        UNAVAILABLE_STATES.has(code) ||
        UNAVAILABLE_SOCKET_CODES.has(code)
      )
        return true
    }
    if (
      typeof message === 'string' &&
      UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))
    )
      return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * The database's disk is full (SQLSTATE 53100, "could not extend file ... No space left on
 * device"), or a file of our own could not be written for that reason (ENOSPC).
 */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (code === DISK_FULL || code === 'ENOSPC') return true
    if (typeof message === 'string' && message.includes('No space left on device')) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

// PostgreSQL error codes the services react to. Drizzle wraps the driver's error, so look at the
// cause as well (pg and PGlite both carry the SQLSTATE in `code`).
const FOREIGN_KEY_VIOLATION = '23503'
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

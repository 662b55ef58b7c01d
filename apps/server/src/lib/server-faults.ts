// Failures of the server's own storage, not of the request: the database cannot be reached (503, try
// again) or its disk is full (507, nothing was saved). Each route group answers them in its own
// error shape (app.ts for /api and the rest, auth/auth.routes.ts for /auth/v1); this decides what
// they are and logs them once (docs/decisions/026-database-outages.md).
import { statfs } from 'node:fs/promises'
import path from 'node:path'
import { isDatabaseUnavailable, isDiskFull } from './db-errors.js'
import type { AppDeps } from './deps.js'
import type { Logger } from './logger.js'

/** What a request is told while the database cannot answer, with `Retry-After`. */
export const DATABASE_UNAVAILABLE = {
  message: 'Our database is not answering for a moment. Please try again in a few seconds.',
  retryAfterSeconds: 5,
} as const

export const DISK_FULL_MESSAGE = "The server's disk is full; nothing was saved."

export interface ServerFault {
  status: 503 | 507
  code: 'service_unavailable' | 'insufficient_storage'
  message: string
  headers: Record<string, string>
}

/**
 * The fault `error` stands for, logged, or undefined when it is another failure. A full disk is
 * logged as an error naming where: DATA_DIR for the embedded database, the PostgreSQL server's own
 * file (in its message) otherwise.
 */
export function serverFault(
  error: unknown,
  deps: Pick<AppDeps, 'dbKind' | 'env'>,
  logger: Logger,
): ServerFault | undefined {
  if (isDiskFull(error)) {
    const where =
      deps.dbKind === 'pglite'
        ? `DATA_DIR ${path.resolve(deps.env.DATA_DIR)}`
        : "the PostgreSQL server's data directory"
    logger.error({ err: error, where }, `the disk holding ${where} is full: a write was refused`)
    return { status: 507, code: 'insufficient_storage', message: DISK_FULL_MESSAGE, headers: {} }
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error }, 'the database is unavailable')
    return {
      status: 503,
      code: 'service_unavailable',
      message: DATABASE_UNAVAILABLE.message,
      headers: { 'Retry-After': String(DATABASE_UNAVAILABLE.retryAfterSeconds) },
    }
  }
  return undefined
}

/** Less free space than this under DATA_DIR makes a failed start the disk's fault: one WAL segment. */
const TOO_LITTLE_FREE_BYTES = 16 * 1024 * 1024

/** Free bytes on the disk holding `dir` (or its nearest existing parent), or undefined. */
async function freeBytes(dir: string): Promise<number | undefined> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const stats = await statfs(at)
      return stats.bavail * stats.bsize
    } catch {
      if (path.dirname(at) === at) return undefined
    }
  }
}

/**
 * What a failed start prints: its own message, and the cause when the disk holding DATA_DIR is
 * (nearly) full, which the embedded database reports only as "Aborted()".
 */
export async function startFailureMessage(error: unknown, dataDir: string | undefined) {
  const message = error instanceof Error ? error.message : String(error)
  if (!dataDir) return message
  const free = await freeBytes(dataDir)
  if (!isDiskFull(error) && (free === undefined || free >= TOO_LITTLE_FREE_BYTES)) return message
  const left = free === undefined ? '' : ` (${Math.floor(free / 1024)} KiB free)`
  return `The disk holding DATA_DIR ${path.resolve(dataDir)} is full${left}: free some space there and start again. The error was: ${message}`
}

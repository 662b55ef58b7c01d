// The session cache of this process (ADR 004), and with PostgreSQL its link to the other instances:
// a dedicated connection LISTENs on auth_change, which a trigger NOTIFYs with the user's id when a
// change to a user, a session or a second factor commits (migration 0018), whichever instance or
// operator made it. A notification drops that user's cached sessions. While the listener is not
// connected, and until its own first notification has come back, the cache is off (nothing found,
// nothing kept); after a lost connection it reconnects with backoff (docs/decisions/026) and starts
// empty.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { CONNECT_TIMEOUT_MS } from '../db/client.js'
import type { Logger } from '../lib/logger.js'
import { createSessionCache, type SessionCache } from './session-cache.js'

export const AUTH_CHANGE_CHANNEL = 'auth_change'
/** How the listener names itself in pg_stat_activity. */
const LISTENER_APPLICATION_NAME = 'localseo-auth-listener'

export interface SessionCacheHandle {
  cache: SessionCache
  /** Resolves once the cache is in use (at once with PGlite; after LISTEN with PostgreSQL). */
  ready: Promise<void>
  close(): Promise<void>
}

/** With PGlite, every write passes through this process: the routes' own invalidation suffices. */
export function openSessionCache(options: {
  databaseUrl?: string
  logger: Logger
  retryMs?: number
  maxRetryMs?: number
}): SessionCacheHandle {
  if (!options.databaseUrl) {
    return { cache: createSessionCache(), ready: Promise.resolve(), close: async () => {} }
  }
  const cache = createSessionCache({ otherInstances: true })
  return listenForAuthChanges({ ...options, databaseUrl: options.databaseUrl, cache })
}

function listenForAuthChanges({
  databaseUrl,
  logger,
  cache,
  retryMs = 250,
  maxRetryMs = 4_000,
}: {
  databaseUrl: string
  logger: Logger
  cache: SessionCache
  /** The first wait after a lost connection; each failed try doubles it, up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
}): SessionCacheHandle {
  let current: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let nextRetryMs = retryMs
  let markReady = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  cache.suspend()

  function lost(client: pg.Client, error?: unknown) {
    if (current !== client) return
    current = undefined
    cache.suspend()
    client.removeAllListeners('notification')
    client.on('error', () => {})
    void client.end().catch(() => undefined)
    if (closed) return
    logger.warn(
      { err: error, retryInMs: nextRetryMs },
      'the auth_change listener lost its connection: the session cache is off until it reconnects',
    )
    retry = setTimeout(() => void connect(), nextRetryMs)
    retry.unref()
    nextRetryMs = Math.min(nextRetryMs * 2, maxRetryMs)
  }

  async function connect() {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    })
    current = client
    // The cache comes on only once a notification of our own has come back through this
    // connection: notifications are then being delivered (right after a reconnect they were seen
    // to lag by a second on a busy machine).
    const echo = `listening:${randomUUID()}`
    client.on('notification', (message) => {
      if (message.channel !== AUTH_CHANGE_CHANNEL || !message.payload) return
      if (message.payload !== echo) cache.invalidateUser(message.payload)
      else if (current === client) {
        // Anything read before this may be stale: start empty.
        cache.resume()
        markReady()
        nextRetryMs = retryMs
      }
    })
    client.on('error', (error) => lost(client, error))
    client.on('end', () => lost(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`)
      await client.query('select pg_notify($1, $2)', [AUTH_CHANGE_CHANNEL, echo])
    } catch (error) {
      lost(client, error)
    }
  }

  void connect()
  return {
    cache,
    ready,
    async close() {
      closed = true
      clearTimeout(retry)
      cache.suspend()
      const client = current
      current = undefined
      await client?.end().catch(() => undefined)
    },
  }
}

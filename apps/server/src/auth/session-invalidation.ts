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
  /** With PostgreSQL, what its listener has heard (GET /metrics); PGlite has no listener. */
  listener?: ListenerState
  close(): Promise<void>
}

/** The auth_change listener's state, read at scrape time (lib/metrics.ts). */
export interface ListenerState {
  /** Notifications received of changes made anywhere, each dropping a user's cached sessions. */
  heard(): number
  /** Whether notifications are being delivered now (the cache is on). */
  live(): boolean
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
  const listener = listenForAuthChanges({ ...options, databaseUrl: options.databaseUrl })
  const sessions = listener.attach(createSessionCache({ otherInstances: true }))
  return {
    ...sessions,
    listener,
    async close() {
      await sessions.close()
      await listener.close()
    },
  }
}

/**
 * One LISTEN connection and the caches it keeps true. The process has one (openSessionCache); the
 * server tests share one per test database among the apps they start on it (testing/db.ts).
 */
export interface AuthChangeListener extends ListenerState {
  /** Serves `cache` from now on; its handle's close() stops that, leaving the connection open. */
  attach(cache: SessionCache): SessionCacheHandle
  close(): Promise<void>
}

export function listenForAuthChanges({
  databaseUrl,
  logger,
  retryMs = 250,
  maxRetryMs = 4_000,
}: {
  databaseUrl: string
  logger: Logger
  /** The first wait after a lost connection; each failed try doubles it, up to `maxRetryMs`. */
  retryMs?: number
  maxRetryMs?: number
}): AuthChangeListener {
  let current: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let nextRetryMs = retryMs
  /** Whether notifications are being delivered now (our own came back on this connection). */
  let live = false
  let heard = 0
  /** Each attached cache, with what its handle's `ready` waits for. */
  const caches = new Map<SessionCache, () => void>()

  function lost(client: pg.Client, error?: unknown) {
    if (current !== client) return
    current = undefined
    live = false
    for (const cache of caches.keys()) cache.suspend()
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
    const client = listenerClient(databaseUrl)
    current = client
    // The caches come on only once a notification of our own has come back through this
    // connection: notifications are then being delivered (right after a reconnect they were seen
    // to lag by a second on a busy machine).
    const echo = `listening:${randomUUID()}`
    client.on('notification', (message) => {
      if (message.channel !== AUTH_CHANGE_CHANNEL || !message.payload) return
      if (message.payload !== echo) {
        heard++
        for (const cache of caches.keys()) cache.invalidateUser(message.payload)
      } else if (current === client) {
        // Anything read before this may be stale: start empty.
        live = true
        for (const [cache, markReady] of caches) {
          cache.resume()
          markReady()
        }
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
    attach: (cache) => attachCache(caches, live, cache),
    heard: () => heard,
    live: () => live,
    async close() {
      closed = true
      clearTimeout(retry)
      live = false
      for (const cache of caches.keys()) cache.suspend()
      const client = current
      current = undefined
      await client?.end().catch(() => undefined)
    },
  }
}

/** The listener's own connection, named in pg_stat_activity. */
function listenerClient(databaseUrl: string) {
  return new pg.Client({
    connectionString: databaseUrl,
    application_name: LISTENER_APPLICATION_NAME,
    keepAlive: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  })
}

/** Adds `cache` to the listener's; a new cache holds nothing yet, so it is in use at once while live. */
function attachCache(
  caches: Map<SessionCache, () => void>,
  live: boolean,
  cache: SessionCache,
): SessionCacheHandle {
  let markReady = () => {}
  const ready = new Promise<void>((resolve) => (markReady = resolve))
  caches.set(cache, markReady)
  if (live) markReady()
  else cache.suspend()
  return {
    cache,
    ready,
    close() {
      caches.delete(cache)
      cache.suspend()
      return Promise.resolve()
    },
  }
}

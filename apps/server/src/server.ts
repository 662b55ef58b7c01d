// The server, once index.ts found DATA_DIR free: database (lock, migrate) -> jobs -> app -> listen;
// close everything cleanly on SIGTERM/SIGINT.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.js'
import { DataDirLockedError } from './db/lock.js'
import { isDatabaseUnavailable, isDiskFull } from './lib/db-errors.js'
import { createDeps, type ServerDeps } from './deps.js'
import type { AutomationRunner } from './features/automation/public.js'
import type { Env } from './env.js'
import { JOB_DRAIN_MS } from './jobs/queue.js'
import { trackInFlight } from './lib/in-flight.js'
import type { Logger } from './lib/logger.js'
import { registerJobs } from './register-jobs.js'

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

/** Every dependency (deps.ts), or exit with the lock's message when another server holds DATA_DIR. */
async function depsOrExit(env: Env, logger: Logger): Promise<ServerDeps> {
  try {
    return await createDeps(env, { logger })
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** Logs where the app listens, and where the local outbox is when mail stays on this machine. */
function announce(deps: ServerDeps, port: number) {
  const { env, logger } = deps
  const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`
  logger.info({ database: deps.dbKind, url }, 'LocalSEO AI is listening')
  if (deps.devMailKey && deps.mailer.kind === 'outbox') {
    logger.info(
      { outbox: `${url}/dev/mail?key=${deps.devMailKey}` },
      'no SMTP_URL: emails are kept in the local outbox, readable from this machine with the key in DATA_DIR/dev-mail.key',
    )
  }
}

/** Requests in flight (a download included) get this long before their connections are cut. */
const REQUEST_DRAIN_MS = 5_000
/** The whole stop's bound (ADR 045): past it the database is closed anyway and the exit is 1. */
const SHUTDOWN_BOUND_MS = 10_000
/** After a second signal, how long closing the database may take before the process exits. */
const STOP_NOW_MS = 500

/** Closes the database (bounded by `withinMs`) and exits with `code`. */
function closeAndExit(deps: ServerDeps, code: number, withinMs: number) {
  setTimeout(() => process.exit(code), withinMs)
  void deps.database
    .close()
    .catch(() => undefined)
    .finally(() => process.exit(code))
}

/**
 * SIGTERM/SIGINT (ADR 045): stop taking requests and let those in flight end (REQUEST_DRAIN_MS);
 * meanwhile stop the planner and the queue, whose jobs end or go back to it (JOB_DRAIN_MS); then
 * close the fetcher and the database. A second signal stops at once.
 */
function onShutdownSignals(
  server: ServerType,
  deps: ServerDeps,
  automation: AutomationRunner,
  inFlight: { drained: () => Promise<void> },
) {
  const { logger } = deps
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) {
      // An operator who means it: nothing more is waited for. A job still running stays 'active'
      // and goes back to the queue at the next start (PGlite) or at its expiry (PostgreSQL).
      logger.warn({ signal }, 'second signal: stopping now without waiting for the work')
      closeAndExit(deps, 1, STOP_NOW_MS)
      return
    }
    stopping = true
    logger.info(
      { signal, requestsMs: REQUEST_DRAIN_MS, jobsMs: JOB_DRAIN_MS },
      'shutting down: requests and jobs may finish; work still running then goes back to the queue',
    )
    // A stuck connection must not keep the database open forever.
    const force = setTimeout(() => {
      logger.error('shutdown timed out; closing the database anyway')
      closeAndExit(deps, 1, STOP_NOW_MS)
    }, SHUTDOWN_BOUND_MS)
    force.unref()
    // The work stops while the requests drain, so the two waits overlap; the planner's timer first.
    const workStopped = Promise.all([automation.stop(), deps.stopWork()])
    server.close(() => {
      // Handlers of clients that hung up may still run; then the work must have stopped before
      // what createDeps opened is closed (deps.close()).
      inFlight
        .drained()
        .then(() => workStopped)
        .then(() => deps.close())
        .then(() => {
          logger.info('database closed; bye')
          process.exit(0)
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'closing the database failed')
          process.exit(1)
        })
    })
    // Idle keep-alive sockets would hold server.close() open; requests in flight may finish before
    // their sockets are cut, so no handler meets a closed database. A download cut here ends
    // without its last chunk: the client sees a failed download, never a short complete-looking
    // file (lib/streamed-body.ts).
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, REQUEST_DRAIN_MS).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/**
 * A database outage or a full disk must not end the process (docs/decisions/026-database-outages.md):
 * a rejection nobody handled for either cause is logged (pg-boss stores a job's outcome without
 * awaiting it); any other still ends the process, as Node does by default.
 */
function surviveStorageFaults(logger: Logger) {
  process.on('unhandledRejection', (reason) => {
    if (isDiskFull(reason)) {
      logger.error({ err: reason }, 'a write failed on a full disk and nobody was waiting for it')
    } else if (isDatabaseUnavailable(reason)) {
      logger.warn(
        { err: reason },
        'a database call failed during an outage and nobody was waiting for it',
      )
    } else {
      throw reason
    }
  })
}

export async function startServer(env: Env, logger: Logger) {
  surviveStorageFaults(logger)
  const deps = await depsOrExit(env, logger)
  // Daily checks and the other scheduled work (issue 16); started before listening, so /healthz
  // always finds the queue. A job cut off by a stop is retried later.
  const automation = registerJobs(deps)
  await automation.start()
  const app = createApp(deps, { webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist) })
  const inFlight = trackInFlight(app.fetch)
  const server = serve({ fetch: inFlight.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    announce(deps, info.port),
  )
  onShutdownSignals(server, deps, automation, inFlight)
}

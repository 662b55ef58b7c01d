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

/** SIGTERM/SIGINT: stop taking requests, hand back the runs, stop the jobs, close the fetcher and the database. */
function onShutdownSignals(
  server: ServerType,
  deps: ServerDeps,
  automation: AutomationRunner,
  inFlight: { drained: () => Promise<void> },
) {
  const { logger } = deps
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    // A stuck connection must not keep the database open forever.
    const force = setTimeout(() => {
      logger.error('shutdown timed out; closing the database anyway')
      void deps.database.close().finally(() => process.exit(1))
    }, 10_000)
    force.unref()
    server.close(() => {
      // Handlers of clients that hung up may still run; then a running site audit, grid scan or
      // verify run goes back to the queue and runs again on the next start, the queue stops, and
      // what createDeps opened is closed (deps.close()); last, the planner's timer.
      inFlight
        .drained()
        .then(() => deps.close())
        .then(() => automation.stop())
        .then(() => {
          logger.info('database closed; bye')
          process.exit(0)
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'closing the database failed')
          process.exit(1)
        })
    })
    // Idle keep-alive sockets would hold server.close() open; requests in flight may finish (up to
    // 5 s) before their sockets are cut, so no handler meets a closed database.
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, 5_000).unref()
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

// Boot: env -> database (lock, migrate) -> app -> listen; close everything cleanly on SIGTERM/SIGINT.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve, type ServerType } from '@hono/node-server'
import { createAiServiceFromEnv } from './ai/ai-service.js'
import { createApp } from './app.js'
import { loadJwtKeys } from './auth/keys.js'
import { openSessionCache, type SessionCacheHandle } from './auth/session-invalidation.js'
import { openDatabase } from './db/client.js'
import { DataDirLockedError } from './db/lock.js'
import { createAutomationRunner, type AutomationRunner } from './features/automation/public.js'
import { defineVerifyJobs, fetcherOf, stopVerifyRuns } from './features/backlinks/public.js'
import { defineGeoGridJobs, stopGridScans } from './features/geo-grid/public.js'
import { defineKeywordJobs } from './features/keywords/public.js'
import { defineAnalyticsImportJobs } from './features/integrations/public.js'
import { createSimulatedGoogleProvider } from './features/integrations/google-data.js'
import { defineAuditJobs, stopAuditRuns } from './features/site-audit/public.js'
import { parseEnv } from './env.js'
import { systemClock } from './lib/clock.js'
import type { AppDeps } from './lib/deps.js'
import { createJobQueue, type JobQueue } from './jobs/queue.js'
import { trackInFlight } from './lib/in-flight.js'
import { createLogger } from './lib/logger.js'
import { loadDevMailKey } from './mail/dev-mail-key.js'
import { createMailer } from './mail/mailer.js'
import { createSafeFetcher } from './net/safe-fetch.js'

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

type Env = ReturnType<typeof parseEnv>
type Logger = ReturnType<typeof createLogger>
type Database = Awaited<ReturnType<typeof openDatabase>>

/** The database, or exit with the lock's message when another server holds DATA_DIR. */
async function openOrExit(env: Env, logger: Logger): Promise<Database> {
  try {
    return await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** Every dependency the app gets, built once from env. */
async function buildDeps(
  env: Env,
  logger: Logger,
  database: Database,
  jobs: JobQueue,
  sessions: SessionCacheHandle,
): Promise<AppDeps> {
  const { db } = database
  // The local outbox is not served in production (app.ts), so no key is made there.
  const devMailKey = env.NODE_ENV === 'production' ? undefined : await loadDevMailKey(env.DATA_DIR)
  return {
    db,
    dbKind: database.kind,
    env,
    clock: systemClock,
    logger,
    jwtKeys: await loadJwtKeys({ dataDir: env.DATA_DIR, secret: env.JWT_SECRET }),
    mailer: createMailer({ env, db, clock: systemClock, logger }),
    devMailKey,
    sessionCache: sessions.cache,
    google: createSimulatedGoogleProvider({ delays: env.SIMULATED_DELAYS }),
    ai: createAiServiceFromEnv({ env, db, clock: systemClock, logger }),
    fetcher: createSafeFetcher({ allowHosts: env.FETCH_ALLOW_HOSTS }),
    jobs,
  }
}

/** Logs where the app listens, and where the local outbox is when mail stays on this machine. */
function announce(deps: AppDeps, port: number) {
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

/** SIGTERM/SIGINT: stop taking requests, cancel audits, stop the jobs, close the fetcher and the database. */
function onShutdownSignals(
  server: ServerType,
  deps: AppDeps,
  database: Database,
  automation: AutomationRunner,
  inFlight: { drained: () => Promise<void> },
  sessions: SessionCacheHandle,
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
      void database.close().finally(() => process.exit(1))
    }, 10_000)
    force.unref()
    server.close(() => {
      // Handlers of clients that hung up may still run; then a running site audit goes back to
      // the queue and runs again on the next start.
      inFlight
        .drained()
        .then(() => Promise.all([stopAuditRuns(), stopGridScans(), stopVerifyRuns()]))
        .catch((error: unknown) => logger.error({ err: error }, 'stopping site audits failed'))
        .then(() => automation.stop())
        .then(() => deps.fetcher?.close())
        .then(() => sessions.close())
        .then(() => database.close())
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

async function main() {
  const env = parseEnv()
  const logger = createLogger(env)
  const database = await openOrExit(env, logger)
  const jobs = createJobQueue({
    database,
    logger,
    maintenanceIntervalSeconds: env.QUEUE_MAINTENANCE_SECONDS,
  })
  // The session cache; with PostgreSQL it hears the other instances' logouts (ADR 004).
  const sessions = openSessionCache({ databaseUrl: database.connectionString, logger })
  const deps = await buildDeps(env, logger, database, jobs, sessions)
  // Daily checks and the other scheduled work (issue 16); started before listening, so /healthz
  // always finds the queue. A job cut off by a stop is retried later.
  defineAuditJobs(jobs, { ...deps, allowHosts: env.FETCH_ALLOW_HOSTS })
  defineGeoGridJobs(jobs, deps)
  defineVerifyJobs(jobs, { ...deps, fetcher: fetcherOf(deps) })
  defineKeywordJobs(jobs, deps)
  defineAnalyticsImportJobs(jobs, deps)
  const automation = createAutomationRunner(deps, jobs)
  await automation.start()
  const app = createApp(deps, { webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist) })
  const inFlight = trackInFlight(app.fetch)
  const server = serve({ fetch: inFlight.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    announce(deps, info.port),
  )
  onShutdownSignals(server, deps, database, automation, inFlight, sessions)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

// Boot: env -> database (lock, migrate) -> app -> listen; close everything cleanly on SIGTERM/SIGINT.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createAiServiceFromEnv } from './ai/ai-service.js'
import { createApp } from './app.js'
import { loadJwtKeys } from './auth/keys.js'
import { createSessionCache } from './auth/session-cache.js'
import { openDatabase } from './db/client.js'
import { DataDirLockedError } from './db/lock.js'
import { createSimulatedGoogleProvider } from './features/integrations/google-data.js'
import { stopAuditRuns } from './features/site-audit/audit-runs.js'
import { parseEnv } from './env.js'
import { systemClock } from './lib/clock.js'
import { createLogger } from './lib/logger.js'
import { loadDevMailKey } from './mail/dev-mail-key.js'
import { createMailer } from './mail/mailer.js'
import { createSafeFetcher } from './net/safe-fetch.js'

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url))

async function main() {
  const env = parseEnv()
  const logger = createLogger(env)
  let database
  try {
    database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL })
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }
  const jwtKeys = await loadJwtKeys({ dataDir: env.DATA_DIR, secret: env.JWT_SECRET })
  const fetcher = createSafeFetcher({ allowHosts: env.FETCH_ALLOW_HOSTS })
  // The local outbox is not served in production (app.ts), so no key is made there.
  const devMailKey = env.NODE_ENV === 'production' ? undefined : await loadDevMailKey(env.DATA_DIR)
  const mailer = createMailer({ env, db: database.db, clock: systemClock, logger })
  const app = createApp(
    {
      db: database.db,
      dbKind: database.kind,
      env,
      clock: systemClock,
      logger,
      jwtKeys,
      mailer,
      devMailKey,
      sessionCache: database.kind === 'pglite' ? createSessionCache() : undefined,
      google: createSimulatedGoogleProvider({ delays: env.SIMULATED_DELAYS }),
      ai: createAiServiceFromEnv({ env, db: database.db, clock: systemClock, logger }),
      fetcher,
    },
    { webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDist) },
  )
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${info.port}`
    logger.info({ database: database.kind, url }, 'LocalSEO AI is listening')
    if (devMailKey && mailer.kind === 'outbox') {
      logger.info(
        { outbox: `${url}/dev/mail?key=${devMailKey}` },
        'no SMTP_URL: emails are kept in the local outbox, readable from this machine with the key in DATA_DIR/dev-mail.key',
      )
    }
  })

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
      // A running site audit is cancelled and keeps what it crawled (its partial results).
      stopAuditRuns()
        .catch((error: unknown) => logger.error({ err: error }, 'stopping site audits failed'))
        .then(() => fetcher.close())
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

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})

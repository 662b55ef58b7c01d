// One wiring (docs/decisions/025-one-wiring.md): every dependency of the app, built here from env for
// the server (index.ts) and for each test app (testing/app.ts) alike. A test passes overrides (its
// clock, a stub provider, its own database) but goes through this same function, so the queue, the
// fetcher and the secrets a test uses are the ones production uses.
import { createAiServiceFromEnv, type AiService } from './ai/ai-service.js'
import { notesFor } from './backup/snapshot.js'
import { loadJwtKeys, type JwtKeys } from './auth/keys.js'
import { openSessionCache, type SessionCacheHandle } from './auth/session-invalidation.js'
import { openDatabase, type Database } from './db/client.js'
import type { Env } from './env.js'
import { recordFoundPlace } from './features/business/public.js'
import { recordMapSightings } from './features/competitors/public.js'
import { createSimulatedGoogleProvider } from './features/integrations/google-data.js'
import { createMeasuredKeywordsFromEnv } from './features/keywords/public.js'
import { createJobQueue } from './jobs/queue.js'
import { systemClock } from './lib/clock.js'
import type { AppDeps } from './lib/deps.js'
import { createLogger, type Logger } from './lib/logger.js'
import { createMetrics } from './lib/metrics.js'
import { createRuns } from './lib/run-registry.js'
import { createSecretsSource } from './lib/secrets.js'
import { loadDevMailKey } from './mail/dev-mail-key.js'
import { createMailer } from './mail/mailer.js'
import { createSafeFetcher } from './net/safe-fetch.js'

/** What a test (or a bench) gives instead of what env would build. */
export interface DepsOverrides extends Partial<
  Pick<
    AppDeps,
    | 'logger'
    | 'clock'
    | 'jwtKeys'
    | 'mailer'
    | 'devMailKey'
    | 'google'
    | 'rank'
    | 'resolve'
    | 'passwordCost'
  >
> {
  /** An open database; the caller closes it. Otherwise DATA_DIR or DATABASE_URL is opened (and locked). */
  database?: Database
  /** The SSRF-safe fetcher; the caller closes it. */
  fetcher?: AppDeps['fetcher']
  /** Builds the AI service from the other deps, e.g. to point it at a stub. */
  ai?: (deps: Omit<AppDeps, 'ai'>) => AiService
  /** How often an idle worker looks for work (jobs/queue.ts); tests look often. */
  queuePollingSeconds?: number
  /** The session cache, on a listener the caller owns (server tests share one per database). */
  sessions?: SessionCacheHandle
}

/** The app's dependencies, with what createDeps opened and closes. */
export interface ServerDeps extends AppDeps {
  database: Database
  /**
   * Stops the work going on here (ADR 045): the queue stops taking jobs and signals its running
   * ones, the runs (audits, scans, verify runs) stop at their next point, and each job ends or goes
   * back to the queue within the drain. The same promise however often it is called.
   */
  stopWork(): Promise<void>
  /**
   * Stops the work (stopWork), and closes the fetcher, the session listener and the database that
   * createDeps opened; what the caller gave stays open.
   */
  close(): Promise<void>
}

async function jwtKeysFor(env: Env, overrides: DepsOverrides): Promise<JwtKeys> {
  return overrides.jwtKeys ?? loadJwtKeys({ dataDir: env.DATA_DIR, secret: env.JWT_SECRET })
}

/** The local outbox's key; none in production, where the outbox is not served (app.ts). */
async function devMailKeyFor(env: Env, overrides: DepsOverrides) {
  if ('devMailKey' in overrides) return overrides.devMailKey
  return env.NODE_ENV === 'production' ? undefined : loadDevMailKey(env.DATA_DIR)
}

/** ServerDeps.stopWork: one stop of the queue and the runs, however often it is asked for. */
/** The app's metrics, with its session listener's when it has one (PostgreSQL). */
function metricsFor(env: Env, database: Database, sessions: SessionCacheHandle, logger: Logger) {
  const metrics = createMetrics({
    pool: database.pool,
    processMetrics: env.METRICS_TOKEN !== undefined,
    logger,
  })
  if (sessions.listener) metrics.readSessionListener(sessions.listener)
  return metrics
}

function workStopper({ jobs, runs }: Pick<AppDeps, 'jobs' | 'runs'>): () => Promise<void> {
  let stopped: Promise<void> | undefined
  return () => {
    stopped ??= (async () => {
      // The queue first: a run the registries stop below is then handed back, not failed.
      const queueStopped = jobs.stop()
      await Promise.all([runs.audits.stop(), runs.scans.stop(), runs.verifies.stop()])
      await queueStopped
    })()
    return stopped
  }
}

/** Every dependency the app gets, built once from env (and a test's overrides). */
export async function createDeps(env: Env, overrides: DepsOverrides = {}): Promise<ServerDeps> {
  const logger = overrides.logger ?? createLogger(env)
  const clock = overrides.clock ?? systemClock
  const database =
    overrides.database ??
    (await openDatabase({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      backupNotes: notesFor(env),
      directUrl: env.DATABASE_DIRECT_URL,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS === 'on',
      pgliteWorker: env.PGLITE_WORKER === 'on',
      // A dropped connection is logged, never fatal; requests meanwhile answer 503 (ADR 026).
      onConnectionError: (error, where) =>
        logger.warn(
          { err: error, where },
          'a database connection was lost; it is opened again when next needed',
        ),
    }))
  const { db } = database
  // The session cache; with PostgreSQL it hears the other instances' logouts (ADR 004), connected
  // before the app answers, on a connection of its own past any pooler (ADR 046).
  const sessions =
    overrides.sessions ?? openSessionCache({ databaseUrl: database.directUrl, logger })
  await sessions.ready
  const fetcher =
    overrides.fetcher ??
    createSafeFetcher({ allowHosts: env.FETCH_ALLOW_HOSTS, resolve: overrides.resolve })
  const metrics = metricsFor(env, database, sessions, logger)
  const jobs = createJobQueue({
    database,
    logger,
    metrics,
    pollingIntervalSeconds: overrides.queuePollingSeconds,
    maintenanceIntervalSeconds: env.QUEUE_MAINTENANCE_SECONDS,
    // Only the server's own PGlite is under DATA_DIR's lock; a test's database may have other apps.
    soleInstance: !overrides.database && database.kind === 'pglite',
  })
  metrics.readQueueDepth(() => jobs.depth())
  const base: Omit<AppDeps, 'ai'> = {
    db,
    dbKind: database.kind,
    env,
    clock,
    logger,
    jwtKeys: await jwtKeysFor(env, overrides),
    mailer: overrides.mailer ?? createMailer({ env, db, clock, logger }),
    devMailKey: await devMailKeyFor(env, overrides),
    sessionCache: sessions.cache,
    google: overrides.google ?? createSimulatedGoogleProvider({ delays: env.SIMULATED_DELAYS }),
    rank: overrides.rank,
    resolve: overrides.resolve,
    passwordCost: overrides.passwordCost,
    fetcher,
    jobs,
    metrics,
    secrets: createSecretsSource(env),
    runs: createRuns(),
    firstChecks: new Map(),
    recordFoundPlace,
    recordMapSightings,
  }
  const deps: AppDeps = {
    ...base,
    ai: overrides.ai ? overrides.ai(base) : createAiServiceFromEnv(base),
    measuredKeywords: createMeasuredKeywordsFromEnv(base),
  }
  const stopWork = workStopper(deps)
  return {
    ...deps,
    database,
    stopWork,
    async close() {
      await stopWork()
      if (!overrides.fetcher) await fetcher.close()
      await sessions.close()
      if (!overrides.database) await database.close()
    },
  }
}

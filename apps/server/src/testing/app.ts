// The real app on a fresh test database, for `app.request()` tests and for listening-server tests.
import { pino } from 'pino'
import { createAiServiceFromEnv, type AiService } from '../ai/ai-service.js'
import { createApp } from '../app.js'
import { generateJwtKeys } from '../auth/keys.js'
import type { PasswordCost } from '../auth/passwords.js'
import { createDeps } from '../deps.js'
import { parseEnv, type Env } from '../env.js'
import {
  createSimulatedGoogleProvider,
  type GoogleDataProvider,
} from '../features/integrations/google-data.js'
import type { Clock } from '../lib/clock.js'
import type { AppDeps } from '../lib/deps.js'
import type { RankProvider } from '../features/keywords/public.js'
import { createSimulatedRankProvider } from '../features/keywords/rank-provider.js'
import { generateDevMailKey } from '../mail/dev-mail-key.js'
import { createOutboxMailer } from '../mail/mailer.js'
import type { Resolver, SafeFetcher } from '../net/safe-fetch.js'
import type { Database } from '../db/client.js'
import { registerJobs } from '../register-jobs.js'
import { createTestDb, sharedSessionCache } from './db.js'

/** A clock tests can move: `clock.advance(seconds)`. */
export function createTestClock(start = new Date('2026-01-15T12:00:00Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(seconds: number) {
      current += seconds * 1000
    },
    set(date: Date) {
      current = date.getTime()
    },
  } satisfies Clock & Record<string, unknown>
}

export type TestClock = ReturnType<typeof createTestClock>

/** DNS for test apps: no name resolves (ENOTFOUND), so no test ever asks a real resolver. */
const unresolvableDns: Resolver = (hostname, _options, callback) => {
  queueMicrotask(() =>
    callback(
      Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
      [],
    ),
  )
}

/** DNS for test apps from a table: listed names answer their addresses, the rest ENOTFOUND. */
export function stubDns(table: Record<string, string[]>): Resolver {
  return (hostname, options, callback) => {
    const answers = table[hostname.toLowerCase().replace(/\.$/, '')]
    if (!answers) return unresolvableDns(hostname, options, callback)
    queueMicrotask(() =>
      callback(
        null,
        answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      ),
    )
  }
}

/**
 * A cheap argon2id (256 KiB, one pass: 0.4 ms against OWASP's 17) for the many users tests sign up;
 * the hashes are real argon2id, verified the same way.
 */
const TEST_PASSWORD_COST: PasswordCost = { memoryCost: 256, timeCost: 1 }

/** Apps not closed yet: a file's apps are closed at its end (setup-file.ts), left open or not. */
const openApps = new Set<{ close: () => Promise<void> }>()

/**
 * Closes what a file's tests left open. The worker's database outlives the file (testing/db.ts):
 * an app left running would otherwise run its jobs on the next file's rows.
 */
export async function closeLeftoverApps(): Promise<void> {
  for (const app of [...openApps]) await app.close()
}

export interface TestAppOptions {
  env?: Record<string, string>
  clock?: Clock
  google?: GoogleDataProvider
  /** The SSRF-safe fetcher (the caller closes it); built from env (and `resolve`) when not given. */
  fetcher?: SafeFetcher
  /** DNS for add-time URL checks and env-built fetchers; `unresolvableDns` when not given. */
  resolve?: Resolver
  /** Builds the AI service from the other deps, e.g. to point it at a stub with a short retry. */
  ai?: (deps: Omit<AppDeps, 'ai'>) => AiService
  /**
   * Positions; when not given, the simulation at env SIMULATED_FAILURE_RATE, 0 unless a test asks
   * for failures (`env: { SIMULATED_FAILURE_RATE: '1' }`), so tests are exact.
   */
  rank?: RankProvider
  /**
   * Runs the queue's workers and the planner (issue 16); `t.automation.tick()` plans, workers run.
   * Without it jobs are sent (rows in pgboss.job) and none runs.
   */
  jobs?: boolean
  /**
   * argon2id's cost for new hashes; TEST_PASSWORD_COST when not given: a suite signs up thousands
   * of users, at 17 ms a hash with OWASP's cost. A test of the cost itself gives OWASP_PASSWORD_COST.
   */
  passwordCost?: PasswordCost
  /** Another app on this database (a second instance, or one started after a stop); the caller closes it. */
  database?: Database
  /** The signing keys of another app, so that a second instance accepts the first one's sessions. */
  jwtKeys?: AppDeps['jwtKeys']
}

export async function createTestApp(options: TestAppOptions = {}) {
  // Suites sign up many users from one address: per-IP limits are off unless a test turns them on.
  // Simulated checks never fail unless a test asks, even one that runs as production (issue 30).
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMITS: 'off',
    SIMULATED_FAILURE_RATE: '0',
    QUEUE_MAINTENANCE_SECONDS: '1',
    ...options.env,
  })
  const database = options.database ?? (await createTestDb())
  try {
    return await startTestApp(env, database, options)
  } catch (error) {
    if (!options.database) await database.close()
    throw error
  }
}

async function startTestApp(env: Env, database: Database, options: TestAppOptions) {
  const clock = options.clock ?? { now: () => new Date() }
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' })
  // A fresh outbox key per test app: read /dev/mail with `?key=${t.devMailKey}`.
  const devMailKey = generateDevMailKey()
  // The server's own wiring (deps.ts), with what a test must control given in.
  const deps = await createDeps(env, {
    database,
    logger,
    clock,
    // Tests never talk SMTP: mail goes to the outbox table (readOutbox() in mail.ts).
    mailer: createOutboxMailer({ db: database.db, clock, logger }),
    devMailKey,
    jwtKeys: options.jwtKeys ?? (await generateJwtKeys()),
    google: options.google ?? createSimulatedGoogleProvider({ delays: false }),
    fetcher: options.fetcher,
    resolve: options.resolve ?? unresolvableDns,
    rank: options.rank ?? createSimulatedRankProvider({ failureRate: env.SIMULATED_FAILURE_RATE }),
    // Without an override the service follows env: built-in unless OPENAI_API_KEY is set.
    ai: options.ai ?? ((base) => createAiServiceFromEnv({ ...base, retryDelayMs: 0 })),
    queuePollingSeconds: 0.5,
    sessions: sharedSessionCache(database),
    passwordCost: options.passwordCost ?? TEST_PASSWORD_COST,
  })
  // Every queue is opened, so a request's send() stores its job as in production; its workers and
  // the planner run only when the test asks (`jobs: true`); the planner never on a timer: tests tick.
  const automation = registerJobs(deps)
  await automation.start({ timer: false, workers: options.jobs ?? false })
  const app = createApp(deps)
  let closed: Promise<void> | undefined
  const testApp = {
    app,
    deps,
    database,
    db: database.db,
    devMailKey,
    automation: options.jobs ? automation : undefined,
    close() {
      // As on SIGTERM (index.ts): the runs go back to the queue, then the queue stops.
      closed ??= (async () => {
        openApps.delete(testApp)
        await deps.close()
        await automation.stop()
        if (!options.database) await database.close()
      })()
      return closed
    },
  }
  openApps.add(testApp)
  return testApp
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>

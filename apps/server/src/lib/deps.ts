import type { AiService } from '../ai/ai-service.js'
import type { Db, DatabaseKind } from '../db/client.js'
import type { Env } from '../env.js'
import type { JwtKeys } from '../auth/keys.js'
import type { PasswordCost } from '../auth/passwords.js'
import type { SessionCache } from '../auth/session-cache.js'
import type { JobQueue } from '../jobs/queue.js'
import type { GoogleDataProvider } from '../features/integrations/google-data.js'
import type { RecordMapSightings } from '../features/competitors/public.js'
import type { MeasuredKeywords, OnPlaceFound, RankProvider } from '../features/keywords/public.js'
import type { Resolver, SafeFetcher } from '../net/safe-fetch.js'
import type { Clock } from './clock.js'
import type { Logger } from './logger.js'
import type { AppMetrics } from './metrics.js'
import type { Mailer } from '../mail/mailer.js'
import type { Runs } from './run-registry.js'
import type { SecretsSource } from './secrets.js'

/**
 * Everything a request handler or a job may use, built once by createDeps (deps.ts) for the server
 * and for each test app alike. Nothing of it lives at module level, so two apps in one process
 * (tests) never share a run, a cache or a key (docs/decisions/025-one-wiring.md).
 */
export interface AppDeps {
  db: Db
  dbKind: DatabaseKind
  env: Env
  clock: Clock
  logger: Logger
  jwtKeys: JwtKeys
  /** Verified sessions, dropped at every change (auth/session-invalidation.ts, ADR 004). */
  sessionCache?: SessionCache
  /** SMTP when SMTP_URL is set, otherwise the local outbox (mail/mailer.ts). */
  mailer: Mailer
  /** The key /dev/mail asks for (mail/dev-mail-key.ts); without one the outbox answers no one. */
  devMailKey?: string
  /** Simulated Google Search Console and Analytics; replaceable by the real APIs. */
  google: GoogleDataProvider
  /** The configured model or the built-in engine, with docs/product.md §8 fallbacks and the daily quota. */
  ai: AiService
  /**
   * Volumes and difficulty from DataForSEO when the instance has it (ADR 024), one per app so its
   * batching and its pause after a failure cover every screen: the stored figures for the screens
   * and the asking face for writes and jobs; the estimate engine when undefined
   * (features/keywords/providers.ts).
   */
  measuredKeywords?: MeasuredKeywords
  /** Keyword positions for the Rank Tracker; the simulated provider when not given. */
  rank?: RankProvider
  /** The SSRF-safe fetcher for user-given URLs (FETCH_ALLOW_HOSTS, and `resolve` when given). */
  fetcher: SafeFetcher
  /**
   * DNS for checking a user-given URL when it is added (net/safe-fetch.ts `isAddableUrl`) and for
   * fetchers built from env; the system resolver when not given. Tests give a stub, so no test
   * asks real DNS.
   */
  resolve?: Resolver
  /**
   * The job queue (jobs/queue.ts) with every queue registered (register-jobs.ts); /healthz shows its
   * counts. A test app that runs no jobs opens it without workers: what it sends waits in the queue.
   */
  jobs: JobQueue
  /**
   * argon2id's cost for new password hashes: OWASP's when absent, as the server always runs
   * (auth/passwords.ts); test apps give a cheap one (testing/app.ts).
   */
  passwordCost?: PasswordCost
  /** Provider keys and Google tokens sealed at rest (lib/secrets.ts), the key loaded once. */
  secrets: SecretsSource
  /** What GET /metrics shows (lib/metrics.ts); counted whether or not METRICS_TOKEN serves it. */
  metrics: AppMetrics
  /** Audits, grid scans and "Verify all" runs going on in this process; shutdown stops them. */
  runs: Runs
  /** First checks under way, per scope (keywords/rank-checks.ts `checkNewKeywords`). */
  firstChecks: Map<string, Promise<number>>
  /**
   * Keeps where a map search found the business (features/business `recordFoundPlace`): given to
   * the keyword checks and the grid scans here, so neither imports business (ADR 014).
   */
  recordFoundPlace: OnPlaceFound
  /**
   * Keeps what every answered map search saw of the competitors (features/competitors): given to the
   * daily checks and the grid scans, so neither imports competitors (ADR 014, issue 34 item 1).
   */
  recordMapSightings: RecordMapSightings
}

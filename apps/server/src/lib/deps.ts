import type { AiService } from '../ai/ai-service.js'
import type { Db, DatabaseKind } from '../db/client.js'
import type { Env } from '../env.js'
import type { JwtKeys } from '../auth/keys.js'
import type { SessionCache } from '../auth/session-cache.js'
import type { JobQueue } from '../jobs/queue.js'
import type { GoogleDataProvider } from '../features/integrations/google-data.js'
import type { RankProvider } from '../features/keywords/public.js'
import type { Resolver, SafeFetcher } from '../net/safe-fetch.js'
import type { Clock } from './clock.js'
import type { Logger } from './logger.js'
import type { Mailer } from '../mail/mailer.js'

/** Everything a request handler may use, passed in once by index.ts (or by a test). */
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
  /** Keyword positions for the Rank Tracker; the simulated provider when not given. */
  rank?: RankProvider
  /** The SSRF-safe fetcher for user-given URLs; built from env (FETCH_ALLOW_HOSTS) when not given. */
  fetcher?: SafeFetcher
  /**
   * DNS for checking a user-given URL when it is added (net/safe-fetch.ts `isAddableUrl`) and for
   * fetchers built from env; the system resolver when not given. Tests give a stub, so no test
   * asks real DNS.
   */
  resolve?: Resolver
  /** The job queue (jobs/queue.ts); /healthz shows its counts. Absent in tests that run no jobs. */
  jobs?: JobQueue
}

import type { Db, DatabaseKind } from '../db/client.js'
import type { Env } from '../env.js'
import type { JwtKeys } from '../auth/keys.js'
import type { GoogleDataProvider } from '../features/integrations/google-data.js'
import type { Clock } from './clock.js'
import type { Logger } from './logger.js'

/** Everything a request handler may use, passed in once by index.ts (or by a test). */
export interface AppDeps {
  db: Db
  dbKind: DatabaseKind
  env: Env
  clock: Clock
  logger: Logger
  jwtKeys: JwtKeys
  /** Simulated Google Search Console and Analytics; replaceable by the real APIs. */
  google: GoogleDataProvider
}

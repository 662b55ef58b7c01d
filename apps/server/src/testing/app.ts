// The real app on a fresh test database, for `app.request()` tests and for listening-server tests.
import { pino } from 'pino'
import { createApp } from '../app.js'
import { generateJwtKeys } from '../auth/keys.js'
import { parseEnv, type Env } from '../env.js'
import {
  createSimulatedGoogleProvider,
  type GoogleDataProvider,
} from '../features/integrations/google-data.js'
import type { Clock } from '../lib/clock.js'
import type { AppDeps } from '../lib/deps.js'
import { createTestDb } from './db.js'

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

export async function createTestApp(
  options: { env?: Record<string, string>; clock?: Clock; google?: GoogleDataProvider } = {},
) {
  const database = await createTestDb()
  const env: Env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env })
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    env,
    clock: options.clock ?? { now: () => new Date() },
    logger: pino({ level: 'silent' }),
    jwtKeys: await generateJwtKeys(),
    google: options.google ?? createSimulatedGoogleProvider({ delays: false }),
  }
  const app = createApp(deps)
  return { app, deps, db: database.db, close: () => database.close() }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

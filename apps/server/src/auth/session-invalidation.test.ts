// With PostgreSQL, instances learn of each other's session changes through NOTIFY auth_change
// (ADR 004): the trigger sends the user's id when the write commits, and the listener drops that
// user's cached sessions, switches the cache off while it is disconnected, and reconnects. The
// three-process test (test/instances.test.ts) proves a logout is refused at once elsewhere.
import pg from 'pg'
import { pino } from 'pino'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../testing/app.js'
import { authHeader, signUp } from '../testing/auth.js'
import { testDatabaseUrl } from '../testing/db.js'
import { parseExposition, sampleValue } from '../testing/prometheus-text.js'
import { createMetrics } from '../lib/metrics.js'
import { createSessionCache } from './session-cache.js'
import {
  AUTH_CHANGE_CHANNEL,
  listenForAuthChanges,
  openSessionCache,
} from './session-invalidation.js'

const logger = pino({ level: 'silent' })
const now = new Date()

async function until(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.skipIf(!testDatabaseUrl)('session changes across instances (PostgreSQL)', () => {
  let t: TestApp
  let sql: pg.Client
  const heard: string[] = []
  let markers = 0

  beforeEach(async () => {
    t = await createTestApp()
    sql = new pg.Client({ connectionString: t.database.connectionString })
    await sql.connect()
    heard.length = 0
    sql.on('notification', (message) => heard.push(message.payload ?? ''))
    await sql.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`)
  })
  afterEach(async () => {
    await sql.end()
    await t.close()
  })

  /**
   * Waits until a marker sent now has arrived: PostgreSQL delivers notifications in commit order,
   * so every one of a change committed before it has arrived too.
   */
  async function heardEverythingSoFar() {
    const marker = `marker-${++markers}`
    await sql.query('select pg_notify($1, $2)', [AUTH_CHANGE_CHANNEL, marker])
    await until(() => heard.includes(marker))
    heard.splice(heard.indexOf(marker), 1)
  }

  test('a logout and an operator deleting the user each send the user id on commit, a rolled-back change nothing', async () => {
    const owner = await signUp(t.app)
    await heardEverythingSoFar()
    heard.length = 0
    await t.app.request('/auth/v1/logout', {
      method: 'POST',
      headers: authHeader(owner.accessToken),
    })
    await heardEverythingSoFar()
    expect(heard).toEqual([owner.userId])

    const other = await signUp(t.app)
    await heardEverythingSoFar()
    heard.length = 0
    await sql.query('begin')
    await sql.query(`update auth.users set encrypted_password = 'x' where id = $1`, [other.userId])
    await sql.query('rollback')
    await sql.query(`delete from auth.users where id = $1`, [other.userId])
    await heardEverythingSoFar()
    // The rolled-back change said nothing; the delete said it once for the user and their session.
    expect(heard).toEqual([other.userId])
  })

  test('the listener drops a notified user, is off while disconnected and listens again, as GET /metrics shows', async () => {
    const sessions = openSessionCache({
      databaseUrl: t.database.connectionString,
      logger,
      retryMs: 50,
    })
    const metrics = createMetrics({ processMetrics: false, logger })
    metrics.readSessionListener(sessions.listener!)
    const scrape = async () => {
      const samples = parseExposition(await metrics.registry.metrics())
      return {
        up: sampleValue(samples, 'auth_change_listener_up', {}),
        heard: sampleValue(samples, 'auth_changes_heard_total', {}),
      }
    }
    try {
      await sessions.ready
      // Its own echo, which turned the cache on, is not a change heard.
      expect(await scrape()).toEqual({ up: 1, heard: 0 })
      const { cache } = sessions
      const entry = (userId: string, sessionId: string) =>
        ({ user: { id: userId }, session: { id: sessionId }, mfaEnabled: false }) as never
      cache.set(entry('u1', 's1'), now, cache.version())
      cache.set(entry('u2', 's2'), now, cache.version())
      await sql.query(`select pg_notify($1, 'u1')`, [AUTH_CHANGE_CHANNEL])
      await until(() => cache.get('s1', 'u1', now) === undefined)
      expect(cache.get('s2', 'u2', now)).toBeDefined()
      expect(await scrape()).toEqual({ up: 1, heard: 1 })

      await sql.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'localseo-auth-listener' and datname = current_database()`,
      )
      await until(() => cache.get('s2', 'u2', now) === undefined)
      expect((await scrape()).up).toBe(0)
      // Back within its retry delay: what is read from then on is kept again.
      await until(() => {
        cache.set(entry('u3', 's3'), now, cache.version())
        return cache.get('s3', 'u3', now) !== undefined
      })
      await sql.query(`select pg_notify($1, 'u3')`, [AUTH_CHANGE_CHANNEL])
      await until(() => cache.get('s3', 'u3', now) === undefined)
      expect(await scrape()).toEqual({ up: 1, heard: 2 })
    } finally {
      await sessions.close()
    }
  })

  test('one listener keeps each cache attached to it true; a cache attached while it listens is in use at once', async () => {
    const listener = listenForAuthChanges({ databaseUrl: t.database.connectionString!, logger })
    const first = listener.attach(createSessionCache({ otherInstances: true }))
    try {
      await first.ready
      const second = listener.attach(createSessionCache({ otherInstances: true }))
      await second.ready
      const entry = { user: { id: 'u1' }, session: { id: 's1' }, mfaEnabled: false } as never
      for (const { cache } of [first, second]) cache.set(entry, now, cache.version())
      expect(second.cache.get('s1', 'u1', now)).toBeDefined()
      await sql.query(`select pg_notify($1, 'u1')`, [AUTH_CHANGE_CHANNEL])
      await until(() => [first, second].every(({ cache }) => !cache.get('s1', 'u1', now)))

      // A detached cache is off: nothing it is given is kept, so nothing can go stale.
      await second.close()
      second.cache.set(entry, now, second.cache.version())
      expect(second.cache.get('s1', 'u1', now)).toBeUndefined()
    } finally {
      await first.close()
      await listener.close()
    }
  })
})

// Several instances behind PgBouncer in transaction mode (issue 37 item 4,
// docs/decisions/046-pgbouncer-direct-url.md): real server processes whose pool goes through a real
// PgBouncer, with DATABASE_DIRECT_URL for the session cache's LISTEN and, for PgBouncer before 1.21,
// DATABASE_PREPARED_STATEMENTS=off. The hot reads answer under concurrency, a logout on one instance
// is refused at once on the other, and each instance's listener is a session of its own on
// PostgreSQL itself (a role that only the direct URL uses).
// Runs in the PostgreSQL pass where PostgreSQL's binaries and PgBouncer are installed (.ci/run).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UnnamedStatementsClient } from '../src/db/unnamed-statements.js'
import { authHeader, JSON_HEADERS, signUp } from '../src/testing/auth.js'
import { testDatabaseUrl } from '../src/testing/db.js'
import { businessInput } from '../src/testing/factories.js'
import {
  canRunOwnPgBouncer,
  startOwnPgBouncer,
  type OwnPgBouncer,
} from '../src/testing/own-pgbouncer.js'
import {
  canRunOwnPostgres,
  startOwnPostgres,
  type OwnPostgres,
} from '../src/testing/own-postgres.js'
import { spawnServer, type ServerProcess } from '../src/testing/server-process.js'

/** The role only DATABASE_DIRECT_URL signs in as: its connections are the direct ones. */
const DIRECT_ROLE = 'localseo_direct'
const LISTENER_APPLICATION_NAME = 'localseo-auth-listener'
const JWT_SECRET = randomBytes(32).toString('hex')

let postgres: OwnPostgres
let bouncer: OwnPgBouncer
let admin: pg.Client
let directUrl = ''
const servers: ServerProcess[] = []
const dataDirs: string[] = []

/** PgBouncer before 1.21 keeps no prepared statement across the transactions of a client. */
function keepsNoPreparedStatements(version: string): boolean {
  const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number)
  return major === 1 && minor < 21
}

async function startInstance(name: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `localseo-${name}-`))
  dataDirs.push(dataDir)
  const server = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    DATABASE_URL: bouncer.url,
    DATABASE_DIRECT_URL: directUrl,
    DATABASE_PREPARED_STATEMENTS: 'off',
    JWT_SECRET,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMITS: 'off',
    SIMULATED_DELAYS: 'false',
  })
  servers.push(server)
  // The start-up log names the address it listens on (PORT 0: a free port); a server that cannot
  // LISTEN never gets there (its session cache waits for its own notification).
  expect(await server.wrote('"url":"http://127.0.0.1:'), server.output()).toBe(true)
  return /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output())![1]!
}

describe.skipIf(!testDatabaseUrl || !canRunOwnPostgres || !canRunOwnPgBouncer)(
  'instances behind PgBouncer in transaction mode',
  () => {
    beforeAll(async () => {
      postgres = await startOwnPostgres()
      admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      await admin.query(`CREATE ROLE ${DIRECT_ROLE} LOGIN`)
      const direct = new URL(postgres.url)
      direct.username = DIRECT_ROLE
      directUrl = direct.toString()
      bouncer = await startOwnPgBouncer(postgres.url)
    }, 120_000)

    afterAll(async () => {
      for (const server of servers) server.child.kill('SIGTERM')
      await Promise.all(servers.map((server) => server.exited))
      await admin?.end()
      await bouncer?.stop()
      await postgres?.remove()
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    }, 90_000)

    test('named prepared statements fail through PgBouncer before 1.21 and run unnamed with DATABASE_PREPARED_STATEMENTS=off', async () => {
      /** Rounds of a named read on every pooled connection at once, as the hot reads run. */
      async function namedReads(Client: typeof pg.Client) {
        const pool = new pg.Pool({ connectionString: bouncer.url, max: 8, Client })
        const outcomes = await Promise.allSettled(
          Array.from({ length: 200 }, (_, i) =>
            pool.query<{ n: number }>({
              name: 'double_it',
              text: 'select $1::int * 2 as n',
              values: [i],
            }),
          ),
        )
        await pool.end()
        return outcomes
      }
      const unnamed = await namedReads(UnnamedStatementsClient)
      expect(unnamed.map((o) => o.status === 'fulfilled' && o.value.rows[0]?.n)).toEqual(
        Array.from({ length: 200 }, (_, i) => i * 2),
      )
      if (keepsNoPreparedStatements(bouncer.version)) {
        const named = await namedReads(pg.Client)
        const failures = named.filter((o) => o.status === 'rejected')
        expect(failures.length).toBeGreaterThan(0)
        expect(String((failures[0] as PromiseRejectedResult).reason)).toMatch(/prepared statement/)
      }
    }, 60_000)

    test('two instances serve the hot reads, hear each other through the direct connection, and a logout on one is refused at once on the other', async () => {
      const a = await startInstance('bouncer-a')
      const b = await startInstance('bouncer-b')
      const owner = await signUp({ request: (input, init) => fetch(`${a}${input}`, init) })
      const saved = await fetch(`${a}/api/business`, {
        method: 'PUT',
        headers: { ...JSON_HEADERS, ...authHeader(owner.accessToken) },
        body: JSON.stringify(businessInput),
      })
      expect(saved.status).toBe(200)

      // Each /api request reads the business by a prepared query (lib/tenant.ts), over pipelined
      // connections that PgBouncer hands any server connection.
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          const res = await fetch(`${i % 2 ? a : b}/api/business`, {
            headers: authHeader(owner.accessToken),
          })
          await res.arrayBuffer()
          return res.status
        }),
      )
      expect(statuses).toEqual(Array.from({ length: 60 }, () => 200))

      // One listener per instance, each on PostgreSQL itself as the direct URL's role; everything
      // else signs in through PgBouncer as the pool's.
      const { rows } = await admin.query<{ application_name: string }>(
        `select application_name from pg_stat_activity where usename = $1`,
        [DIRECT_ROLE],
      )
      expect(rows.map((row) => row.application_name)).toEqual([
        LISTENER_APPLICATION_NAME,
        LISTENER_APPLICATION_NAME,
      ])

      // B has the session in its cache; a logout on A ends it there once PostgreSQL has sent the
      // notification (to a listener of the test's own, so a busy machine's delay is not misread).
      await admin.query('LISTEN auth_change')
      const delivered = new Promise((resolve) => admin.once('notification', resolve))
      const logout = await fetch(`${a}/auth/v1/logout`, {
        method: 'POST',
        headers: authHeader(owner.accessToken),
      })
      expect(logout.status).toBe(204)
      await delivered
      const refused = await fetch(`${b}/api/business`, { headers: authHeader(owner.accessToken) })
      expect(refused.status).toBe(401)
    }, 180_000)
  },
)

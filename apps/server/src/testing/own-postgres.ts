// A PostgreSQL 15 server of a test's own, in a temporary directory on a free loopback port, that the
// test may stop, restart or cut off without touching the shared test server (the fault tests,
// test/database-outage.test.ts, docs/decisions/026-database-outages.md). initdb and postgres refuse
// to run as root, so they run as the `postgres` user when the test runs as root (CI).
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'
const isRoot = process.getuid?.() === 0

/** Whether this machine can run a server of the test's own: PostgreSQL's binaries, and root or not. */
export const canRunOwnPostgres = existsSync(path.join(PG_BIN, 'pg_ctl'))

export interface OwnPostgres {
  url: string
  /** `pg_ctl stop -m fast`: every connection is cut, new ones are refused until start(). */
  stop(): Promise<void>
  start(): Promise<void>
  /** pg_terminate_backend on every other connection to the database: what an operator or a failover does. */
  terminateBackends(): Promise<number>
  /** Stops the server for good and removes its directory. */
  remove(): Promise<void>
}

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Runs a PostgreSQL binary, as `postgres` when we are root. */
async function pgCommand(binary: string, args: string[]) {
  const file = path.join(PG_BIN, binary)
  return isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args)
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'localseo-own-pg-'))
  if (isRoot) chownSync(dir, ...(await postgresIds()))
  const data = path.join(dir, 'data')
  const port = await freePort()
  await pgCommand('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync'])
  // A throwaway server, as CI's (.ci/run): no crash safety, little WAL.
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  const start = async () => {
    await pgCommand('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ])
  }
  const stop = async () => {
    await pgCommand('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
  }
  await start()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    start,
    stop,
    async terminateBackends() {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const { rows } = await client.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
        )
        return rows[0]?.n ?? 0
      } finally {
        await client.end()
      }
    },
    async remove() {
      await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function postgresIds(): Promise<[number, number]> {
  const { stdout } = await run('id', ['-u', 'postgres'])
  const { stdout: group } = await run('id', ['-g', 'postgres'])
  return [Number(stdout.trim()), Number(group.trim())]
}

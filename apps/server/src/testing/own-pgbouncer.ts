// A PgBouncer of a test's own in transaction mode, in front of a PostgreSQL server of the test's own
// (testing/own-postgres.ts), on a free loopback port: what an operator puts in front of several
// instances (README "Running in production", docs/decisions/046-pgbouncer-direct-url.md). PgBouncer
// refuses to run as root, so it runs as the `postgres` user when the test runs as root (CI).
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort, postgresIds } from './own-postgres.js'

const PGBOUNCER = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer'
const isRoot = process.getuid?.() === 0
const run = promisify(execFile)

/** Whether this machine has PgBouncer (CI installs it: .ci/run). */
export const canRunOwnPgBouncer = existsSync(PGBOUNCER)

export interface OwnPgBouncer {
  /** The same database and user as the server's URL, through PgBouncer. */
  url: string
  /** PgBouncer's version line, e.g. 'PgBouncer 1.18.0'. */
  version: string
  stop(): Promise<void>
}

/** Starts PgBouncer in transaction mode before `serverUrl` (trust authentication, loopback only). */
export async function startOwnPgBouncer(serverUrl: string): Promise<OwnPgBouncer> {
  const server = new URL(serverUrl)
  const dir = mkdtempSync(path.join(tmpdir(), 'localseo-own-pgbouncer-'))
  const port = await freePort()
  const user = decodeURIComponent(server.username)
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n`)
  const config = path.join(dir, 'pgbouncer.ini')
  writeFileSync(
    config,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      // Fewer server connections than the app's pool and pipelined reads: transactions share them.
      'default_pool_size = 4',
      'max_client_conn = 200',
      // pg sends none of these, but other clients do; PgBouncer refuses unknown startup parameters.
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  )
  if (isRoot) {
    const [uid, gid] = await postgresIds()
    for (const file of [dir, config, path.join(dir, 'userlist.txt')]) chownSync(file, uid, gid)
  }
  const { stdout: version } = await run(PGBOUNCER, ['--version'])
  const child: ChildProcess = isRoot
    ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER, config], { stdio: 'pipe' })
    : spawn(PGBOUNCER, [config], { stdio: 'pipe' })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = new URL(serverUrl)
  url.hostname = '127.0.0.1'
  url.port = String(port)
  // Listening once a connection through it answers.
  for (let tries = 0; ; tries++) {
    const client = new pg.Client({ connectionString: url.toString() })
    try {
      await client.connect()
      await client.query('select 1')
      await client.end()
      break
    } catch (error) {
      await client.end().catch(() => undefined)
      if (child.exitCode !== null || tries > 100)
        throw new Error(`PgBouncer did not start: ${String(error)}\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url: url.toString(),
    version: version.split('\n')[0]?.trim() ?? '',
    async stop() {
      // SIGTERM: at once (SIGINT would wait for every client to leave). To PgBouncer itself, since
      // runuser need not pass a signal on.
      const pid = Number(readFileSync(path.join(dir, 'pgbouncer.pid'), 'utf8').trim())
      process.kill(pid, 'SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

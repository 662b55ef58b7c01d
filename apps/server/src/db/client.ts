// One database handle for the whole process: embedded PGlite in DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Both speak the same SQL and run the same migrations (docs/house-rules.md "database").
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type ParserOptions } from '@electric-sql/pglite'
import type { Logger } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { serveBackups } from '../backup/backup-socket.js'
import { withDurableCompletion } from '../jobs/durable-completion.js'
import type { PoolUse } from '../lib/metrics.js'
import { acquireDataDirLock, type DataDirLock } from './lock.js'
import { PipelinedReadPool } from './pipelined-reads.js'
import { runPreparedReadsOn } from './prepared.js'
import { prepareForDrizzle } from './pglite-drizzle.js'
import { pgliteOptions } from './pglite-options.js'
import { openPgliteInWorker } from './pglite-worker.js'
import { schema, type Schema } from './schema.js'
import { UnnamedStatementsClient } from './unnamed-statements.js'

export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type DatabaseKind = 'pglite' | 'postgres'
/** The handle inside db.transaction(); use only it there (an outer query deadlocks PGlite). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Plain SQL for the job queue (pg-boss's `db` option, jobs/queue.ts): statements with $n values. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

export interface Database extends SqlExecutor {
  db: Db
  kind: DatabaseKind
  /** PostgreSQL only: the pool's address (DATABASE_URL). */
  connectionString?: string
  /**
   * PostgreSQL only: where the session cache's LISTEN connects (auth/session-invalidation.ts), which
   * needs a session of its own: DATABASE_DIRECT_URL behind PgBouncer, else DATABASE_URL (ADR 046).
   */
  directUrl?: string
  /** PostgreSQL only: the pool's counts for GET /metrics (lib/metrics.ts); PGlite has no pool. */
  pool?: PoolUse
  close(): Promise<void>
}

/**
 * PGlite runs one statement with values through query(), and several (pg-boss's migrations, one
 * string with BEGIN ... COMMIT) only through exec(), which takes no values. `parsers` are PGlite's
 * own for the types the client reads as text for drizzle (pglite-drizzle.ts).
 */
function pgliteExecutor(client: PGlite, parsers: ParserOptions): SqlExecutor['executeSql'] {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values, { parsers })
    const results = await client.exec(text, { parsers })
    return results.at(-1) ?? { rows: [] }
  }
}

/**
 * A PGlite client as the app uses it: drizzle on it, and the raw SQL of the job queue. `logger`
 * hears each of drizzle's statements (the query-count test, ADR 049); none in the server.
 */
export function pgliteDatabase(
  client: PGlite,
  close: () => Promise<void>,
  { logger }: { logger?: Logger } = {},
): Database {
  const { forDrizzle, ownParsers } = prepareForDrizzle(client)
  return {
    db: drizzlePglite({ client: forDrizzle, schema, logger }),
    kind: 'pglite',
    executeSql: pgliteExecutor(client, ownParsers),
    close,
  }
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/** More migrations in the build than the database has applied (drizzle's own bookkeeping). */
async function migrationsPending(client: PGlite): Promise<boolean> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] }
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )
    return (rows[0]?.n ?? 0) < journal.entries.length
  } catch {
    return true // no bookkeeping table yet
  }
}

/**
 * Creates and migrates the embedded database in a child process that exits (migrate-pglite.ts), so
 * the server keeps none of their peak memory. Under tsx (tests, dev) the child runs the source.
 */
function migrateInChildProcess(pgdata: string): Promise<void> {
  const built = fileURLToPath(new URL('./migrate-pglite.js', import.meta.url))
  const script = existsSync(built) ? built : built.replace(/\.js$/, '.ts')
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...process.execArgv, script, pgdata],
      { maxBuffer: 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error)
          reject(new Error(`migrating the embedded database failed: ${stderr || error.message}`))
        else resolve()
      },
    )
  })
}

async function openPglite(
  dataDir: string,
  backupNotes: string[] = [],
  inWorker = false,
): Promise<Database> {
  const absolute = path.resolve(dataDir)
  mkdirSync(absolute, { recursive: true })
  // PGlite has no lock between processes; two writers corrupt the directory (ADR 002).
  const lock: DataDirLock = await acquireDataDirLock(absolute)
  let client: PGlite | undefined
  try {
    const pgdata = path.join(absolute, 'pgdata')
    if (!existsSync(pgdata)) await migrateInChildProcess(pgdata)
    // PGLITE_WORKER=on: the database answers in a worker thread (ADR 053).
    const open = () =>
      inWorker ? openPgliteInWorker(pgdata) : PGlite.create(pgdata, pgliteOptions)
    client = await open()
    if (await migrationsPending(client)) {
      // An upgrade: migrate apart too, then open again.
      await client.close()
      await migrateInChildProcess(pgdata)
      client = await open()
    }
    const opened = client
    // `npm run backup` asks this process for the dump while it holds the lock (ADR 044).
    const backups = await serveBackups(absolute, opened, backupNotes)
    return pgliteDatabase(opened, async () => {
      backups.close()
      try {
        await opened.close()
      } finally {
        lock.release()
      }
    })
  } catch (error) {
    await client?.close().catch(() => undefined)
    lock.release()
    throw error
  }
}

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it answers
 * 503: a database that is down or out of reach must not hold requests (docs/decisions/026).
 */
export const CONNECT_TIMEOUT_MS = 3_000

/** Where a lost connection is reported; it never ends the process (docs/decisions/026). */
export type ConnectionErrorSink = (error: Error, where: string) => void

/**
 * A PostgreSQL database as the app uses it: a pool of `poolSize` connections for everything, and
 * pipelined connections for the hot prepared reads (db/pipelined-reads.ts). Every connection has an
 * error listener, idle or checked out: an error event nobody listens to ends a Node process, and a
 * restart, a failover or `pg_terminate_backend` sends one to each. The pool drops a broken
 * connection and opens a new one when next asked, so the same process serves again once PostgreSQL
 * answers.
 */
export function postgresDatabase(
  connectionString: string,
  {
    poolSize = 10,
    onConnectionError = () => {},
    directUrl,
    preparedStatements = true,
    logger,
  }: {
    poolSize?: number
    onConnectionError?: ConnectionErrorSink
    directUrl?: string
    /** false: named prepared queries run unnamed, for PgBouncer before 1.21 (db/unnamed-statements.ts). */
    preparedStatements?: boolean
    /** Hears each of drizzle's statements, pipelined reads too (the query-count test, ADR 049). */
    logger?: Logger
  } = {},
): Database {
  const Client = preparedStatements ? pg.Client : UnnamedStatementsClient
  const pool = new pg.Pool({
    connectionString,
    Client,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  })
  // An idle connection's error reaches the pool, which drops the connection and re-emits it here.
  pool.on('error', (error) => onConnectionError(error, 'pool'))
  // A checked-out one (inside a transaction, between two statements) reports to its own listeners
  // only; the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', (error) => onConnectionError(error, 'client')))
  const reads = new PipelinedReadPool(connectionString, {
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
    Client,
  })
  const db = drizzlePg(pool, { schema, logger }) as unknown as Db
  // drizzle runs queries on anything with pg.Pool's query(); it never asks this one to connect().
  runPreparedReadsOn(db, drizzlePg(reads as unknown as pg.Pool, { schema, logger }))
  return {
    db,
    kind: 'postgres',
    connectionString,
    directUrl: directUrl ?? connectionString,
    pool,
    // The queue's job completions wait out an outage (jobs/durable-completion.ts).
    executeSql: withDurableCompletion((text, values) => pool.query(text, values), {
      onGiveUp: (error) => onConnectionError(error as Error, 'job completion given up'),
    }),
    close: async () => {
      await Promise.all([reads.end(), pool.end()])
    },
  }
}

async function openPostgres(
  connectionString: string,
  options: Parameters<typeof postgresDatabase>[1],
): Promise<Database> {
  const database = postgresDatabase(connectionString, options)
  try {
    await migratePg(database.db as unknown as NodePgDatabase<Schema>, { migrationsFolder })
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

export function openDatabase({
  dataDir,
  databaseUrl,
  backupNotes,
  pgliteWorker,
  ...postgres
}: {
  dataDir: string
  databaseUrl?: string
  onConnectionError?: ConnectionErrorSink
  /** DATABASE_DIRECT_URL (ADR 046). */
  directUrl?: string
  preparedStatements?: boolean
  /** PGlite: what its backups must say is not in them (backup/snapshot.ts notesFor). */
  backupNotes?: string[]
  /** PGlite: run it in a worker thread (PGLITE_WORKER, ADR 053). */
  pgliteWorker?: boolean
}): Promise<Database> {
  return databaseUrl
    ? openPostgres(databaseUrl, postgres)
    : openPglite(dataDir, backupNotes, pgliteWorker)
}

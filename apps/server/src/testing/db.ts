// One migrated database per test file, emptied before each test that takes it
// (docs/decisions/003-test-databases.md). Both kinds are copied from the migrated template that
// global-setup.ts builds once per run: a PGlite data directory copied into the run's folder, or,
// when TEST_DATABASE_URL is set, a PostgreSQL database created from the template database.
import { randomBytes } from 'node:crypto'
import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Logger } from 'drizzle-orm'
import pg from 'pg'
import { pino } from 'pino'
import { inject } from 'vitest'
import {
  listenForAuthChanges,
  type AuthChangeListener,
  type SessionCacheHandle,
} from '../auth/session-invalidation.js'
import { createSessionCache } from '../auth/session-cache.js'
import { pgliteDatabase, postgresDatabase, type Database } from '../db/client.js'
import { PGLITE_TEMPLATE } from './pglite-template.js'

export const TEMPLATE_DATABASE = 'localseo_test_template'

/** Test databases run on PostgreSQL when TEST_DATABASE_URL names a server, otherwise on PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined

/** The schemas whose tables hold a test's rows; drizzle's migration bookkeeping stays. */
const DATA_SCHEMAS = ['public', 'auth']
/**
 * pg-boss's tables of jobs (jobs/queue.ts), installed in the template (global-setup.ts): emptied,
 * while its version and its queues (created by a file's first test app) stay.
 */
const QUEUE_TABLES = ['pgboss.job', 'pgboss.archive']

/** What a test database's drizzle reports: its statements, for the query-count test (ADR 049). */
interface TestDbOptions {
  logger?: Logger
}

/** A copy of the migrated template directory (opening one takes a fraction of creating one). */
async function copiedPglite({ logger }: TestDbOptions = {}): Promise<Database> {
  const runDir = inject('pgliteRunDir')
  const dataDir = path.join(runDir, `db-${randomBytes(6).toString('hex')}`)
  await cp(path.join(runDir, PGLITE_TEMPLATE), dataDir, { recursive: true })
  const client = await PGlite.create(dataDir)
  return pgliteDatabase(
    client,
    async () => {
      await client.close()
      await rm(dataDir, { recursive: true, force: true })
    },
    { logger },
  )
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}

/**
 * Each PostgreSQL test database's one auth_change listener, shared by the apps tests start on it
 * (a connection per app cost two round trips to open and one to close, in every test).
 */
const listeners = new Map<string, AuthChangeListener>()

/** A session cache for an app on `database`: on its shared listener with PostgreSQL. */
export function sharedSessionCache(database: Database): SessionCacheHandle | undefined {
  const url = database.connectionString
  if (!url) return undefined
  let listener = listeners.get(url)
  if (!listener) {
    listener = listenForAuthChanges({ databaseUrl: url, logger: pino({ level: 'silent' }) })
    listeners.set(url, listener)
  }
  return { ...listener.attach(createSessionCache({ otherInstances: true })), listener }
}

async function copiedPostgres(adminUrl: string, { logger }: TestDbOptions = {}): Promise<Database> {
  const name = `localseo_test_${randomBytes(6).toString('hex')}`
  // FILE_COPY (PostgreSQL 15+) copies the small template's files: a quarter of the time of the
  // default, which writes every block to the WAL.
  await adminQuery(
    adminUrl,
    `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY`,
  )
  const database = postgresDatabase(databaseUrl(adminUrl, name), { poolSize: 4, logger })
  return {
    ...database,
    async close() {
      const url = database.connectionString
      if (url) await listeners.get(url)?.close()
      if (url) listeners.delete(url)
      await database.close()
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

function migratedDatabase(options: TestDbOptions = {}): Promise<Database> {
  return testDatabaseUrl ? copiedPostgres(testDatabaseUrl, options) : copiedPglite(options)
}

/**
 * A database of its own whose drizzle reports each statement to `logger` (the query-count test,
 * ADR 049); the caller closes it, which removes it.
 */
export function createLoggedTestDb(logger: Logger): Promise<Database> {
  return migratedDatabase({ logger })
}

/**
 * One statement that empties every data table and the queue, as a fresh migration leaves them.
 * DELETE with triggers and foreign keys off (every table is emptied) costs a fraction of TRUNCATE,
 * which makes new files for each table; sequences start again as in a new database.
 */
async function emptyingStatement(database: Database): Promise<string> {
  const { rows: tables } = await database.executeSql(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname = ANY($1::text[]) ORDER BY 1`,
    [DATA_SCHEMAS],
  )
  const { rows: sequences } = await database.executeSql(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences
     WHERE schemaname = ANY($1::text[]) ORDER BY 1`,
    [DATA_SCHEMAS],
  )
  return [
    'BEGIN',
    'SET LOCAL session_replication_role = replica',
    ...tables.map((row) => `DELETE FROM ${String(row.name)}`),
    ...QUEUE_TABLES.map((table) => `DELETE FROM ${table}`),
    ...sequences.map((row) => `SELECT setval('${String(row.name)}', 1, false)`),
    'COMMIT',
  ].join(';\n')
}

interface WorkerDatabase {
  database: Database
  empty: string
  /** The schema as migrated: a file that leaves it changed fails (endOfFile). */
  schema: string
}

/**
 * One hash of the app's tables, columns, indexes and triggers (pg-boss's schema is left out: a
 * queue a test defines gets a table of its own there, and stays, like the template's queues).
 */
async function schemaHash(database: Database): Promise<string> {
  const { rows } = await database.executeSql(
    `SELECT md5(concat_ws('|',
       (SELECT string_agg(concat_ws('.', table_schema, table_name, column_name, data_type,
          is_nullable, column_default), ',' ORDER BY 1)
        FROM information_schema.columns WHERE table_schema = ANY($1::text[])),
       (SELECT string_agg(indexdef, ',' ORDER BY 1) FROM pg_indexes
        WHERE schemaname = ANY($1::text[])),
       (SELECT string_agg(t.tgname || ':' || t.tgenabled::text, ',' ORDER BY 1)
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE NOT t.tgisinternal AND n.nspname = ANY($1::text[])))) AS hash`,
    [DATA_SCHEMAS],
  )
  return String(rows[0]?.hash)
}

/**
 * The worker's database: the server tests share one module graph per worker (isolate: false in
 * vitest.config.ts), so this outlives each file and is opened once per worker, not once per file.
 * It is never closed: the worker's end closes its connections, and the run's end removes its data
 * (global-setup.ts).
 */
let workerDatabase: Promise<WorkerDatabase> | undefined
/** The lending now running, if any: a later close of an earlier lending leaves it alone. */
let lease: symbol | undefined

async function openWorkerDatabase(): Promise<WorkerDatabase> {
  const database = await migratedDatabase()
  return { database, empty: await emptyingStatement(database), schema: await schemaHash(database) }
}

/**
 * A migrated, empty database for one test. The worker's database is emptied and lent until the
 * caller closes it; a second database wanted at the same time is a fresh one of its own.
 */
export async function createTestDb(): Promise<Database> {
  if (lease) return migratedDatabase()
  const mine = Symbol('lease')
  lease = mine
  try {
    const { database, empty } = await (workerDatabase ??= openWorkerDatabase())
    await database.executeSql(empty)
    return {
      ...database,
      close() {
        if (lease === mine) lease = undefined
        return Promise.resolve()
      },
    }
  } catch (error) {
    if (lease === mine) lease = undefined
    throw error
  }
}

/**
 * After each file (setup-file.ts): a database a test of the file never gave back is lent again
 * from the next file on, emptied as always; and a file that left the schema changed fails, and the
 * next file gets a new copy of the template.
 */
export async function endOfFile(file: string | undefined): Promise<void> {
  lease = undefined
  const opened = workerDatabase
  if (!opened) return
  const { database, schema } = await opened
  if ((await schemaHash(database)) === schema) return
  workerDatabase = undefined
  await database.close()
  throw new Error(
    `${file ?? 'A test file'} left the database's schema changed: undo a schema change in the ` +
      'test that makes it (docs/decisions/003-test-databases.md).',
  )
}

/**
 * Whether a statement of this PostgreSQL database comes to wait for a row lock within about 2 s: a
 * test holding one transaction open sees the other reach its lock before letting the first end.
 */
export async function someoneWaitsForALock(database: Pick<Database, 'executeSql'>) {
  for (let i = 0; i < 200; i++) {
    const { rows } = await database.executeSql(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if (Number(rows[0]?.waiting) > 0) return true
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return false
}

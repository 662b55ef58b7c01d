// One migrated database per test file, emptied before each test that takes it
// (docs/decisions/003-test-databases.md). Both kinds are copied from the migrated template that
// global-setup.ts builds once per run: a PGlite data directory copied into the run's folder, or,
// when TEST_DATABASE_URL is set, a PostgreSQL database created from the template database.
import { randomBytes } from 'node:crypto'
import { cp, rm } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
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

/** A copy of the migrated template directory (opening one takes a fraction of creating one). */
async function copiedPglite(): Promise<Database> {
  const runDir = inject('pgliteRunDir')
  const dataDir = path.join(runDir, `db-${randomBytes(6).toString('hex')}`)
  await cp(path.join(runDir, PGLITE_TEMPLATE), dataDir, { recursive: true })
  const client = await PGlite.create(dataDir)
  return pgliteDatabase(client, async () => {
    await client.close()
    await rm(dataDir, { recursive: true, force: true })
  })
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

async function copiedPostgres(adminUrl: string): Promise<Database> {
  const name = `localseo_test_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`)
  const database = postgresDatabase(databaseUrl(adminUrl, name), 4)
  return {
    ...database,
    async close() {
      await database.close()
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}

function migratedDatabase(): Promise<Database> {
  return testDatabaseUrl ? copiedPostgres(testDatabaseUrl) : copiedPglite()
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

interface FileDatabase {
  database: Database
  empty: string
}

let fileDatabase: Promise<FileDatabase> | undefined
let leased = false

async function openFileDatabase(): Promise<FileDatabase> {
  const database = await migratedDatabase()
  return { database, empty: await emptyingStatement(database) }
}

/**
 * A migrated, empty database for one test. The file's database is emptied and lent until the
 * caller closes it; a second database wanted at the same time is a fresh one of its own.
 */
export async function createTestDb(): Promise<Database> {
  if (leased) return migratedDatabase()
  leased = true
  try {
    const { database, empty } = await (fileDatabase ??= openFileDatabase())
    await database.executeSql(empty)
    let returned = false
    return {
      ...database,
      close() {
        if (!returned) leased = false
        returned = true
        return Promise.resolve()
      },
    }
  } catch (error) {
    leased = false
    throw error
  }
}

/** Closes the file's database (setup-file.ts runs it after the file's last test). */
export async function closeFileDatabase(): Promise<void> {
  const opened = fileDatabase
  fileDatabase = undefined
  leased = false
  if (opened) await (await opened).database.close()
}

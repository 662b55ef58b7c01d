// A fresh, migrated database per test (docs/house-rules.md "Tests"): PGlite migrated once per test file and cloned,
// or, when TEST_DATABASE_URL is set, a PostgreSQL database copied from a migrated template.
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { migrationsFolder, pgliteDatabase, postgresDatabase, type Database } from '../db/client.js'
import { schema } from '../db/schema.js'

export const TEMPLATE_DATABASE = 'localseo_test_template'

let migratedBase: Promise<PGlite> | undefined

function basePglite(): Promise<PGlite> {
  migratedBase ??= (async () => {
    const client = await PGlite.create()
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    return client
  })()
  return migratedBase
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base)
  url.pathname = `/${name}`
  return url.toString()
}

async function createPostgresTestDb(adminUrl: string): Promise<Database> {
  const name = `localseo_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`)
  } finally {
    await admin.end()
  }
  const database = postgresDatabase(databaseUrl(adminUrl, name), 4)
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`).finally(() => cleanup.end())
    },
  }
}

/** Test databases run on PostgreSQL when TEST_DATABASE_URL names a server, otherwise on PGlite. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined

export async function createTestDb(): Promise<Database> {
  if (testDatabaseUrl) return createPostgresTestDb(testDatabaseUrl)
  // clone() is typed as the interface, but it is a full PGlite instance.
  const client = (await (await basePglite()).clone()) as PGlite
  return pgliteDatabase(client, () => client.close())
}

// Vitest global setup for the server project: with TEST_DATABASE_URL, build the migrated template
// database that every test copies (PGlite needs nothing here: each file migrates its own base).
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { migrationsFolder } from '../db/client.js'
import { TEMPLATE_DATABASE, testDatabaseUrl } from './db.js'

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

export async function setup() {
  const url = testDatabaseUrl
  if (!url) return
  await admin(url, async (client) => {
    const leftovers = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'localseo_test_%'",
    )
    for (const { datname } of leftovers.rows) await client.query(`DROP DATABASE ${datname}`)
    await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  })
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 })
  try {
    await migrate(drizzle(pool), { migrationsFolder })
  } finally {
    await pool.end()
  }
}

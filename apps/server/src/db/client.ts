// One database handle for the whole process: embedded PGlite in DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set. Both speak the same SQL and run the same migrations (docs/house-rules.md "database").
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { acquireDataDirLock, type DataDirLock } from './lock.js'
import { schema, type Schema } from './schema.js'

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
  /** PostgreSQL only: where the session cache's listener connects (auth/session-invalidation.ts). */
  connectionString?: string
  close(): Promise<void>
}

/**
 * PGlite runs one statement with values through query(), and several (pg-boss's migrations, one
 * string with BEGIN ... COMMIT) only through exec(), which takes no values.
 */
export function pgliteExecutor(client: PGlite): SqlExecutor['executeSql'] {
  return async (text, values) => {
    if (values && values.length > 0) return client.query(text, values)
    const results = await client.exec(text)
    return results.at(-1) ?? { rows: [] }
  }
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

async function openPglite(dataDir: string): Promise<Database> {
  const absolute = path.resolve(dataDir)
  mkdirSync(absolute, { recursive: true })
  // PGlite has no lock between processes; two writers corrupt the directory (ADR 002).
  const lock: DataDirLock = await acquireDataDirLock(absolute)
  let client: PGlite | undefined
  try {
    client = await PGlite.create(path.join(absolute, 'pgdata'))
    const db = drizzlePglite(client, { schema })
    await migratePglite(db, { migrationsFolder })
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      executeSql: pgliteExecutor(client),
      async close() {
        try {
          await client?.close()
        } finally {
          lock.release()
        }
      },
    }
  } catch (error) {
    await client?.close().catch(() => undefined)
    lock.release()
    throw error
  }
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  const db = drizzlePg(pool, { schema })
  try {
    await migratePg(db, { migrationsFolder })
  } catch (error) {
    await pool.end()
    throw error
  }
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    connectionString,
    executeSql: (text, values) => pool.query(text, values),
    close: () => pool.end(),
  }
}

export function openDatabase(options: {
  dataDir: string
  databaseUrl?: string
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}

// Creates (on first start) and migrates the embedded database in a process of its own, which then
// exits: initdb and the migrations take several hundred MB of WASM memory, which a process never
// gives back (issue 19 item 3). db/client.ts runs it before opening the database, while it holds
// the DATA_DIR lock. Kept light: no schema, nothing but PGlite and the migrator.
// Usage: node migrate-pglite.js <pgdata directory>
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { pgliteOptions } from './pglite-options.js'

const pgdata = process.argv[2]
if (!pgdata) throw new Error('usage: migrate-pglite <pgdata directory>')
const client = await PGlite.create(pgdata, pgliteOptions)
try {
  const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
  await migrate(drizzle(client), { migrationsFolder })
} finally {
  await client.close()
}

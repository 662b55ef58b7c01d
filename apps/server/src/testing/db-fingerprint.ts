// One hash over every row the app stores, to prove that a refused request changed nothing; and raw
// rows for tests that read what is stored.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'

/** Tables a refused request may legitimately touch: rate-limit counters and the AI quota. */
const VOLATILE_TABLES = new Set(['auth.rate_limits', 'public.ai_usage'])

export async function rows<Row>(db: Db, query: SQL): Promise<Row[]> {
  // Both drivers answer raw SQL with { rows }; drizzle types it per driver only.
  const execute = db.execute.bind(db) as unknown as (query: SQL) => Promise<{ rows: Row[] }>
  return (await execute(query)).rows
}

/** The fingerprint query of each database: its tables never change while tests run on it. */
const fingerprintQueries = new WeakMap<Db, Promise<SQL>>()

async function fingerprintQuery(db: Db): Promise<SQL> {
  const tables = await rows<{ schema: string; name: string }>(
    db,
    sql`select schemaname as schema, tablename as name from pg_tables
      where schemaname in ('public', 'auth') order by 1, 2`,
  )
  const hashes = tables
    .filter((table) => !VOLATILE_TABLES.has(`${table.schema}.${table.name}`))
    .map(
      (table) =>
        sql`(select coalesce(md5(string_agg(t::text, ',' order by t::text)), '')
          from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t)`,
    )
  return sql`select md5(concat_ws('|', ${sql.join(hashes, sql`, `)})) as fingerprint`
}

/** Each database's last fingerprint, with the transaction horizon it was taken at. */
const lastFingerprints = new WeakMap<Db, { horizon: string; fingerprint: string }>()

/**
 * md5 of all rows of all tables (ordered, so the same data always hashes the same). Hashing every
 * table costs tens of milliseconds, so it is skipped while no transaction that wrote has ended
 * since the last one: a write takes a transaction id, and its end moves the snapshot's xmax, so an
 * unmoved xmax proves the rows are the ones last hashed (the generated bad-input suite asks once
 * per request, thousands of times).
 */
export async function databaseFingerprint(db: Db): Promise<string> {
  // Read before hashing: a write that ends in between makes the next call hash again.
  const [mark] = await rows<{ horizon: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as horizon`,
  )
  const horizon = mark?.horizon ?? ''
  const last = lastFingerprints.get(db)
  if (last && last.horizon === horizon) return last.fingerprint
  let query = fingerprintQueries.get(db)
  if (!query) {
    query = fingerprintQuery(db)
    fingerprintQueries.set(db, query)
  }
  const [row] = await rows<{ fingerprint: string }>(db, await query)
  const fingerprint = row?.fingerprint ?? ''
  lastFingerprints.set(db, { horizon, fingerprint })
  return fingerprint
}

/** Every row of every table of the app's schema, as text: to prove a secret is not stored in clear. */
export async function databaseText(db: Db): Promise<string> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  let text = ''
  for (const { name } of tables) {
    const dump = await rows<{ row: string }>(
      db,
      sql`select t::text as row from ${sql.identifier(name)} t`,
    )
    text += dump.map((r) => r.row).join('\n')
  }
  return text
}

// DATABASE_PREPARED_STATEMENTS=off (docs/decisions/046-pgbouncer-direct-url.md): a PostgreSQL client
// that runs a named prepared query (drizzle's `.prepare(name)`, db/prepared.ts) as an unnamed one.
// PgBouncer before 1.21 in transaction mode hands each transaction any server connection, so a
// statement prepared by name on one is missing on the next ('prepared statement "x" does not exist')
// or already there ('already exists'). An unnamed statement lives for one query only, so it is safe
// on any connection; the query is parsed and planned each time instead of once per connection.
import pg from 'pg'

/** A query given as an object (not a submittable, such as a cursor) with a statement name. */
function isNamed(config: unknown): config is pg.QueryConfig & { name: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    'name' in config &&
    typeof (config as { submit?: unknown }).submit !== 'function'
  )
}

export class UnnamedStatementsClient extends pg.Client {
  // pg's own overloads are many; this forwards every call as it came, less the statement's name.
  override query(...args: unknown[]): never {
    const [config, ...rest] = args
    const forwarded = isNamed(config) ? { ...config, name: undefined } : config
    return (super.query as (...a: unknown[]) => never)(forwarded, ...rest)
  }
}

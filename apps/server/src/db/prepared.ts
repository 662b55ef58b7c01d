// Prepared queries for the hot reads that nearly every /api request makes (issue 19 item 4): drizzle
// builds a query's SQL once instead of on every call (its query building was a fifth of a request's
// CPU), and PostgreSQL parses and plans a named statement once per connection. A prepared query
// belongs to the database handle it was built on, so each handle gets its own (tests make many). On
// PostgreSQL they run over pipelined connections (db/pipelined-reads.ts).
// docs/decisions/019-compressed-assets-and-preloading.md "Authenticated reads", "Pipelined reads".
import type { Db } from './client.js'

/**
 * Where a handle keeps its twin over pipelined connections (PostgreSQL only): on the handle itself,
 * so the twin lives and goes with the database that createDeps opened, not in this module.
 */
const PIPELINED_TWIN = Symbol('pipelined twin')

type WithTwin = Db & { [PIPELINED_TWIN]?: Db }

/** Runs the prepared reads of `db` on `twin`: the same database over pipelined connections. */
export function runPreparedReadsOn(db: Db, twin: Db): void {
  Object.defineProperty(db, PIPELINED_TWIN, { value: twin })
}

/**
 * A prepared query per database handle, built on first use. `build` receives the handle (its
 * pipelined twin when it has one) and returns drizzle's `.prepare(name)` of a read whose values are
 * `sql.placeholder(...)`s. A transaction's handle has no twin: its reads stay inside it.
 */
export function preparedPerDb<Prepared>(build: (db: Db) => Prepared): (db: Db) => Prepared {
  const byDb = new WeakMap<Db, Prepared>()
  return (db) => {
    let prepared = byDb.get(db)
    if (!prepared) {
      prepared = build((db as WithTwin)[PIPELINED_TWIN] ?? db)
      byDb.set(db, prepared)
    }
    return prepared
  }
}

interface Executable {
  execute(values?: Record<string, unknown>): Promise<unknown>
}

/**
 * A prepared query in two versions, one per kind of scope: the main business (location_id is null)
 * and one of its locations (`locationId`). `scope` is where `build` puts that condition; both
 * versions take `businessId`, and the second also `locationId`.
 */
export function preparedPerScope<Prepared extends Executable>(
  build: (db: Db, scope: 'main' | 'location') => Prepared,
) {
  const main = preparedPerDb((db) => build(db, 'main'))
  const location = preparedPerDb((db) => build(db, 'location'))
  return (
    db: Db,
    scope: { businessId: string; locationId: string | null },
    values: Record<string, unknown> = {},
  ) =>
    (scope.locationId === null
      ? main(db).execute({ businessId: scope.businessId, ...values })
      : location(db).execute({ ...scope, ...values })) as ReturnType<Prepared['execute']>
}

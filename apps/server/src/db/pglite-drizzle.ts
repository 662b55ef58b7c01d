// drizzle-orm's PGlite driver sends its own parsers with every query: timestamps, dates, intervals
// and their arrays stay text (drizzle-orm/pglite/session.js), and drizzle maps them itself. PGlite
// then copies its whole table of ~360 parsers for that one query ({ ...client.parsers,
// ...options.parsers }), measured at 0.15-0.4 ms of a 0.5-1 ms query (issue 19 item 4). Instead the
// client's own table reads those types as text and drizzle's copy is dropped; the raw SQL callers
// (the job queue) pass PGlite's original parsers back for them. Every caller gets the values it got
// before (pglite-drizzle.test.ts).
import {
  types,
  type ParserOptions,
  type PGlite,
  type QueryOptions,
  type Transaction,
} from '@electric-sql/pglite'
import { pgliteStatements } from './pglite-statements.js'

const SCALAR_TYPES = [types.DATE, types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL]
/** Their arrays (and numeric[]), with the element type. */
const ARRAY_TYPES: Record<number, number> = {
  1115: types.TIMESTAMP,
  1182: types.DATE,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1231: types.NUMERIC,
}

/** The types drizzle-orm reads as text: the keys of the parsers it passes. */
const TEXT_TYPES = [...SCALAR_TYPES, ...Object.keys(ARRAY_TYPES).map(Number)].sort((a, b) => a - b)

// Integer-like keys list in ascending order, so drizzle's set is recognised by one comparison.
const TEXT_KEYS = TEXT_TYPES.join(',')

const asText = (value: string) => value

/** The options without drizzle's parsers, which the client's table now applies; others as given. */
function withoutDrizzleParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || Object.keys(options.parsers).join(',') !== TEXT_KEYS) return options
  const rest = { ...options }
  delete rest.parsers
  return rest
}

/**
 * Sets the client's table to read drizzle's text types as text. Returns the handle to give
 * drizzle, and PGlite's own parsers of those types for every other caller of the client.
 */
export function prepareForDrizzle(client: PGlite): {
  forDrizzle: PGlite
  ownParsers: ParserOptions
} {
  const ownParsers: ParserOptions = {}
  for (const type of SCALAR_TYPES) {
    const own = client.parsers[type]
    if (own) ownParsers[type] = own
  }
  // PGlite's array parsers look their element's parser up in the client's table when they run, so
  // the original ones are rebuilt on the element parsers kept above.
  for (const [key, element] of Object.entries(ARRAY_TYPES)) {
    const array = Number(key)
    const parseElement = ownParsers[element] ?? client.parsers[element]
    ownParsers[array] = (value: string): unknown => {
      const parsed: unknown = types.arrayParser(
        value,
        parseElement as Parameters<typeof types.arrayParser>[1],
        array,
      )
      return parsed
    }
  }
  for (const type of TEXT_TYPES) client.parsers[type] = asText
  // Drizzle's statements run as named prepared statements (pglite-statements.ts).
  const statements = pgliteStatements(client)
  const wrapTransaction = (tx: Transaction): Transaction =>
    Object.create(tx, {
      query: {
        value: (text: string, params?: unknown[], options?: QueryOptions) =>
          statements.queryInTransaction(text, params, withoutDrizzleParsers(options)),
      },
    }) as Transaction
  // Only what drizzle-orm's PGlite session calls: query() and transaction().
  const forDrizzle = {
    query: (text: string, params?: unknown[], options?: QueryOptions) =>
      statements.query(text, params, withoutDrizzleParsers(options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => callback(wrapTransaction(tx))),
  }
  return { forDrizzle: forDrizzle as unknown as PGlite, ownParsers }
}

// Named prepared statements for drizzle's queries on PGlite (issue 19 item 4;
// docs/decisions/019-compressed-assets-and-preloading.md "Prepared statements on PGlite").
// PGlite's query() sends every statement unnamed: PostgreSQL parses and plans it again each time,
// and each of its five protocol steps is a call into the WASM module. Here each SQL text is parsed
// once into a named statement (its parameter types and result columns kept), and each run is one
// call: Bind, Execute and Sync together. The results go through PGlite's own parser, so callers get exactly
// what query() returns. Statements are kept per client, the least recently used closed past a bound.
import {
  parse as pgliteParse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite'

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

const { serialize } = protocol

/** More distinct SQL texts than the app's queries have (an IN list of n values is its own text). */
const STATEMENT_LIMIT = 500

interface Statement {
  name: string
  /** The parameters' type ids as PostgreSQL inferred them, to serialize values as PGlite does. */
  paramTypes: number[]
  /** Its result columns (none for a statement without rows), read once instead of every run. */
  columns: BackendMessage[]
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

export interface StatementRunner {
  /** Runs `text` with `params` as query() would, outside a transaction. */
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  /** The same inside a transaction, whose lock the caller holds. */
  queryInTransaction<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>
  /** How many statements are prepared now (tests). */
  readonly size: number
}

/** How long statements may run one after another before the event loop gets a turn. */
const TURN_MS = 10

/**
 * A turn for the event loop once statements have run for TURN_MS since the last. PGlite answers
 * inside a promise, so the statements of every request in flight otherwise ran one after another
 * within a single turn, and Node accepts one new connection a turn: under load new connections
 * waited for seconds (docs/decisions/054-requests-admitted-in-order.md).
 */
function turnTaker() {
  let since = performance.now()
  return async () => {
    if (performance.now() - since < TURN_MS) return
    await new Promise<void>((resolve) => setImmediate(resolve))
    since = performance.now()
  }
}

export function pgliteStatements(client: PGlite, limit = STATEMENT_LIMIT): StatementRunner {
  // Map order is the use order: a statement is moved to the end each time it runs.
  const statements = new Map<string, Statement>()
  let counter = 0
  const nextTurn = turnTaker()

  /** Parses `text` into a new named statement, closing the least recently used past the bound. */
  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const messages: Uint8Array[] = []
    if (statements.size >= limit) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement]
      statements.delete(oldestText)
      messages.push(serialize.close({ type: 'S', name: oldest.name }))
    }
    const name = `drizzle_${++counter}`
    messages.push(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    )
    const described = await client.execProtocolStream(concat(messages), { syncToFs: false })
    const statement = {
      name,
      paramTypes: pgliteParse.parseDescribeStatementResults(described),
      columns: described.filter((message) => message.name === 'rowDescription'),
    }
    statements.set(text, statement)
    return statement
  }

  function serializeParams(statement: Statement, params: unknown[], options?: QueryOptions) {
    return params.map((value, i) => {
      if (value === null || value === undefined) return null
      const type = statement.paramTypes[i] ?? 0
      const serializer = options?.serializers?.[type] ?? client.serializers[type]
      // As query(): a type without a serializer takes the value's text (drizzle sends JSON as text).
      return serializer ? serializer(value) : (value as { toString(): string }).toString()
    })
  }

  async function run<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = statements.get(text)
    if (statement) {
      statements.delete(text)
      statements.set(text, statement)
    } else {
      statement = await prepare(text, options)
    }
    const messages = await client.execProtocolStream(
      concat([
        serialize.bind({
          statement: statement.name,
          values: serializeParams(statement, params, options),
        }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    // As query() does: a change outside a transaction reaches the data directory at once.
    if (!inTransaction) await client.syncToFs()
    const answer = [...statement.columns, ...messages]
    return pgliteParse.parseResults(answer, client.parsers, options)[0] as Results<T>
  }

  return {
    query: async (text, params, options) => {
      await nextTurn()
      // query()'s locks: no transaction in progress, then the query lock.
      return client._runExclusiveTransaction(() =>
        client.runExclusive(() => run(text, params, options, false)),
      )
    },
    queryInTransaction: async (text, params, options) => {
      await nextTurn()
      return client.runExclusive(() => run(text, params, options, true))
    },
    get size() {
      return statements.size
    },
  }
}

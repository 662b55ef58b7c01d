// The connections of the hot prepared reads on PostgreSQL (db/prepared.ts; issue 19 item 4,
// docs/decisions/019-compressed-assets-and-preloading.md "Pipelined reads"). A pooled query takes a
// connection of its own, and PostgreSQL's process for it falls asleep after each answer and must be
// woken for the next: on a busy host that wake-up costs more than the read. Here the reads share a
// few connections in pg's pipeline mode: each is written as soon as it is asked for, without waiting
// for the answers before it, so PostgreSQL answers a stream of them back to back. That halves the CPU
// of a small read on both sides.
//
// Only single statements outside transactions belong here, and only small indexed reads: a query
// waits for the ones written before it on its connection.
import pg from 'pg'

interface Connection {
  client: pg.Client
  ready: Promise<pg.Client>
  /** Queries asked of it and not yet answered: the next goes to the connection with fewest. */
  waiting: number
  broken: boolean
  /** Set while nothing waits: closes the connection when it fires. */
  idle?: NodeJS.Timeout
}

/** How many pipelined connections: two, so that one slow read does not hold up every other. */
const CONNECTIONS = 2

/**
 * A connection nothing has asked of for this long is closed, as pg's Pool closes an idle one: an
 * idle server holds none, and none is left for a proxy or firewall to drop without a word.
 */
const IDLE_MS = 10_000

/**
 * A stand-in for pg's Pool that drizzle can run prepared queries on (`query`), over pipelined
 * connections opened on first use, closed after `idleMs` unused and opened again after one breaks.
 * It opens no transactions.
 */
export class PipelinedReadPool {
  readonly #connectionString: string
  readonly #idleMs: number
  readonly #connectTimeoutMs: number
  readonly #Client: typeof pg.Client
  readonly #connections: (Connection | undefined)[] = Array.from({ length: CONNECTIONS })
  #ended = false

  constructor(
    connectionString: string,
    {
      idleMs = IDLE_MS,
      connectTimeoutMs = 0,
      Client = pg.Client,
    }: {
      idleMs?: number
      connectTimeoutMs?: number
      /** pg's Client, or one that runs named statements unnamed (db/unnamed-statements.ts). */
      Client?: typeof pg.Client
    } = {},
  ) {
    this.#connectionString = connectionString
    this.#idleMs = idleMs
    this.#connectTimeoutMs = connectTimeoutMs
    this.#Client = Client
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.#ended) throw new Error('The database is closed.')
    const connection = this.#leastWaiting()
    clearTimeout(connection.idle)
    connection.waiting++
    try {
      const client = await connection.ready
      return await client.query(config, values)
    } finally {
      if (--connection.waiting === 0) this.#closeWhenIdle(connection)
    }
  }

  #closeWhenIdle(connection: Connection) {
    connection.idle = setTimeout(() => {
      // Marked first: from now on the next read opens a new connection.
      connection.broken = true
      connection.client.end().catch(() => undefined)
    }, this.#idleMs)
    connection.idle.unref()
  }

  /** drizzle asks a pool for a connection only to open a transaction, which never runs here. */
  connect(): never {
    throw new Error('Pipelined reads run outside transactions; use the pooled database handle.')
  }

  async end(): Promise<void> {
    this.#ended = true
    const opened = this.#connections.filter((connection) => connection !== undefined)
    for (const connection of opened) clearTimeout(connection.idle)
    await Promise.all(
      opened.map((connection) =>
        connection.ready.then((client) => client.end()).catch(() => undefined),
      ),
    )
  }

  #leastWaiting(): Connection {
    let best: Connection | undefined
    for (const [index, existing] of this.#connections.entries()) {
      const connection = existing && !existing.broken ? existing : this.#open(index)
      if (!best || connection.waiting < best.waiting) best = connection
    }
    // CONNECTIONS is at least one, so the loop has chosen.
    return best as Connection
  }

  #open(index: number): Connection {
    const client = new this.#Client({
      connectionString: this.#connectionString,
      pipeline: true,
      keepAlive: true,
      connectionTimeoutMillis: this.#connectTimeoutMs,
    })
    // pg fails every query written to a broken connection; the next query opens a new one.
    const drop = () => {
      connection.broken = true
    }
    const connection: Connection = {
      client,
      ready: client.connect().then(
        () => client,
        (error: unknown) => {
          drop()
          throw error
        },
      ),
      waiting: 0,
      broken: false,
    }
    client.on('error', drop)
    client.on('end', drop)
    // Whoever asks first awaits `ready`; this keeps a failed connect from going unhandled before.
    connection.ready.catch(() => undefined)
    this.#connections[index] = connection
    return connection
  }
}

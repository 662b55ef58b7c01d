// The business read that most /api requests start with, on PostgreSQL, from this process: pooled
// connections against the pipelined ones the server uses (docs/decisions/019-compressed-assets-and-
// preloading.md "Pipelined reads"). Reads 50 at a time; prints CPU per read of this process and of
// every PostgreSQL process on the machine, and reads per second.
// DATABASE_URL=postgres://… node bench/db-reads/run.mjs   (READS, CONCURRENCY override the load)
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { printLoadAverage } from '../lib/measure.mjs'
import { signUpOwner } from '../lib/owner.mjs'
import { startServer } from '../lib/server.mjs'

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL database.')
const reads = Number(process.env.READS ?? 20_000)
const concurrency = Number(process.env.CONCURRENCY ?? 50)
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist')
const { openDatabase } = await import(path.join(dist, 'db/client.js'))
const { schema } = await import(path.join(dist, 'db/schema.js'))
const { getMemberBusiness } = await import(path.join(dist, 'lib/tenant.js'))

/** CPU time (user + system) of a process, in clock ticks (1/100 s on Linux). */
function ticks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0 // it exited meanwhile
  }
}

function postgresTicks() {
  let total = 0
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += ticks(pid)
    } catch {
      // it exited meanwhile
    }
  }
  return total
}

async function measure(name, read) {
  for (let i = 0; i < 2_000; i++) await read() // warm up: prepare, compile
  const cpu = process.cpuUsage()
  const postgres = postgresTicks()
  const start = performance.now()
  let left = reads
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await read()
    }),
  )
  const seconds = (performance.now() - start) / 1000
  const used = process.cpuUsage(cpu)
  return {
    reads: name,
    'this process µs': Math.round((used.user + used.system) / reads),
    'PostgreSQL µs': Math.round(((postgresTicks() - postgres) * 10_000) / reads),
    'reads/s': Math.round(reads / seconds),
  }
}

// An owner with a business, made through the API; the server stops before the reads.
const server = await startServer({ databaseUrl })
const session = await signUpOwner(server.url)
await server.stop()
const userId = session.user.id

const database = await openDatabase({ dataDir: '', databaseUrl })
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
// A handle without a pipelined twin: its prepared reads run on the pool.
const pooled = drizzle(pool, { schema })
try {
  printLoadAverage()
  console.table([
    await measure('pooled (10 connections)', () =>
      getMemberBusiness({ db: pooled, userId, businessId: null }),
    ),
    await measure('pipelined (as the server)', () =>
      getMemberBusiness({ db: database.db, userId, businessId: null }),
    ),
  ])
} finally {
  await pool.end()
  await database.close()
}

// Backup and restore of a realistic account on PGlite (issue 37 item 1, docs/decisions/044-backup-and-restore.md):
// the account of bench/seed/run.ts (500 keywords with a year of checks, 10,000 backlinks, 52 weekly
// scans, 2,000 reviews...), then `npm run backup` from the running server (its size, its time, the
// longest /healthz answer meanwhile and the server's peak RSS before and after), the same backup
// with no server running, `npm run restore` into a new directory, and the first start on it with
// the seeded owner signing in.
//   npx tsx --conditions=source bench/backup/run.ts              seeds a new account first (minutes)
//   npx tsx --conditions=source bench/backup/run.ts --seeded DIR a DATA_DIR seeded before, copied
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { signIn } from '../../apps/server/src/testing/auth.js'
import { spawnServer } from '../../apps/server/src/testing/server-process.js'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SEED_OWNER = { email: 'seed-owner@example.com', password: 'seed password 1' }
const { values: args } = parseArgs({ options: { seeded: { type: 'string' } } })
const work = mkdtempSync(path.join(os.tmpdir(), 'localseo-backup-bench-'))
const dataDir = path.join(work, 'data')
const file = path.join(work, 'backup.tar.gz')

/** A script as an operator runs it; resolves with its wall time and output, throws if it fails. */
function run(script: string, scriptArgs: string[]) {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', script, ...scriptArgs],
    { cwd: root, env: { ...process.env, INIT_CWD: root } },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise<{ seconds: number; output: string }>((resolve, reject) =>
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000
      if (code === 0) resolve({ seconds, output })
      else reject(new Error(`${script} exited ${code}:\n${output}`))
    }),
  )
}

function bytesUnder(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size
  }
  return total
}

/** The process's peak resident memory so far (Linux), in MiB. */
function peakRssMiB(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Math.round(Number(line?.[1] ?? 0) / 1024)
}

async function startServer(dir: string) {
  const started = performance.now()
  const server = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    WEB_DIST_DIR: work,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SITE_URL: 'http://127.0.0.1',
  })
  if (!(await server.wrote('LocalSEO AI is listening'))) throw new Error(server.output())
  const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output())?.[1] ?? ''
  return { server, url, seconds: (performance.now() - started) / 1000 }
}

/**
 * One GET on a connection of its own, its body as text: a keep-alive socket may be closed by a
 * server whose event loop was busy for longer than its keep-alive timeout.
 */
function getOnce(url: string) {
  return new Promise<string>((resolve, reject) =>
    http
      .get(url, { agent: false }, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve(body))
      })
      .on('error', reject),
  )
}

/** GET /healthz every 50 ms until `done`, returning the longest answer in ms. */
async function longestHealthz(url: string, done: () => boolean): Promise<number> {
  let longest = 0
  while (!done()) {
    const started = performance.now()
    await getOnce(`${url}/healthz`)
    longest = Math.max(longest, performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return longest
}

/**
 * Waits (at most 5 minutes) until the queue is idle: a server started on the seeded account first
 * runs the checks that fell due, which would hold the database and be measured as the backup's.
 */
async function waitForIdleQueue(url: string): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < 300_000) {
    const health = JSON.parse(await getOnce(`${url}/healthz`)) as {
      queue?: { queued: number; active: number }
    }
    if (health.queue?.queued === 0 && health.queue.active === 0) break
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  return (performance.now() - started) / 1000
}

const fmt = (n: number, digits = 1) => n.toFixed(digits)
const mb = (bytes: number) => `${fmt(bytes / 1024 ** 2)} MB`

try {
  if (args.seeded) {
    cpSync(args.seeded, dataDir, {
      recursive: true,
      filter: (source) => !source.endsWith('.sock'),
    })
    console.log(`account: copied from ${args.seeded}`)
  } else {
    const seeded = await run('bench/seed/run.ts', ['--data-dir', dataDir])
    console.log(`account: bench/seed/run.ts in ${fmt(seeded.seconds)} s\n${seeded.output.trim()}`)
  }
  const onDisk = bytesUnder(dataDir)

  const first = await startServer(dataDir)
  const pid = first.server.child.pid ?? 0
  console.log(`queue idle after ${fmt(await waitForIdleQueue(first.url))} s`)
  const rssBefore = peakRssMiB(pid)
  let backupDone = false
  const [backup, longest] = await Promise.all([
    run('apps/server/scripts/backup.ts', [file, '--data-dir', dataDir]).finally(
      () => (backupDone = true),
    ),
    longestHealthz(first.url, () => backupDone),
  ])
  const rssAfter = peakRssMiB(pid)
  const archiveBytes = statSync(file).size
  first.server.child.kill('SIGTERM')
  await first.server.exited

  const offline = await run('apps/server/scripts/backup.ts', [
    path.join(work, 'offline.tar.gz'),
    '--data-dir',
    dataDir,
  ])
  const restoredDir = path.join(work, 'restored')
  const restore = await run('apps/server/scripts/restore.ts', [file, '--data-dir', restoredDir])
  const second = await startServer(restoredDir)
  await signIn({ request: (p, init) => fetch(`${second.url}${p}`, init) }, SEED_OWNER)
  second.server.child.kill('SIGTERM')
  await second.server.exited

  console.log(`
DATA_DIR on disk                          ${mb(onDisk)}
backup file                               ${mb(archiveBytes)}
backup from the running server            ${fmt(backup.seconds)} s (command: ${/in ([\d.]+) s/.exec(backup.output)?.[1]} s after its start-up)
longest GET /healthz during it            ${fmt(longest, 0)} ms
server peak RSS before / after the backup ${rssBefore} / ${rssAfter} MiB
backup with no server running             ${fmt(offline.seconds)} s
restore into a new directory              ${fmt(restore.seconds)} s (command: ${/in ([\d.]+) s/.exec(restore.output)?.[1]} s)
first start on it, then the owner signs in ${fmt(second.seconds)} s to listening`)
} finally {
  rmSync(work, { recursive: true, force: true })
}

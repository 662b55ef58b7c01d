// A full disk (issue 31 item 6, docs/decisions/026-database-outages.md): the real server on the
// embedded database, its DATA_DIR on a small tmpfs of its own. Once the disk fills, a write answers
// 507 "The server's disk is full; nothing was saved" and the log names DATA_DIR; reads still work; a
// start on the full disk says so instead of "Aborted()"; with space freed it starts and nothing
// written before is lost. Needs root to mount the tmpfs (CI runs as root); skipped otherwise.
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest'
import {
  authHeader,
  JSON_HEADERS,
  signIn,
  signUp,
  type RequestTarget,
} from '../src/testing/auth.js'
import { businessInput } from '../src/testing/factories.js'
import { DISK_FULL_MESSAGE } from '../src/lib/server-faults.js'
import { spawnServer, type ServerProcess } from '../src/testing/server-process.js'

const mountPoint = mkdtempSync(path.join(tmpdir(), 'localseo-disk-full-'))
const dataDir = path.join(mountPoint, 'data')
const filler = path.join(mountPoint, 'filler')

function tryMount(): boolean {
  if (process.getuid?.() !== 0) return false
  try {
    // Room for the migrated database (about 45 MB) and its first writes.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint])
    return true
  } catch {
    return false
  }
}
const mounted = tryMount()

/** Writes zeros into `filler` until the disk refuses: 1 MiB at a time, then 4 KiB (bounded by the disk). */
function fillDisk() {
  const fd = openSync(filler, 'w')
  try {
    for (const size of [1024 * 1024, 4096]) {
      const chunk = Buffer.alloc(size)
      for (let i = 0; i < 100_000; i++) {
        try {
          writeSync(fd, chunk)
        } catch {
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
}

async function start(): Promise<{ server: ServerProcess; url: string }> {
  const server = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: mountPoint,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    AUTH_RATE_LIMITS: 'off',
    SIMULATED_DELAYS: 'false',
  })
  await server.wrote('LocalSEO AI is listening')
  const url = /"url":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output())?.[1] ?? ''
  return { server, url }
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM')
  await server.exited
}

const target = (url: string): RequestTarget => ({
  request: (input, init) => fetch(`${url}${input}`, init),
})

describe.skipIf(!mounted)('a full disk under DATA_DIR', () => {
  let server: ServerProcess | undefined

  beforeAll(() => rmSync(filler, { force: true }))
  afterAll(() => {
    server?.child.kill('SIGKILL')
    if (mounted) execFileSync('umount', ['-l', mountPoint])
    rmSync(mountPoint, { recursive: true, force: true })
  })

  test('writes answer 507 and change nothing, reads work, a start says why, and nothing is lost', async () => {
    onTestFailed(() => console.error(server?.output().slice(-3000)))
    const first = await start()
    server = first.server
    expect(first.url).not.toBe('')
    const owner = await signUp(target(first.url), { email: 'full-disk@example.com' })
    const saved = await fetch(`${first.url}/api/business`, {
      method: 'PUT',
      headers: { ...JSON_HEADERS, ...authHeader(owner.accessToken) },
      body: JSON.stringify(businessInput),
    })
    expect(saved.status).toBe(200)

    fillDisk()
    // Writes until one needs a page the disk cannot give (bounded: each takes a new keyword).
    let refused: Response | undefined
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await fetch(`${first.url}/api/planner/saved`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, ...authHeader(owner.accessToken) },
        body: JSON.stringify({ keyword: `full disk keyword ${i}`, locationId: null }),
      })
      if (res.status !== 201) refused = res
    }
    expect(refused?.status).toBe(507)
    expect(await refused?.json()).toEqual({
      error: { code: 'insufficient_storage', message: DISK_FULL_MESSAGE },
    })
    // The log line is written as the answer goes out: wait for it rather than read at once.
    expect(await first.server.wrote(`the disk holding DATA_DIR ${dataDir} is full`)).toBe(true)
    // The owner still reads what is there.
    const business = await fetch(`${first.url}/api/business`, {
      headers: authHeader(owner.accessToken),
    })
    expect(business.status).toBe(200)
    await stop(first.server)

    // A start on the full disk names the cause.
    const blocked = spawnServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: mountPoint,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    })
    server = blocked
    expect(await blocked.exited).toBe(1)
    expect(blocked.output()).toContain(`The disk holding DATA_DIR ${dataDir} is full`)

    // Space freed: it starts, and the owner and their business are there.
    rmSync(filler)
    const again = await start()
    server = again.server
    const session = await signIn(target(again.url), {
      email: 'full-disk@example.com',
      password: 'correct horse battery',
    })
    const read = await fetch(`${again.url}/api/business`, {
      headers: authHeader(session.accessToken),
    })
    expect(read.status).toBe(200)
    expect(((await read.json()) as { business: { name: string } }).business.name).toBe(
      businessInput.name,
    )
    await stop(again.server)
  }, 180_000)
})

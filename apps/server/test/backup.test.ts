// Backup and restore with real processes (issue 37 item 1, docs/decisions/044-backup-and-restore.md):
// `npm run backup` asks a running server on PGlite for its snapshot while owners write, `npm run
// restore` puts it into a fresh directory, and a server started there has every write acknowledged
// before the backup began, every owner's sign-in and the provider key sealed under secrets.key.
// restore refuses a directory a server uses and one that is not empty.
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, inject, test } from 'vitest'
import { BACKUP_SOCKET } from '../src/backup/backup-socket.js'
import { signIn, signUp } from '../src/testing/auth.js'
import { businessInput } from '../src/testing/factories.js'
import { startFakeSerp, type FakeSerp } from '../src/testing/fake-serp.js'
import { PGLITE_TEMPLATE } from '../src/testing/pglite-template.js'
import { backupProcesses, savedKeywords, send, type Server } from './backup-processes.js'

const SERP_KEY = 'serpapi-key-of-owner-0'
const OWNERS = 4
/** Below the planner's 200 saved keywords per business; the last few wait for the backup's end. */
const WRITES_PER_OWNER = 180
const KEPT_FOR_AFTER = 10
/** Between one owner's writes: about 6 a second each, so a slow backup does not use them all up. */
const PACE_MS = 150

const work = mkdtempSync(path.join(tmpdir(), 'localseo-backup-'))
let serp: FakeSerp
const { startServer, stop, runScript, killAll } = backupProcesses(work, () => ({
  SERP_BASE_URL: serp.origin,
}))

afterAll(async () => {
  killAll()
  await serp?.close()
  rmSync(work, { recursive: true, force: true })
})

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Write {
  owner: number
  keyword: string
  startedAt: number
  /** When the 201 arrived; undefined for a write never acknowledged. */
  ackedAt?: number
}

/**
 * Saves planner keywords for one owner until the load stops, recording each request and its 201;
 * the last few wait until the backup has ended.
 */
async function writer(
  server: Server,
  owner: number,
  token: string,
  writes: Write[],
  load: { stopped: boolean; backupEnded: boolean },
) {
  for (let n = 0; !load.stopped && n < WRITES_PER_OWNER; n++) {
    if (n >= WRITES_PER_OWNER - KEPT_FOR_AFTER && !load.backupEnded) {
      await pause(PACE_MS)
      n--
      continue
    }
    const write: Write = { owner, keyword: `owner ${owner} write ${n}`, startedAt: Date.now() }
    writes.push(write)
    const response = await send(server, token, 'POST', '/api/planner/saved', {
      keyword: write.keyword,
    }).catch(() => undefined)
    if (response?.status === 201) write.ackedAt = Date.now()
    await response?.body?.cancel()
    await pause(PACE_MS)
  }
}

test('a backup taken under write load restores into a fresh directory with every acknowledged write, every owner and the sealed provider key', async () => {
  serp = await startFakeSerp({ key: SERP_KEY })
  const dataDir = path.join(work, 'data')
  cpSync(path.join(inject('pgliteRunDir'), PGLITE_TEMPLATE), path.join(dataDir, 'pgdata'), {
    recursive: true,
  })
  const first = await startServer(dataDir)
  expect(statSync(path.join(dataDir, BACKUP_SOCKET)).mode & 0o777).toBe(0o600)

  const owners = await Promise.all(
    Array.from({ length: OWNERS }, async (_, i) => {
      const email = `backup-owner-${i}@example.com`
      const session = await signUp(first, { email, password: 'correct horse battery' })
      expect(
        (await send(first, session.accessToken, 'PUT', '/api/business', businessInput)).ok,
      ).toBe(true)
      return { email, token: session.accessToken }
    }),
  )
  const saved = await send(first, owners[0]!.token, 'PUT', '/api/rank-provider', {
    provider: 'serpapi',
    key: SERP_KEY,
  })
  expect(saved.status).toBe(200)

  const writes: Write[] = []
  const load = { stopped: false, backupEnded: false }
  const writers = owners.map((owner, i) => writer(first, i, owner.token, writes, load))
  await pause(1_500)
  const backupStartedAt = Date.now()
  const file = path.join(work, 'backup.tar.gz')
  const before = readdirSync(dataDir).sort()
  const [backup, locked] = await Promise.all([
    runScript('backup', ['backup.tar.gz', '--data-dir', dataDir]).finally(
      () => (load.backupEnded = true),
    ),
    // While the server runs, its directory is refused, and nothing is written there.
    runScript('restore', [file, '--data-dir', dataDir]),
  ])
  const backupEndedAt = Date.now()
  expect(backup.output).toContain('taken by the running server')
  expect(backup.code).toBe(0)
  expect(locked.code).not.toBe(0)
  expect(locked.output).toContain('locked by another LocalSEO AI server')
  expect(readdirSync(dataDir).sort()).toEqual(before)
  await pause(1_000)
  load.stopped = true
  await Promise.all(writers)
  await stop(first)

  // Stopped, the directory still holds a database: refused as not empty.
  const restoredDir = path.join(work, 'restored')
  const [notEmpty, restore] = await Promise.all([
    runScript('restore', ['backup.tar.gz', '--data-dir', dataDir]),
    runScript('restore', [file, '--data-dir', 'restored']),
  ])
  expect(notEmpty.code).not.toBe(0)
  expect(notEmpty.output).toContain('is not empty')
  expect(restore.output).toContain(`into ${restoredDir}`)
  expect(restore.code).toBe(0)
  expect(readdirSync(restoredDir).sort()).toEqual([
    'dev-mail.key',
    'jwt-keys.json',
    'pgdata',
    'secrets.key',
  ])

  const second = await startServer(restoredDir)
  const acknowledgedBefore = writes.filter((w) => w.ackedAt && w.ackedAt < backupStartedAt)
  const startedAfter = writes.filter((w) => w.startedAt > backupEndedAt)
  // The load was real on both sides of the backup.
  expect(acknowledgedBefore.length).toBeGreaterThan(OWNERS * 2)
  expect(startedAfter.length).toBeGreaterThan(0)
  for (const [i, owner] of owners.entries()) {
    const session = await signIn(second, { email: owner.email, password: 'correct horse battery' })
    const restored = await savedKeywords(second, session.accessToken)
    const mine = (w: Write) => w.owner === i
    expect(acknowledgedBefore.filter(mine).filter((w) => !restored.has(w.keyword))).toEqual([])
    // A snapshot, not a later copy: nothing asked for after the backup ended is in it.
    expect(startedAfter.filter(mine).filter((w) => restored.has(w.keyword))).toEqual([])
  }

  // The provider key was sealed under DATA_DIR's secrets.key: it opens, and the fake sees it. The
  // session from before the backup still holds: jwt-keys.json travelled too.
  const tested = await send(second, owners[0]!.token, 'POST', '/api/rank-provider/test')
  expect(await tested.json()).toMatchObject({ status: 'connected' })
  expect(serp.requests.at(-1)?.key).toBe(SERP_KEY)
  await stop(second)
}, 120_000)

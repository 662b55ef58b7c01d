// The real server process: the DATA_DIR lock between processes, recovery after kill -9, and a
// graceful shutdown that closes the embedded database (docs/house-rules.md "Embedded database safety").
import type { ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { LOCK_FILE } from '../src/db/lock.js'
import { DEV_MAIL_KEY_FILE } from '../src/mail/dev-mail-key.js'
import { PGLITE_TEMPLATE } from '../src/testing/pglite-template.js'
import { spawnServer, type ServerProcess } from '../src/testing/server-process.js'

let dataDir: string
const dataDirs: string[] = []
const children: ChildProcess[] = []

/** A new DATA_DIR; `migrated` puts the run's migrated template in it, as a server started before left it. */
function newDataDir(migrated: boolean): string {
  dataDir = mkdtempSync(path.join(tmpdir(), 'localseo-boot-'))
  dataDirs.push(dataDir)
  if (migrated)
    cpSync(path.join(inject('pgliteRunDir'), PGLITE_TEMPLATE), path.join(dataDir, 'pgdata'), {
      recursive: true,
    })
  return dataDir
}

function start(): ServerProcess {
  const started = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: dataDir,
  })
  children.push(started.child)
  return started
}

const listening = (s: ServerProcess) => s.wrote('LocalSEO AI is listening')

afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

describe('server process', () => {
  test('a second server on the same DATA_DIR exits non-zero within 5 s naming the lock; kill -9 leaves no blocking lock; SIGTERM closes cleanly', async () => {
    // A database made before: this test is about the lock, not the first start's migration.
    newDataDir(true)
    const first = start()
    expect(await listening(first)).toBe(true)

    const second = start()
    const startedAt = Date.now()
    const code = await Promise.race([
      second.exited,
      new Promise((r) => setTimeout(() => r('timeout'), 5000)),
    ])
    expect(code).not.toBe('timeout')
    expect(code).not.toBe(0)
    expect(Date.now() - startedAt).toBeLessThan(5000)
    expect(second.output()).toContain(LOCK_FILE)

    first.child.kill('SIGKILL')
    await first.exited
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true)

    const third = start()
    expect(await listening(third)).toBe(true)
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
    expect(third.output()).toContain('database closed')
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false)
  }, 90_000)

  test('a first start creates the database and prints the outbox address with its key, kept in DATA_DIR/dev-mail.key (0600)', async () => {
    newDataDir(false)
    const server = start()
    expect(await server.wrote('/dev/mail?key=')).toBe(true)
    const logged = /"outbox":"(http:\/\/127\.0\.0\.1:\d+\/dev\/mail\?key=([\w-]+))"/.exec(
      server.output(),
    )
    const file = path.join(dataDir, DEV_MAIL_KEY_FILE)
    expect(logged?.[2]).toBe(readFileSync(file, 'utf8').trim())
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    const outbox = new URL(logged?.[1] ?? '')
    expect((await fetch(outbox)).status).toBe(200)
    expect((await fetch(new URL('/dev/mail.json', outbox))).status).toBe(404)
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true)
    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }, 60_000)
})

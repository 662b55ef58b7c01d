import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './lock.js'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'localseo-lock-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('acquireDataDirLock', () => {
  test('a second lock on the same directory is refused while the first is held', () => {
    const lock = acquireDataDirLock(dir)
    // Pretend another live process owns it: our parent process is alive and is not us.
    writeFileSync(
      lock.path,
      JSON.stringify({ pid: process.ppid, host: hostname(), startedAt: 'x' }),
    )
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError)
    expect(() => acquireDataDirLock(dir)).toThrow(LOCK_FILE)
  })

  test('a lock left by a process that no longer exists is taken over', () => {
    // PIDs are below 2^22 on Linux, so this one cannot be running.
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), startedAt: 'x' }),
    )
    const lock = acquireDataDirLock(dir)
    expect(existsSync(lock.path)).toBe(true)
    lock.release()
  })

  test('a half-written lock file does not block the next start', () => {
    writeFileSync(path.join(dir, LOCK_FILE), '{"pid":')
    expect(() => acquireDataDirLock(dir).release()).not.toThrow()
  })

  test('releasing removes the lock so the directory can be opened again', () => {
    const lock = acquireDataDirLock(dir)
    lock.release()
    expect(existsSync(lock.path)).toBe(false)
    acquireDataDirLock(dir).release()
  })
})

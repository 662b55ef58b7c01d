// The outbox key in DATA_DIR (issue 14 item 5): made once, private to its owner, reused after.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import {
  DEV_MAIL_KEY_FILE,
  devMailKeyMatches,
  generateDevMailKey,
  loadDevMailKey,
} from './dev-mail-key.js'

let dir: string

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'localseo-devmail-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('the outbox key', () => {
  test('is 32 random bytes in base64url, different every time', () => {
    const keys = new Set(Array.from({ length: 20 }, generateDevMailKey))
    expect(keys.size).toBe(20)
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(Buffer.from(key, 'base64url')).toHaveLength(32)
    }
  })

  test('is written on first start with mode 0600 and reused by the next start', async () => {
    const dataDir = path.join(dir, 'nested', 'data')
    const first = await loadDevMailKey(dataDir)
    const file = path.join(dataDir, DEV_MAIL_KEY_FILE)
    expect((await readFile(file, 'utf8')).trim()).toBe(first)
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await loadDevMailKey(dataDir)).toBe(first)
  })

  test('several starts at once end with the same key', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => loadDevMailKey(dir)))
    expect(new Set(keys).size).toBe(1)
  })

  test('a key file written by hand is used, and its mode tightened', async () => {
    const own = generateDevMailKey()
    const file = path.join(dir, DEV_MAIL_KEY_FILE)
    await writeFile(file, `${own}\n`, { mode: 0o644 })
    expect(await loadDevMailKey(dir)).toBe(own)
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  test('a damaged key file stops the start with a message naming it', async () => {
    await writeFile(path.join(dir, DEV_MAIL_KEY_FILE), 'short')
    await expect(loadDevMailKey(dir)).rejects.toThrow(/dev-mail\.key .*delete it/)
  })

  test('matching: only the exact key, never an empty or missing one', () => {
    const key = generateDevMailKey()
    expect(devMailKeyMatches(key, key)).toBe(true)
    expect(devMailKeyMatches(key, `${key} `)).toBe(false)
    expect(devMailKeyMatches(key, key.slice(0, -1))).toBe(false)
    expect(devMailKeyMatches(key, undefined)).toBe(false)
    expect(devMailKeyMatches(key, '')).toBe(false)
    expect(devMailKeyMatches(undefined, '')).toBe(false)
    expect(devMailKeyMatches(undefined, undefined)).toBe(false)
    expect(devMailKeyMatches('', '')).toBe(false)
  })
})

// Key files in DATA_DIR appear whole or not at all, even when several starts race (lib/key-file.ts).
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { readOrCreateKeyFile } from './key-file.js'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'localseo-keyfile-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

test('many starts at once all read the one whole file, and no temporary file is left', async () => {
  const file = path.join(dir, 'nested', 'the.key')
  let made = 0
  // Every caller is past its first read before any file exists; they then finish making their
  // content a millisecond apart, each while the one before may still be writing. The content is
  // large enough (2 MiB) to be written in several pieces, so a half-written file would be seen.
  const make = async (): Promise<string> => {
    made += 1
    const text = `key-${made}-${'x'.repeat(2 << 20)}\n`
    await new Promise((resolve) => setTimeout(resolve, 5 + made))
    return text
  }
  const texts = await Promise.all(Array.from({ length: 16 }, () => readOrCreateKeyFile(file, make)))
  expect(made).toBeGreaterThan(1)
  expect(new Set(texts).size).toBe(1)
  expect(texts[0]).toMatch(/^key-\d+-x{2097152}\n$/)
  expect(await readdir(path.dirname(file))).toEqual(['the.key'])
  if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
})

test('an existing file is read as it is, never replaced, and its mode tightened', async () => {
  const file = path.join(dir, 'the.key')
  await writeFile(file, 'mine\n', { mode: 0o644 })
  expect(await readOrCreateKeyFile(file, () => 'other\n')).toBe('mine\n')
  if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600)
})

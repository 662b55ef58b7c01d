// The real server process: the DATA_DIR lock between processes, recovery after kill -9, and a
// graceful shutdown that closes the embedded database (ARCHITECTURE "Embedded database safety").
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { LOCK_FILE } from '../src/db/lock.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
let dataDir: string
const children: ChildProcess[] = []

interface Started {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function start(): Started {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'src/index.ts'],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output: () => output, exited }
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return check()
}

const listening = (s: Started) =>
  waitFor(() => s.output().includes('LocalSEO AI is listening'), 30_000)

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'localseo-boot-'))
})
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

describe('server process', () => {
  test('a second server on the same DATA_DIR exits non-zero within 5 s naming the lock; kill -9 leaves no blocking lock; SIGTERM closes cleanly', async () => {
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
})

// The DATA_DIR lock (docs/decisions/013-data-dir-lock.md, issue 14 item 4): the operating system
// releases it when its process dies, so a restart always starts, and a live server is always refused.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './lock.js'

const serverDir = fileURLToPath(new URL('../..', import.meta.url))
const childScript = 'src/testing/lock-child.ts'
let dir: string
const children: ChildProcess[] = []

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'localseo-lock-'))
})
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
  // A holder that ran as PID 1 of its own namespace outlives unshare: end it by its command line.
  try {
    execFileSync('pkill', ['-9', '-f', `lock-child.ts ${dir} `], { stdio: 'ignore' })
  } catch {
    // none left
  }
  rmSync(dir, { recursive: true, force: true })
})

/** Runs `command args…` and resolves once it printed 'locked' (the lock is held). */
function holdLock(command: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: serverDir, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('locked')) resolve(child)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`lock holder exited ${code}: ${output}`)))
  })
}

const nodeArgs = (...args: string[]) => [
  '--import',
  'tsx',
  '--conditions=source',
  childScript,
  ...args,
]

describe('acquireDataDirLock', () => {
  test('a second lock in the same process is refused, naming the lock', async () => {
    const lock = await acquireDataDirLock(dir)
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError)
    await expect(acquireDataDirLock(dir)).rejects.toThrow(path.join(dir, LOCK_FILE))
    lock.release()
  })

  test('another live process is refused 20 of 20 times, each within 5 s', async () => {
    await holdLock(process.execPath, nodeArgs(dir, 'hold'))
    const output = execFileSync(process.execPath, nodeArgs(dir, 'try', '20'), {
      cwd: serverDir,
      encoding: 'utf8',
    })
    const outcomes = JSON.parse(output) as { refused: number; slowestMs: number; message: string }
    expect(outcomes).toMatchObject({ refused: 20, acquired: 0 })
    expect(outcomes.slowestMs).toBeLessThan(5_000)
    expect(outcomes.message).toContain(LOCK_FILE)
    expect(outcomes.message).toMatch(/pid \d+/)
  }, 60_000)

  test('right after kill -9 of the holder, the lock is taken at once', async () => {
    const holder = await holdLock(process.execPath, nodeArgs(dir, 'hold'))
    holder.kill('SIGKILL')
    // No wait for the exit: the kernel has closed the socket once the signal is delivered.
    const started = Date.now()
    let lock
    while (!lock) {
      lock = await acquireDataDirLock(dir).catch((error: unknown) => {
        if (Date.now() - started > 2_000) throw error
        return undefined
      })
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true)
    lock.release()
  }, 30_000)

  test('a lock file from an older version or another host does not block the start', async () => {
    // The old pid/host file, naming our own pid on another host (a re-created container).
    writeFileSync(
      path.join(dir, 'localseo.lock'),
      JSON.stringify({ pid: process.pid, host: 'another-host', startedAt: 'x' }),
    )
    // Whatever sits at the socket's path with nobody listening: copied with the volume.
    writeFileSync(path.join(dir, LOCK_FILE), 'copied from another machine')
    const lock = await acquireDataDirLock(dir)
    expect(existsSync(path.join(dir, 'localseo.lock'))).toBe(false)
    lock.release()
  })

  test('release removes the socket and the directory can be locked again', async () => {
    const lock = await acquireDataDirLock(dir)
    lock.release()
    // Closing a Unix socket server unlinks its file at once (libuv's close), so no wait.
    expect(existsSync(lock.path)).toBe(false)
    ;(await acquireDataDirLock(dir)).release()
  })

  const canUnshare = (() => {
    try {
      execFileSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()

  test.skipIf(!canUnshare)(
    'as PID 1 in a fresh PID namespace, a restart after kill -9 starts (a container restart)',
    async () => {
      const asPid1 = (...args: string[]) =>
        holdLock('unshare', [
          '--pid',
          '--fork',
          '--mount-proc',
          process.execPath,
          ...nodeArgs(...args),
        ])
      const pattern = `lock-child.ts ${dir} hold`
      const holders = () => {
        try {
          return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' })
            .split(/\s+/)
            .filter(Boolean)
        } catch {
          return []
        }
      }
      await asPid1(dir, 'hold')
      // kill -9 of the namespace's PID 1 (and of unshare), as a container runtime stops it.
      for (const pid of holders()) process.kill(Number(pid), 'SIGKILL')
      for (let i = 0; i < 100 && holders().length > 0; i++)
        await new Promise((r) => setTimeout(r, 20))
      expect(holders()).toEqual([])
      const second = await asPid1(dir, 'hold')
      expect(second.exitCode).toBeNull()
    },
    60_000,
  )
})

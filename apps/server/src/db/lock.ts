// Single-writer lock on DATA_DIR. PGlite itself has none (reference/security-tests.md §0.3), so a
// second server on the same directory must refuse to start. The lock file names its owner's pid; a
// lock whose process is gone (kill -9) is stale and is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'

export const LOCK_FILE = 'localseo.lock'

export interface DataDirLock {
  path: string
  release(): void
}

interface LockOwner {
  pid: number
  host: string
  startedAt: string
}

export class DataDirLockedError extends Error {
  constructor(lockPath: string, owner: LockOwner) {
    super(
      `The data directory is locked by another LocalSEO AI server (pid ${owner.pid}, started ${owner.startedAt}). ` +
        `Lock file: ${lockPath}. Stop that server, or set DATA_DIR to another directory.`,
    )
    this.name = 'DataDirLockedError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockOwner>
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '?') }
    }
  } catch {
    // Missing or half-written: treated as stale below.
  }
  return undefined
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE)
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600)
      writeSync(fd, JSON.stringify(me))
      closeSync(fd)
      let released = false
      return {
        path: lockPath,
        release() {
          if (released) return
          released = true
          if (readOwner(lockPath)?.pid === process.pid) rmSync(lockPath, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(lockPath)
      const stale =
        owner === undefined ||
        (owner.host === me.host && owner.pid !== process.pid && !isAlive(owner.pid))
      if (!stale) throw new DataDirLockedError(lockPath, owner)
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not take the data directory lock ${lockPath}`)
}

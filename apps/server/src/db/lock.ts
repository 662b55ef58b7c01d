// Single-writer lock on DATA_DIR (docs/decisions/013-data-dir-lock.md). PGlite has no lock between
// processes, so a second server on the same directory must refuse to start. The lock is a Unix
// socket the server listens on inside DATA_DIR: the kernel closes it when the process dies, however
// it dies, so nothing is guessed from pids or host names. A socket file nobody listens on is stale
// (its server was killed) and is taken over; one that answers belongs to a live server.
import { randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export const LOCK_FILE = 'localseo.lock.sock'
/** The file earlier versions wrote (a pid and a host name): meaningless now, removed when found. */
const LEGACY_LOCK_FILE = 'localseo.lock'
/** How long the owner may take to answer who it is; a live server answers in milliseconds. */
const PROBE_TIMEOUT_MS = 2_000
/** sockaddr_un holds 108 bytes on Linux, including the final NUL. */
const MAX_SOCKET_PATH_BYTES = 107

export interface DataDirLock {
  path: string
  release(): void
}

interface Owner {
  pid: number
  startedAt: string
  id: string
}

export class DataDirLockedError extends Error {
  constructor(lockPath: string, owner?: Owner) {
    const who = owner ? ` (pid ${owner.pid}, started ${owner.startedAt})` : ''
    super(
      `The data directory is locked by another LocalSEO AI server${who}. Lock: ${lockPath}. ` +
        'Stop that server, or set DATA_DIR to another directory.',
    )
    this.name = 'DataDirLockedError'
  }
}

/**
 * Who listens on the socket: the owner's line, or undefined when nobody does (no file, or a file
 * left by a dead process: ECONNREFUSED). A socket that accepts but does not answer is still live.
 */
function probe(socketPath: string): Promise<Owner | 'silent' | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath)
    let text = ''
    const done = (result: Owner | 'silent' | undefined) => {
      socket.destroy()
      resolve(result)
    }
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done('silent'))
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      if (!text.includes('\n')) return
      try {
        done(JSON.parse(text.slice(0, text.indexOf('\n'))) as Owner)
      } catch {
        done('silent')
      }
    })
    socket.on('error', () => done(undefined))
    socket.on('end', () => done(text ? 'silent' : undefined))
  })
}

function listen(socketPath: string, me: Owner): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((connection) => {
      connection.unref()
      connection.end(`${JSON.stringify(me)}\n`)
      connection.on('error', () => connection.destroy())
    })
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      server.unref()
      resolve(server)
    })
  })
}

/**
 * A socket's path in DATA_DIR (the lock's, or the backup socket's: backup/backup-socket.ts),
 * relative to the working directory when the absolute one is too long.
 */
export function socketPathFor(dataDir: string, file = LOCK_FILE): string {
  const absolute = path.join(path.resolve(dataDir), file)
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH_BYTES) return absolute
  const relative = path.relative(process.cwd(), absolute)
  if (Buffer.byteLength(relative) <= MAX_SOCKET_PATH_BYTES) return relative
  throw new Error(
    `DATA_DIR is too long for its sockets (${absolute}); use a path under 90 characters.`,
  )
}

/** Listens on the socket, taking over a stale one; throws DataDirLockedError if a server owns it. */
async function takeSocket(socketPath: string, me: Owner): Promise<net.Server> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await listen(socketPath, me)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    }
    const owner = await probe(socketPath)
    if (owner !== undefined) {
      throw new DataDirLockedError(socketPath, owner === 'silent' ? undefined : owner)
    }
    // Nobody listens: the server that made it is gone (or it was copied from another machine).
    rmSync(socketPath, { force: true })
  }
  throw new DataDirLockedError(socketPath)
}

/**
 * The error a server would meet taking DATA_DIR's lock when a live server answers on its socket;
 * undefined when none does. Only asks, takes nothing: index.ts asks before loading the app, so a
 * second server says so at once rather than after its start-up (acquireDataDirLock still decides).
 */
export async function lockedBy(dataDir: string): Promise<DataDirLockedError | undefined> {
  const socketPath = socketPathFor(dataDir)
  const owner = await probe(socketPath)
  if (owner === undefined) return undefined
  return new DataDirLockedError(socketPath, owner === 'silent' ? undefined : owner)
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  rmSync(path.join(dataDir, LEGACY_LOCK_FILE), { force: true })
  const socketPath = socketPathFor(dataDir)
  const me: Owner = { pid: process.pid, startedAt: new Date().toISOString(), id: randomUUID() }
  const server = await takeSocket(socketPath, me)
  // Two servers that both found the same stale socket could both have listened, the later one on
  // a new file. Whoever the path answers as now owns the directory; the other gives way.
  const answer = await probe(socketPath)
  if (answer === undefined || answer === 'silent' || answer.id !== me.id) {
    server.close()
    throw new DataDirLockedError(socketPath, typeof answer === 'object' ? answer : undefined)
  }
  let released = false
  return {
    path: socketPath,
    release() {
      if (released) return
      released = true
      server.close()
      // close() unlinks the socket file Node created; a file that is no longer ours stays.
    },
  }
}

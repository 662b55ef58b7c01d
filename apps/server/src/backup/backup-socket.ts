// How `npm run backup` asks a running server for its backup (docs/decisions/044-backup-and-restore.md):
// PGlite lets only the process holding DATA_DIR open the database (ADR 013), so that process takes
// the dump. It listens on a Unix socket in DATA_DIR, mode 0600: only the user the server runs as
// (who can read DATA_DIR anyway) can connect, and nothing on the network can. The request is the
// line `backup`; the answer is the line `ok` and the archive, or `error <message>`.
import { chmodSync, rmSync } from 'node:fs'
import net from 'node:net'
import type { PGlite } from '@electric-sql/pglite'
import { socketPathFor } from '../db/lock.js'
import { pgliteBackup } from './snapshot.js'

export const BACKUP_SOCKET = 'localseo.backup.sock'
const REQUEST = 'backup\n'

export interface BackupSocket {
  close(): void
}

/** Answers one connection: reads the request line, then sends the archive or the error. */
function answer(connection: net.Socket, take: () => Promise<Buffer>) {
  let text = ''
  connection.on('error', () => connection.destroy())
  connection.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
    if (!text.includes('\n')) return
    connection.removeAllListeners('data')
    if (text !== REQUEST) return void connection.end('error unknown request\n')
    take().then(
      (archive) => {
        connection.write('ok\n')
        connection.end(archive)
      },
      (error: unknown) =>
        connection.end(`error ${error instanceof Error ? error.message : String(error)}\n`),
    )
  })
}

/**
 * Serves backups of `client` from DATA_DIR's backup socket while the server holds the lock (the lock
 * is what makes a leftover socket file stale, so it is replaced). One backup at a time: a second
 * request waits for the first's archive.
 */
export async function serveBackups(
  dataDir: string,
  client: PGlite,
  notes: string[],
): Promise<BackupSocket> {
  const socketPath = socketPathFor(dataDir, BACKUP_SOCKET)
  rmSync(socketPath, { force: true })
  let running: Promise<Buffer> | undefined
  const take = () =>
    (running ??= pgliteBackup(client, dataDir, { takenBy: 'running server', notes }).finally(
      () => (running = undefined),
    ))
  const server = net.createServer((connection) => answer(connection, take))
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.once('listening', resolve)
  })
  // Created 0600: listen() binds before it returns, under the umask set only around that call.
  const umask = process.umask(0o177)
  try {
    server.listen(socketPath)
  } finally {
    process.umask(umask)
  }
  await listening
  chmodSync(socketPath, 0o600)
  server.unref()
  return { close: () => void server.close() }
}

/**
 * The archive from the server running on DATA_DIR; undefined when no server answers on the backup
 * socket (a release before backups, or none running).
 */
export function requestBackup(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPathFor(dataDir, BACKUP_SOCKET))
    const chunks: Buffer[] = []
    let connected = false
    socket.on('connect', () => {
      connected = true
      socket.write(REQUEST)
    })
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error) => (connected ? reject(error) : resolve(undefined)))
    socket.on('end', () => {
      const answer = Buffer.concat(chunks)
      const newline = answer.indexOf('\n')
      const status = answer.toString('utf8', 0, newline)
      if (status === 'ok') resolve(answer.subarray(newline + 1))
      else reject(new Error(status.startsWith('error ') ? status.slice(6) : 'no answer'))
    })
  })
}

// What a backup holds (docs/decisions/044-backup-and-restore.md): the database and the key files
// DATA_DIR keeps beside it. Without secrets.key the provider keys and Google tokens stored sealed
// cannot be opened, and without jwt-keys.json every session and every sign-in link signed before
// is refused; dev-mail.key opens the local outbox.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { JWT_KEYS_FILE } from '../auth/keys.js'
import { SECRETS_KEY_FILE } from '../lib/secrets.js'
import { DEV_MAIL_KEY_FILE } from '../mail/dev-mail-key.js'
import { APP_VERSION } from '../version.js'
import {
  manifestFor,
  packBackup,
  PGDATA_DIR,
  type BackupFile,
  type BackupManifest,
} from './archive.js'

export const KEY_FILES = [SECRETS_KEY_FILE, JWT_KEYS_FILE, DEV_MAIL_KEY_FILE] as const

/** The key files DATA_DIR holds (a file never created, e.g. with JWT_SECRET set, is left out). */
export async function keyFiles(dataDir: string): Promise<BackupFile[]> {
  const found: BackupFile[] = []
  for (const name of KEY_FILES) {
    try {
      found.push({ name, data: await readFile(path.join(dataDir, name)) })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  return found
}

/** What a backup cannot carry: keys given in the environment instead of DATA_DIR's files. */
export function notesFor(env: { SECRETS_KEY?: string; JWT_SECRET?: string }): string[] {
  const notes: string[] = []
  if (env.SECRETS_KEY !== undefined) {
    notes.push('SECRETS_KEY is set in the environment: keep it with this backup.')
  }
  if (env.JWT_SECRET !== undefined) {
    notes.push('JWT_SECRET is set in the environment: keep it with this backup.')
  }
  return notes
}

/** What a copy of a data directory leaves out, as pg_basebackup does: the running server's own. */
const NOT_COPIED = new Set([`${PGDATA_DIR}/postmaster.pid`, `${PGDATA_DIR}/postmaster.opts`])

/** Every directory and file under `dir`, named `${prefix}/...`, read without blocking the loop. */
async function readTree(dir: string, prefix: string): Promise<BackupFile[]> {
  const found: BackupFile[] = [{ name: `${prefix}/`, data: Buffer.alloc(0) }]
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const name = `${prefix}/${entry.name}`
    if (NOT_COPIED.has(name)) continue
    if (entry.isDirectory()) found.push(...(await readTree(full, name)))
    else if (entry.isFile()) found.push({ name, data: await readFile(full) })
  }
  return found
}

/**
 * The archive of an open embedded database and DATA_DIR's keys. Its data directory is read while
 * PGlite's query lock is held (the lock its own dumpDataDir takes), and PGlite runs one statement
 * at a time with no process beside it, so the copy is the directory between two statements: what a
 * crash there would leave, which PostgreSQL's recovery opens with every committed transaction. The
 * files are read asynchronously, so the server answers what needs no database meanwhile, and only
 * once: dumpDataDir held about four copies of the directory and blocked the event loop (ADR 044).
 * The checkpoint first keeps the recovery short.
 */
export async function pgliteBackup(
  client: PGlite,
  dataDir: string,
  about: Pick<BackupManifest, 'takenBy' | 'notes'>,
): Promise<Buffer> {
  await client.exec('CHECKPOINT')
  const pgdata = path.join(dataDir, PGDATA_DIR)
  const [createdAt, database] = await client._runExclusiveQuery(
    async () => [new Date().toISOString(), await readTree(pgdata, PGDATA_DIR)] as const,
  )
  const files = [...database, ...(await keyFiles(dataDir))]
  const manifest = manifestFor(files, {
    version: APP_VERSION,
    createdAt,
    database: 'pglite',
    ...about,
  })
  return packBackup(manifest, files)
}

// What a backup holds (docs/decisions/044-backup-and-restore.md): the database and the key files
// DATA_DIR keeps beside it. Without secrets.key the provider keys and Google tokens stored sealed
// cannot be opened, and without jwt-keys.json every session and every sign-in link signed before
// is refused; dev-mail.key opens the local outbox.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { JWT_KEYS_FILE } from '../auth/keys.js'
import { SECRETS_KEY_FILE } from '../lib/secrets.js'
import { DEV_MAIL_KEY_FILE } from '../mail/dev-mail-key.js'
import { APP_VERSION } from '../version.js'
import {
  manifestFor,
  packBackup,
  PGLITE_DUMP_FILE,
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

/**
 * The archive of an open embedded database and DATA_DIR's keys. PGlite dumps its data directory
 * holding its query lock, and it runs one statement at a time, so the dump is the directory between
 * two statements: what a crash there would leave, which PostgreSQL's recovery opens with every
 * committed transaction. The checkpoint first keeps that recovery short.
 */
export async function pgliteBackup(
  client: PGlite,
  dataDir: string,
  about: Pick<BackupManifest, 'takenBy' | 'notes'>,
): Promise<Buffer> {
  await client.exec('CHECKPOINT')
  const createdAt = new Date().toISOString()
  // Uncompressed inside the lock: gzip runs after, while the database serves again.
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())
  const files = [{ name: PGLITE_DUMP_FILE, data: dump }, ...(await keyFiles(dataDir))]
  const manifest = manifestFor(files, {
    version: APP_VERSION,
    createdAt,
    database: 'pglite',
    ...about,
  })
  return packBackup(manifest, files)
}

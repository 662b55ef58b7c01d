// `npm run backup` (docs/decisions/044-backup-and-restore.md). PGlite: the server holding DATA_DIR
// takes the dump when one runs (backup-socket.ts); with none running, this process takes DATA_DIR's
// lock, so none starts meanwhile, and dumps. PostgreSQL: pg_dump's custom format, with DATA_DIR's
// key files, when pg_dump is on PATH.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { acquireDataDirLock, lockedBy } from '../db/lock.js'
import { pgliteOptions } from '../db/pglite-options.js'
import type { Env } from '../env.js'
import { APP_VERSION } from '../version.js'
import { manifestFor, packBackup, POSTGRES_DUMP_FILE, unpackBackup } from './archive.js'
import { requestBackup } from './backup-socket.js'
import { keyFiles, notesFor, pgliteBackup } from './snapshot.js'

/** A reason the backup cannot be taken that the operator can act on. */
export class BackupRefused extends Error {
  override name = 'BackupRefused'
}

type BackupEnv = Pick<Env, 'DATABASE_URL' | 'SECRETS_KEY' | 'JWT_SECRET'>

/** With no server running: DATA_DIR's lock, the database opened here, its dump. */
async function pgliteDirect(dataDir: string, env: BackupEnv): Promise<Buffer> {
  const pgdata = path.join(dataDir, 'pgdata')
  if (!existsSync(pgdata)) throw new BackupRefused(`${dataDir} holds no database (no pgdata).`)
  const lock = await acquireDataDirLock(dataDir)
  try {
    const client = await PGlite.create(pgdata, pgliteOptions)
    try {
      return await pgliteBackup(client, dataDir, {
        takenBy: 'backup command',
        notes: notesFor(env),
      })
    } finally {
      await client.close()
    }
  } finally {
    lock.release()
  }
}

async function pgliteArchive(dataDir: string, env: BackupEnv): Promise<Buffer> {
  if (!(await lockedBy(dataDir))) return pgliteDirect(dataDir, env)
  const archive = await requestBackup(dataDir)
  if (!archive) {
    throw new BackupRefused(
      'A server holds DATA_DIR but does not answer on its backup socket (a release before 0.37?). Stop it, then run the backup again.',
    )
  }
  return archive
}

/** pg_dump -Fc of DATABASE_URL (PG_DUMP names another pg_dump) with DATA_DIR's key files. */
async function postgresArchive(
  databaseUrl: string,
  dataDir: string,
  env: BackupEnv,
  pgDump: string,
): Promise<Buffer> {
  const createdAt = new Date().toISOString()
  let dump: Buffer
  try {
    const result = await promisify(execFile)(pgDump, ['--format=custom', databaseUrl], {
      encoding: 'buffer',
      maxBuffer: 16 * 1024 ** 3,
    })
    dump = result.stdout
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupRefused(
        `With DATABASE_URL the backup is pg_dump's, and ${pgDump} was not found. Install PostgreSQL's client tools (or set PG_DUMP), or follow README "Backup and restore".`,
      )
    }
    throw new BackupRefused(
      `pg_dump failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`,
    )
  }
  const files = [{ name: POSTGRES_DUMP_FILE, data: dump }, ...(await keyFiles(dataDir))]
  const about = { version: APP_VERSION, createdAt, takenBy: 'backup command' as const }
  const manifest = manifestFor(files, { ...about, database: 'postgres', notes: notesFor(env) })
  return packBackup(manifest, files)
}

/** The archive of this deployment's data, checked as a restore would check it. */
export async function takeBackup(options: {
  dataDir: string
  env: BackupEnv
  pgDump?: string
}): Promise<Buffer> {
  const { dataDir, env } = options
  const archive = env.DATABASE_URL
    ? await postgresArchive(env.DATABASE_URL, dataDir, env, options.pgDump ?? 'pg_dump')
    : await pgliteArchive(dataDir, env)
  await unpackBackup(archive)
  return archive
}

/** FILE written whole or not at all: a temporary file beside it, flushed, then renamed over it. */
export async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.partial-${process.pid}`
  const handle = await open(partial, 'w', 0o600)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await rm(partial, { force: true })
    throw error
  }
  await handle.close()
  await rename(partial, file)
}

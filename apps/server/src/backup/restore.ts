// `npm run restore` (docs/decisions/044-backup-and-restore.md): a checked archive into an empty or new
// directory, never over a database. The directory's lock is held meanwhile, so no server starts on
// a half-restored directory, and the database appears last, under its name, in one rename: a restore
// cut short leaves no `pgdata` a server would open (nor an empty one it would create anew over it).
import { existsSync, readdirSync } from 'node:fs'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { acquireDataDirLock, lockedBy } from '../db/lock.js'
import { pgliteOptions } from '../db/pglite-options.js'
import { APP_VERSION } from '../version.js'
import {
  isDirectory,
  PGDATA_DIR,
  POSTGRES_DUMP_FILE,
  unpackBackup,
  type BackupFile,
  type BackupManifest,
} from './archive.js'
import { KEY_FILES } from './snapshot.js'

/** A refusal the operator can act on: the command prints its message and exits non-zero. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused'
}

const STAGING = '.restoring-pgdata'

/** 0.37.0 < 0.38.0 < 1.0.0: releases compared by their numbers. */
function isNewer(version: string, than: string): boolean {
  const a = version.split('.').map(Number)
  const b = than.split('.').map(Number)
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0)
  }
  return false
}

/** Refuses a directory a server is using, or one that holds anything at all. */
async function checkTarget(dir: string) {
  const locked = await lockedBy(dir)
  if (locked) throw new RestoreRefused(`${locked.message} A restore never writes there.`)
  const entries = existsSync(dir) ? readdirSync(dir) : []
  if (entries.length > 0) {
    throw new RestoreRefused(
      `${dir} is not empty (it holds ${entries.slice(0, 4).join(', ')}${entries.length > 4 ? ', …' : ''}). ` +
        'Restore into a new or empty directory, then point DATA_DIR at it; nothing is overwritten.',
    )
  }
}

async function writeFiles(dir: string, files: BackupFile[]) {
  for (const { name, data } of files) {
    await writeFile(path.join(dir, name), data, { mode: 0o600, flag: 'wx' })
  }
}

/** `pgdata/base/1/112` -> `base/1/112`; a name that could leave the directory is refused. */
function insidePgdata(name: string): string {
  const rest = name.slice(PGDATA_DIR.length + 1)
  const parts = rest.replace(/\/$/, '').split('/')
  if (rest !== '' && parts.some((part) => !/^[\w.-]+$/.test(part) || /^\.+$/.test(part))) {
    throw new Error(`the backup archive holds an unexpected name: ${name}`)
  }
  return rest
}

/**
 * The data directory written into DIR/.restoring-pgdata, opened once (recovery runs) and closed
 * cleanly, then renamed to DIR/pgdata.
 */
async function restorePglite(dir: string, files: BackupFile[]) {
  const staging = path.join(dir, STAGING)
  await mkdir(staging, { mode: 0o700 })
  for (const file of files) {
    const rest = insidePgdata(file.name)
    if (rest === '') continue
    const target = path.join(staging, rest)
    if (isDirectory(rest)) await mkdir(target, { mode: 0o700 })
    else await writeFile(target, file.data, { mode: 0o600, flag: 'wx' })
  }
  const restored = await PGlite.create(staging, pgliteOptions)
  await restored.close()
  await rename(staging, path.join(dir, PGDATA_DIR))
}

/**
 * Restores the archive `file` into `dir` and returns its manifest. A PGlite backup becomes DIR's
 * database and keys; a PostgreSQL backup's keys go to DIR beside its dump (postgres.dump), which
 * pg_restore loads into the database (README "Backup and restore"). The directory is checked first,
 * so a refusal comes at once, before a large archive is read.
 */
export async function restoreInto(dir: string, file: string): Promise<BackupManifest> {
  await checkTarget(dir)
  const { manifest, files } = await unpackBackup(await readFile(file))
  if (isNewer(manifest.version, APP_VERSION)) {
    throw new RestoreRefused(
      `This backup was made by release ${manifest.version}, newer than this one (${APP_VERSION}): restore it with ${manifest.version} or later.`,
    )
  }
  await checkTarget(dir)
  await mkdir(dir, { recursive: true })
  const lock = await acquireDataDirLock(dir)
  const keys = files.filter((file) => (KEY_FILES as readonly string[]).includes(file.name))
  const pgdata = files.filter((file) => file.name.startsWith(`${PGDATA_DIR}/`))
  const written = [...keys.map((file) => file.name), STAGING]
  try {
    await writeFiles(dir, keys)
    if (manifest.database === 'postgres') {
      const pgDump = files.find((file) => file.name === POSTGRES_DUMP_FILE)
      if (!pgDump) throw new Error(`the archive has no ${POSTGRES_DUMP_FILE}`)
      written.push(POSTGRES_DUMP_FILE)
      await writeFiles(dir, [pgDump])
    } else {
      if (pgdata.length === 0) throw new Error(`the archive has no ${PGDATA_DIR}/`)
      await restorePglite(dir, pgdata)
    }
    return manifest
  } catch (error) {
    // Back to the empty directory it was, so the restore can simply be run again.
    for (const name of written) await rm(path.join(dir, name), { recursive: true, force: true })
    throw error
  } finally {
    lock.release()
  }
}

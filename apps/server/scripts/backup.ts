// `npm run backup -- FILE [--data-dir DIR]` (README "Backup and restore",
// docs/decisions/044-backup-and-restore.md): a consistent backup of the database and DATA_DIR's keys,
// taken by the running server when one holds DATA_DIR. FILE is relative to where npm was run;
// DATA_DIR, as for `npm start`, to apps/server.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BackupRefused, takeBackup, writeAtomically } from '../src/backup/take-backup.js'
import { unpackBackup } from '../src/backup/archive.js'
import { parseEnv } from '../src/env.js'
import { parseArgs } from './cli-args.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const args = parseArgs(process.argv.slice(2), 'npm run backup -- FILE [--data-dir DIR]')
const env = parseEnv()
const dataDir = args.dataDir ?? path.resolve(serverDir, env.DATA_DIR)
const started = Date.now()
try {
  const archive = await takeBackup({ dataDir, env, pgDump: process.env.PG_DUMP })
  await writeAtomically(args.file, archive)
  const { manifest } = await unpackBackup(archive)
  const megabytes = (archive.length / 1024 ** 2).toFixed(1)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `Backup written to ${args.file}: ${megabytes} MB in ${seconds} s, ${manifest.database} database of release ${manifest.version}, taken by the ${manifest.takenBy}.`,
  )
  // The data directory's files are many: named by their folder.
  const held = manifest.files.map((f) => f.name).filter((name) => !name.startsWith('pgdata/'))
  if (manifest.database === 'pglite') held.unshift('pgdata/')
  console.log(`It holds ${held.join(', ')}: keep it as safe as DATA_DIR.`)
  for (const note of manifest.notes) console.log(note)
} catch (error) {
  console.error(
    error instanceof BackupRefused ? error.message : `The backup failed: ${String(error)}`,
  )
  process.exit(1)
}

// `npm run restore -- FILE [--data-dir DIR]` (README "Backup and restore",
// docs/decisions/044-backup-and-restore.md): a backup into a new or empty directory, refused over a
// database or a directory a server is using. FILE and DIR are relative to where npm was run;
// DATA_DIR, as for `npm start`, to apps/server.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { restoreInto, RestoreRefused } from '../src/backup/restore.js'
import { parseEnv } from '../src/env.js'
import { parseArgs } from './cli-args.js'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const args = parseArgs(process.argv.slice(2), 'npm run restore -- FILE [--data-dir DIR]')
const dataDir = args.dataDir ?? path.resolve(serverDir, parseEnv().DATA_DIR)
const started = Date.now()
try {
  const manifest = await restoreInto(dataDir, args.file)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `Restored the backup of ${manifest.createdAt} (release ${manifest.version}) into ${dataDir} in ${seconds} s.`,
  )
  if (manifest.database === 'postgres') {
    console.log(
      `Load the database into an empty PostgreSQL database with:\n  pg_restore --no-owner --no-privileges --dbname "$DATABASE_URL" ${path.join(dataDir, 'postgres.dump')}\nthen start the servers with DATA_DIR=${dataDir}.`,
    )
  } else {
    console.log(
      `Start the server with DATA_DIR=${dataDir}; a backup of an older release is upgraded as it starts.`,
    )
  }
  for (const note of manifest.notes) console.log(note)
} catch (error) {
  console.error(
    error instanceof RestoreRefused ? error.message : `The restore failed: ${String(error)}`,
  )
  process.exit(1)
}

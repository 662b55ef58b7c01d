// Boot: env -> is DATA_DIR free? -> the server (server.ts: database, jobs, app, listen). The lock is
// asked about before the app is loaded, so a second server on the same DATA_DIR exits at once naming
// the lock, however long loading the app takes on a busy machine (docs/decisions/013-data-dir-lock.md).
import { lockedBy } from './db/lock.js'
import { parseEnv } from './env.js'
import { createLogger } from './lib/logger.js'
import { startFailureMessage } from './lib/server-faults.js'

let dataDir: string | undefined

async function main() {
  const env = parseEnv()
  dataDir = env.DATA_DIR
  const logger = createLogger(env)
  // PGlite only: with DATABASE_URL the directory holds no database and several instances share one.
  const locked = env.DATABASE_URL ? undefined : await lockedBy(env.DATA_DIR)
  if (locked) {
    logger.fatal(locked.message)
    process.exit(1)
  }
  const { startServer } = await import('./server.js')
  await startServer(env, logger)
}

main().catch(async (error: unknown) => {
  // A full disk names itself here (the embedded database says only "Aborted()").
  console.error(await startFailureMessage(error, dataDir))
  process.exit(1)
})

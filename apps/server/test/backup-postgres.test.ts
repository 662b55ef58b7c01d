// Backup and restore on PostgreSQL (issue 37 item 1, docs/decisions/044-backup-and-restore.md):
// `npm run backup` with DATABASE_URL puts pg_dump's custom format and DATA_DIR's key files in one
// archive and says SECRETS_KEY must be kept with it; `npm run restore` writes them into an empty
// directory and names the pg_restore step; after it, a server on the restored database and
// directory has the write made before the backup (not the one after), the session signed before
// and the sealed provider key. Runs in the PostgreSQL pass only (TEST_DATABASE_URL).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { signUp } from '../src/testing/auth.js'
import { TEMPLATE_DATABASE, testDatabaseUrl } from '../src/testing/db.js'
import { businessInput } from '../src/testing/factories.js'
import { startFakeSerp, type FakeSerp } from '../src/testing/fake-serp.js'
import { backupProcesses, savedKeywords, send } from './backup-processes.js'

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin'
const SERP_KEY = 'serpapi-key-on-postgres'
const SECRETS_KEY = Buffer.alloc(32, 7).toString('hex')
const work = mkdtempSync(path.join(tmpdir(), 'localseo-backup-pg-'))
const databases: string[] = []
let serp: FakeSerp
let databaseUrl = ''
const { startServer, stop, runScript, killAll } = backupProcesses(work, () => ({
  SERP_BASE_URL: serp.origin,
  SECRETS_KEY,
  DATABASE_URL: databaseUrl,
  PG_DUMP: path.join(PG_BIN, 'pg_dump'),
}))

/** A new database on the test server: the migrated template's copy, or empty. */
async function createDatabase(name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl })
  await admin.connect()
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  await admin.end()
  databases.push(name)
  const url = new URL(testDatabaseUrl!)
  url.pathname = `/${name}`
  return url.href
}

afterAll(async () => {
  killAll()
  await serp?.close()
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: testDatabaseUrl })
    await admin.connect()
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  rmSync(work, { recursive: true, force: true })
})

describe.runIf(testDatabaseUrl)('a backup on PostgreSQL', () => {
  test("holds pg_dump's dump and DATA_DIR's keys, and restores with pg_restore into a new database", async () => {
    serp = await startFakeSerp({ key: SERP_KEY })
    const suffix = `${process.pid}_${Date.now()}`
    databaseUrl = await createDatabase(`backup_${suffix}`, TEMPLATE_DATABASE)
    const dataDir = path.join(work, 'data')
    const first = await startServer(dataDir)
    const owner = await signUp(first)
    expect((await send(first, owner.accessToken, 'PUT', '/api/business', businessInput)).ok).toBe(
      true,
    )
    const saved = await send(first, owner.accessToken, 'PUT', '/api/rank-provider', {
      provider: 'serpapi',
      key: SERP_KEY,
    })
    expect(saved.status).toBe(200)
    const save = (keyword: string) =>
      send(first, owner.accessToken, 'POST', '/api/planner/saved', { keyword })
    expect((await save('before the backup')).status).toBe(201)

    const backup = await runScript('backup', ['backup.tar.gz', '--data-dir', dataDir])
    expect(backup.output).toContain('postgres database')
    expect(backup.output).toContain('SECRETS_KEY is set in the environment')
    expect(backup.code).toBe(0)
    expect((await save('after the backup')).status).toBe(201)
    await stop(first)

    const restoredDir = path.join(work, 'restored')
    const restore = await runScript('restore', ['backup.tar.gz', '--data-dir', 'restored'])
    expect(restore.output).toContain('pg_restore --no-owner --no-privileges')
    expect(restore.code).toBe(0)
    expect(readdirSync(restoredDir).sort()).toEqual([
      'dev-mail.key',
      'jwt-keys.json',
      'postgres.dump',
    ])
    databaseUrl = await createDatabase(`restored_${suffix}`)
    execFileSync(path.join(PG_BIN, 'pg_restore'), [
      '--no-owner',
      '--no-privileges',
      `--dbname=${databaseUrl}`,
      path.join(restoredDir, 'postgres.dump'),
    ])

    const second = await startServer(restoredDir)
    const restored = await savedKeywords(second, owner.accessToken)
    expect([...restored]).toEqual(['before the backup'])
    const tested = await send(second, owner.accessToken, 'POST', '/api/rank-provider/test')
    expect(await tested.json()).toMatchObject({ status: 'connected' })
    expect(serp.requests.at(-1)?.key).toBe(SERP_KEY)
    await stop(second)
  }, 120_000)
})

// Upgrades keep data (issue 37 item 2, docs/decisions/042-upgrade-fixtures.md): every fixture kept
// under fixtures/upgrade/<version>/ (a database an earlier release wrote through its API) is opened
// by this release, which migrates it at start as a server does; the fixture's owner signs in with
// the password and reads every record back through the API, as the release that made it read them.
// A migration that drops or empties what an owner saved fails here.
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { openDatabase, type Database } from '../src/db/client.js'
import { pgliteOptions } from '../src/db/pglite-options.js'
import { apiCaller } from '../src/testing/api.js'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { signIn } from '../src/testing/auth.js'
import { testDatabaseUrl } from '../src/testing/db.js'
import { readBack, type UpgradeManifest } from './upgrade-read-back.js'

const fixtures = new URL('./fixtures/upgrade/', import.meta.url).pathname
const versions = readdirSync(fixtures).sort()
const MIGRATE_PGLITE = fileURLToPath(new URL('../src/db/migrate-pglite.ts', import.meta.url))
const run = promisify(execFile)
const PSQL = path.join(process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin', 'psql')

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The fixture's PGlite dump unpacked into a fresh DATA_DIR, as a restored backup would be. */
async function pgliteFromFixture(dir: string): Promise<Database> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upgrade-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const dump = new Blob([readFileSync(path.join(dir, 'pgdata.tar.gz'))])
  const unpacked = await PGlite.create(path.join(dataDir, 'pgdata'), {
    ...pgliteOptions,
    loadDataDir: dump,
  })
  await unpacked.close()
  // The server migrates an embedded database in a child process of node (db/migrate-pglite.ts),
  // which cannot load TypeScript under Vitest: the same script runs here through tsx first, so
  // openDatabase finds nothing left to apply.
  await run(process.execPath, ['--import', 'tsx', MIGRATE_PGLITE, path.join(dataDir, 'pgdata')], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  })
  return openDatabase({ dataDir })
}

/** The fixture's SQL dump restored into a new database on the test server, with psql. */
async function postgresFromFixture(dir: string, url: string): Promise<Database> {
  const name = `upgrade_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const restored = new URL(url)
  restored.pathname = `/${name}`
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })
  execFileSync(PSQL, ['--quiet', '--set=ON_ERROR_STOP=1', restored.href], {
    input: gunzipSync(readFileSync(path.join(dir, 'postgres.sql.gz'))),
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  return openDatabase({ dataDir: '', databaseUrl: restored.href })
}

/** This release on the fixture's database, at the fixture's time, read as its owner. */
async function readAsOwner(database: Database, manifest: UpgradeManifest) {
  cleanups.push(() => database.close())
  const madeAt = new Date(manifest.madeAt)
  const t: TestApp = await createTestApp({ database, clock: { now: () => madeAt } })
  cleanups.push(() => t.close())
  const session = await signIn(t.app, manifest.owner)
  expect(session.userId).toBe(manifest.owner.userId)
  if (manifest.manager) {
    // The manager's account (0.38.0 on) still signs in with its password, as the same person.
    expect((await signIn(t.app, manifest.manager)).userId).toBe(manifest.manager.userId)
  }
  return readBack(
    apiCaller(t.app, () => session.accessToken),
    manifest,
  )
}

/** A fixture's manifest for one database kind, when the fixture has that kind's dump. */
function manifestOf(version: string, kind: 'pglite' | 'postgres'): UpgradeManifest | undefined {
  const file = path.join(fixtures, version, `manifest.${kind}.json`)
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as UpgradeManifest) : undefined
}

describe.each(versions)('a database written by release %s', (version) => {
  const dir = path.join(fixtures, version)
  const pglite = manifestOf(version, 'pglite')
  const postgres = manifestOf(version, 'postgres')

  // The PostgreSQL pass (scripts/test.mjs) runs the PostgreSQL case only; the PGlite pass this one.
  test.skipIf(testDatabaseUrl)(
    'opens on PGlite in this release, and its owner reads every record back',
    async () => {
      // Every fixture has the embedded database, a self-hoster's default.
      expect(pglite?.version).toBe(version)
      const records = await readAsOwner(await pgliteFromFixture(dir), pglite!)
      expect(records).toEqual(pglite!.expected)
    },
    // About 8 s alone (unpacking, a migration process, the reads); room for a loaded CI machine.
    90_000,
  )

  test.runIf(postgres && testDatabaseUrl)(
    'restored on PostgreSQL, opens in this release, and its owner reads every record back',
    async () => {
      expect(postgres?.version).toBe(version)
      const restored = await postgresFromFixture(dir, testDatabaseUrl!)
      const records = await readAsOwner(restored, postgres!)
      expect(records).toEqual(postgres!.expected)
    },
    90_000,
  )

  test('holds every kind of record it reads back', () => {
    // An empty list would compare equal after any loss: each kind has at least one record.
    for (const manifest of [pglite, postgres]) {
      if (!manifest) continue
      const { expected } = manifest
      for (const [kind, value] of Object.entries(expected)) {
        if (Array.isArray(value)) expect(value.length, kind).toBeGreaterThan(0)
      }
      expect(expected.scan.points).toHaveLength(9)
      expect(expected.tasks.some((task) => task.status === 'completed')).toBe(true)
      expect(expected.keywords.some((k) => k.checks?.some((p) => p !== null))).toBe(true)
      if (!manifest.manager) continue
      // 0.38.0 on: the owner and the manager who joined and asked for alert emails, a pending
      // invitation, and the reports' settings with a logo.
      expect(expected.members?.map((m) => [m.userId, m.role, m.alertEmails])).toEqual([
        [manifest.owner.userId, 'owner', true],
        [manifest.manager.userId, 'manager', true],
      ])
      expect(expected.invitations).toHaveLength(1)
      expect(expected.reportSettings?.recipients.length).toBeGreaterThan(0)
      expect(expected.reportSettings?.logo).not.toBeNull()
      if (!manifest.analysisId) continue
      // 0.38.1 on: a keyword analysis its job finished, with its stored result.
      expect(expected.keywordAnalysis?.status).toBe('done')
      expect(expected.keywordAnalysis?.result?.aiAnalysis).toBeTruthy()
      if (!manifest.posts) continue
      // 0.38.3 on: a draft, a post live on the sample profile and a scheduled one.
      expect(expected.posts?.map((p) => p.status).sort()).toEqual(['draft', 'live', 'scheduled'])
    }
  })
})

// Makes the upgrade fixture of this release (issue 37 item 2, docs/decisions/042-upgrade-fixtures.md):
// today's app on a fresh database, every kind of record an owner makes created through the HTTP API
// (simulated providers: the query ledger stays empty, as it counts real providers' queries only),
// then the database written out with a manifest of who the owner is and what the API read back.
// test/upgrade.test.ts opens every fixture under test/fixtures/upgrade/ with the current release.
// Run from the repository's root, once per database:
//   npx tsx --conditions=source apps/server/scripts/make-upgrade-fixture.ts
//     writes pgdata.tar.gz (PGlite's own dump of its data directory) and manifest.pglite.json;
//   DATABASE_URL=postgres://…/an_empty_database npx tsx --conditions=source apps/server/scripts/make-upgrade-fixture.ts
//     writes postgres.sql.gz (pg_dump's plain SQL; PG_DUMP names another pg_dump) and manifest.postgres.json.
// OUT names another folder than test/fixtures/upgrade/<version>.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createApp } from '../src/app.js'
import { pgliteOptions } from '../src/db/pglite-options.js'
import { createDeps } from '../src/deps.js'
import { parseEnv } from '../src/env.js'
import { registerJobs } from '../src/register-jobs.js'
import { apiCaller } from '../src/testing/api.js'
import { signUp } from '../src/testing/auth.js'
import { invitationToken } from '../src/testing/members.js'
import { APP_VERSION } from '../src/version.js'
import {
  FIXTURE_INVITEE,
  FIXTURE_MANAGER,
  FIXTURE_OWNER,
  readBack,
  type UpgradeManifest,
} from '../test/upgrade-read-back.js'

const out = path.resolve(
  process.env.OUT ?? new URL(`../test/fixtures/upgrade/${APP_VERSION}`, import.meta.url).pathname,
)
const databaseUrl = process.env.DATABASE_URL
/** PostgreSQL's default WAL segment size, which PGlite keeps. */
const WAL_SEGMENT = 16n * 1024n * 1024n
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'upgrade-fixture-'))
const env = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMITS: 'off',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SITE_URL: 'http://localhost:3000',
  SIMULATED_DELAYS: 'false',
  SIMULATED_FAILURE_RATE: '0',
})
const deps = await createDeps(env)
const automation = registerJobs(deps)
await automation.start({ timer: false, workers: true })
const app = createApp(deps)
/**
 * Removes the WAL segments PostgreSQL recycled for later use: each still holds the old segment's
 * records (for this fixture, the migrations': 3.3 of its 7.7 MB compressed), and none is read, since
 * a page whose address is not its own ends the WAL (ADR 042 "Size"). The segment in use names itself.
 */
function dropRecycledWal(pgdata: string) {
  const wal = path.join(pgdata, 'pg_wal')
  for (const name of readdirSync(wal).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
    const header = readFileSync(path.join(wal, name)).subarray(0, 16)
    // XLogPageHeaderData: magic u16, info u16, timeline u32, page address u64 (little-endian).
    const pageAddress = header.readBigUInt64LE(8)
    const ownAddress =
      (BigInt(`0x${name.slice(8, 16)}`) << 32n) + BigInt(`0x${name.slice(16)}`) * WAL_SEGMENT
    if (pageAddress !== ownAddress) rmSync(path.join(wal, name))
  }
}

let closing: Promise<void> | undefined
/** Stops the queue and closes the database, once: the dump reads a closed directory. */
const closeApp = () =>
  (closing ??= (async () => {
    await automation.stop()
    await deps.close()
  })())

/** A 1x1 PNG: the reports' logo, kept as its bytes in base64. */
const LOGO_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** Fails the script on any answer but the one expected: a fixture with a hole would pass silently. */
async function expectStatus<T>(
  result: Promise<{ status: number; body: T }>,
  status: number,
  what: string,
): Promise<T> {
  const answer = await result
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    )
  }
  return answer.body
}

try {
  const session = await signUp(app, FIXTURE_OWNER)
  const call = apiCaller(app, () => session.accessToken)
  const ok = <T>(method: string, url: string, body?: unknown, status = 200) =>
    expectStatus(call<T>(method, url, body), status, `${method} ${url}`)

  await ok('PUT', '/api/business', {
    name: 'Upgrade Fixture Dental',
    category: 'Dental',
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0100',
    website: 'https://upgrade-fixture-dental.example.com',
  })
  await ok('PUT', '/api/business/coordinates', { lat: 30.2672, lng: -97.7431 })
  for (const [name, address, city, zip] of [
    ['Round Rock', '5 Main St', 'Round Rock', '78664'],
    ['Cedar Park', '200 Bell Blvd', 'Cedar Park', '78613'],
  ] as const) {
    await ok('POST', '/api/business/locations', { name, address, city, state: 'TX', zip }, 201)
  }
  await deps.jobs.whenIdle()

  // Tracked keywords, checked (simulated) when added and once more by a refresh.
  const keywordIds: string[] = []
  for (const keyword of ['dentist austin', 'emergency dentist', 'teeth whitening']) {
    const added = await ok<{ keyword: { id: string } }>(
      'POST',
      '/api/rank-tracker/keywords',
      { keyword, location: 'main' },
      201,
    )
    keywordIds.push(added.keyword.id)
  }
  await deps.jobs.whenIdle()
  await ok('POST', '/api/rank-tracker/refresh', { location: 'main' })
  await deps.jobs.whenIdle()

  // A 3x3 map scan of the first keyword, waited for.
  const scan = await ok<{ scan: { id: string } }>(
    'POST',
    '/api/geo-grid/scans',
    { keywordId: keywordIds[0], gridSize: 3, spacingKm: 1, locationId: 'main' },
    202,
  )
  await deps.jobs.whenIdle()

  for (const url of [
    'https://austin-dentists.example.org/list',
    'https://blog.example.net/smiles',
  ]) {
    await ok('POST', '/api/backlinks', { url, anchorText: 'Upgrade Fixture Dental' }, 201)
  }
  await ok('PUT', '/api/listings/records', {
    platform: 'Yelp',
    url: 'https://www.yelp.com/biz/upgrade-fixture-dental',
    name: 'Upgrade Fixture Dental',
    address: '100 Congress Ave, Austin, TX 78701',
    phone: '(512) 555-0100',
  })
  await deps.jobs.whenIdle()
  // A new phone number the Yelp listing does not show yet: the mismatch alert (issue 16 item 4).
  await ok('PUT', '/api/business', {
    name: 'Upgrade Fixture Dental',
    category: 'Dental',
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '(512) 555-0199',
    website: 'https://upgrade-fixture-dental.example.com',
  })
  await deps.jobs.whenIdle()

  await ok('POST', '/api/recommendations/generate')
  const tasks = await ok<{ tasks: { id: string }[] }>('GET', '/api/recommendations')
  for (const task of tasks.tasks.slice(0, 2)) {
    await ok('PATCH', `/api/recommendations/${task.id}`, { status: 'completed' })
  }
  await ok('PUT', '/api/alerts/preferences', { topics: ['rankings', 'listings'] })
  await ok('POST', '/api/planner/saved', { keyword: 'kids dentist austin', locationId: null }, 201)
  const competitors = await ok<{ competitors: { id: string }[] }>(
    'GET',
    '/api/competitors?location=main',
  )
  for (const competitor of competitors.competitors.slice(0, 2)) {
    await ok('PATCH', `/api/competitors/${competitor.id}`, { followed: true })
  }
  await deps.jobs.whenIdle()

  // The team (0.38.0, issue 35): a manager who joined through the emailed link and asked for the
  // alert emails (the owner, the business's creator, has them from the start), and an invitation
  // still pending.
  await ok('POST', '/api/team/invitations', { email: FIXTURE_MANAGER.email, role: 'manager' }, 201)
  const managerSession = await signUp(app, FIXTURE_MANAGER)
  const asManager = apiCaller(app, () => managerSession.accessToken)
  const token = await invitationToken(deps.db, FIXTURE_MANAGER.email)
  await expectStatus(
    asManager('POST', '/api/membership/invitations/accept', { token }),
    200,
    'accepting the invitation',
  )
  await expectStatus(
    asManager('PUT', '/api/membership/alert-emails', { on: true }),
    200,
    "the manager's alert emails",
  )
  await ok('POST', '/api/team/invitations', { email: FIXTURE_INVITEE, role: 'viewer' }, 201)
  // The monthly reports' white label and recipients (0.38.0, issue 35 item 4).
  await ok('PUT', '/api/reports/settings', {
    title: 'Upgrade Fixture Dental monthly report',
    color: '#0f766e',
    recipients: ['front-desk@upgrade-fixture-dental.example.com', FIXTURE_MANAGER.email],
    logo: { type: 'image/png', data: LOGO_PNG },
  })
  // A share link of the dashboard, opened once, and one turned off (0.38.0, issue 35 item 5).
  const shared = await ok<{ link: { id: string }; url: string }>(
    'POST',
    '/api/share-links',
    { kind: 'dashboard', location: 'main', expiresInDays: 90, label: 'For the landlord' },
    201,
  )
  await ok('GET', `/api/shared/${new URL(shared.url).pathname.split('/').pop()}`)
  const turnedOff = await ok<{ link: { id: string } }>(
    'POST',
    '/api/share-links',
    { kind: 'dashboard', location: 'main', expiresInDays: 7, label: 'Old link' },
    201,
  )
  await ok('DELETE', `/api/share-links/${turnedOff.link.id}`, undefined, 200)
  await deps.jobs.whenIdle()

  // A keyword analysis (0.38.1, issue 36 item 3): the request answers with it pending and its job
  // finishes it; read until it is no longer pending, a bounded number of times, as the screen does.
  const analysed = await ok<{ analysis: { id: string } }>(
    'POST',
    '/api/keywords/analyse',
    { keyword: 'dental implants austin', locationId: null },
    202,
  )
  const analysisId = analysed.analysis.id
  let analysisStatus = 'pending'
  for (let tries = 0; analysisStatus === 'pending' && tries < 20; tries++) {
    await deps.jobs.whenIdle()
    const read = await ok<{ analysis: { status: string } }>(
      'GET',
      `/api/keywords/analyses/${analysisId}`,
    )
    analysisStatus = read.analysis.status
    if (analysisStatus === 'pending') await new Promise((resolve) => setTimeout(resolve, 250))
  }
  // Only a finished analysis has the stored result worth keeping (a failed one has none).
  if (analysisStatus !== 'done') throw new Error(`the keyword analysis ended ${analysisStatus}`)
  await deps.jobs.whenIdle()

  // Business Profile posts (0.38.3, ADR 055), on the sample profile a server without a Google
  // client links: a draft, one published now ('live' there, not sent) and one scheduled.
  await ok('PUT', '/api/business-profile/links/main', { googleLocation: 'locations/sample-main' })
  const post = (summary: string, when: Record<string, unknown>) =>
    ok(
      'POST',
      '/api/business-profile/posts',
      { locations: ['main'], content: { topicType: 'STANDARD', summary }, ...when },
      201,
    )
  await post('A draft about same-day whitening.', { when: 'draft' })
  await post('Now open on Saturdays.', { when: 'now' })
  await post('Free checkups for kids next month.', {
    when: 'schedule',
    // A week on in UTC's wall-clock time: days ahead in the business's time zone, whichever it is.
    publishAt: new Date(deps.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 16),
  })

  const { email, password } = FIXTURE_MANAGER
  const manager = { email, password, userId: managerSession.userId }
  const manifest: UpgradeManifest = {
    version: APP_VERSION,
    madeAt: deps.clock.now().toISOString(),
    owner: { ...FIXTURE_OWNER, userId: session.userId },
    manager,
    scanId: scan.scan.id,
    analysisId,
    posts: true,
    // What the API answered, as read-back.ts picks it: the next release must read the same.
    expected: await readBack(call, { scanId: scan.scan.id, manager, analysisId, posts: true }),
  }
  await closeApp()
  mkdirSync(out, { recursive: true })
  const manifestFile = `manifest.${databaseUrl ? 'postgres' : 'pglite'}.json`
  writeFileSync(path.join(out, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`)
  if (databaseUrl) {
    // Plain SQL, without owners or privileges, so any PostgreSQL 15 or later restores it with psql.
    const pgDump = process.env.PG_DUMP ?? '/usr/lib/postgresql/15/bin/pg_dump'
    const sql = execFileSync(pgDump, ['--no-owner', '--no-privileges', databaseUrl], {
      maxBuffer: 256 * 1024 * 1024,
    })
    writeFileSync(path.join(out, 'postgres.sql.gz'), gzipSync(sql, { level: 9 }))
  } else {
    // PGlite's own dump of its data directory, taken with the server closed (ADR 042).
    const pgdata = path.join(dataDir, 'pgdata')
    const closing = await PGlite.create(pgdata, pgliteOptions)
    await closing.exec('CHECKPOINT')
    await closing.close()
    dropRecycledWal(pgdata)
    const pg = await PGlite.create(pgdata, pgliteOptions)
    const dump = await pg.dumpDataDir('gzip')
    await pg.close()
    writeFileSync(path.join(out, 'pgdata.tar.gz'), Buffer.from(await dump.arrayBuffer()))
  }
  console.log(`upgrade fixture of ${APP_VERSION} written to ${out}`)
} finally {
  await closeApp()
  rmSync(dataDir, { recursive: true, force: true })
}

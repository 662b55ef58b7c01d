// Vitest global setup for the server project: the migrated templates test files copy
// (testing/db.ts): a PGlite data directory in a folder of the run's own (in memory where /dev/shm
// exists), removed at the end; and with TEST_DATABASE_URL, the template database.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { generateJwtKeys } from '../auth/keys.js'
import { migrationsFolder, pgliteDatabase, postgresDatabase, type Database } from '../db/client.js'
import { createDeps } from '../deps.js'
import { parseEnv } from '../env.js'
import { registerJobs } from '../register-jobs.js'
import { schema } from '../db/schema.js'
import { TEMPLATE_DATABASE, testDatabaseUrl } from './db.js'
import { PGLITE_TEMPLATE } from './pglite-template.js'

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/**
 * pg-boss's schema and every queue the app registers (register-jobs.ts), installed once in the
 * template through the app's own wiring: each test app's queue then finds them, and the test
 * database empties the jobs between tests (testing/db.ts) instead of installing them afresh.
 */
async function installQueue(database: Database) {
  const deps = await createDeps(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), {
    database,
    jwtKeys: await generateJwtKeys(),
    devMailKey: undefined,
  })
  try {
    await registerJobs(deps).start({ timer: false, workers: false })
  } finally {
    await deps.close()
  }
}

/** Drops the template and the workers' copies (a run stopped half-way leaves them too). */
function dropTestDatabases(url: string) {
  return admin(url, async (client) => {
    const leftovers = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'localseo_test_%'",
    )
    for (const { datname } of leftovers.rows)
      await client.query(`DROP DATABASE ${datname} WITH (FORCE)`)
  })
}

async function postgresTemplate(url: string) {
  await dropTestDatabases(url)
  await admin(url, (client) => client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`))
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 })
  try {
    await migrate(drizzle(pool), { migrationsFolder })
  } finally {
    await pool.end()
  }
  const database = postgresDatabase(templateUrl.toString(), { poolSize: 1 })
  try {
    await installQueue(database)
  } finally {
    await database.close()
  }
}

async function pgliteTemplate(project: TestProject) {
  const parent = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir()
  const runDir = await mkdtemp(path.join(parent, 'localseo-test-'))
  const client = await PGlite.create(path.join(runDir, PGLITE_TEMPLATE))
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    await installQueue(pgliteDatabase(client, () => Promise.resolve()))
  } finally {
    await client.close()
  }
  project.provide('pgliteRunDir', runDir)
  return () => rm(runDir, { recursive: true, force: true })
}

export async function setup(project: TestProject) {
  // The PGlite template is made in both modes: the process tests (test/boot.test.ts) start servers
  // on an embedded database whichever database the other tests use.
  const removePgliteTemplate = await pgliteTemplate(project)
  if (testDatabaseUrl) await postgresTemplate(testDatabaseUrl)
  // The workers' databases live as long as the workers (testing/db.ts): removed with the run.
  return async () => {
    await removePgliteTemplate()
    if (testDatabaseUrl) await dropTestDatabases(testDatabaseUrl)
  }
}

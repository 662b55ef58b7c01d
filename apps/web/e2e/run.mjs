// Runs the browser journeys: boots the built server on a free port with a fresh data directory,
// runs the *.e2e.ts files with Vitest against it, and always stops the server and cleans up.
// Usage (from the repo root, after `npm run build`): node apps/web/e2e/run.mjs
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const serverEntry = path.join(root, 'apps/server/dist/index.js')
const migrateEntry = path.join(root, 'apps/server/dist/db/migrate-pglite.js')
const webIndex = path.join(root, 'apps/web/dist/index.html')
// A first start creates and migrates the embedded database; a loaded machine can take half a minute.
const HEALTH_TIMEOUT_MS = 90_000
const JOURNEY_WORKERS = 2

function fail(message) {
  console.error(`e2e: ${message}`)
  process.exit(1)
}

if (!existsSync(chromiumPath)) {
  if (process.env.CI) fail(`Chromium not found at ${chromiumPath}; CI must install it.`)
  console.log(
    `Skipping browser tests: Chromium not found at ${chromiumPath} (install it with: apt-get install chromium)`,
  )
  process.exit(0)
}
for (const file of [serverEntry, webIndex]) {
  if (!existsSync(file))
    fail(`${path.relative(root, file)} is missing. Run \`npm run build\` first.`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(
    `the server did not answer ${baseUrl}/healthz within ${HEALTH_TIMEOUT_MS / 1000} s`,
  )
}

function stop(child, signal = 'SIGTERM', timeoutMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      resolve()
    }, timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill(signal)
  })
}

const port = await freePort()
const baseUrl = `http://127.0.0.1:${port}`
// Ports for the journeys' own fixture pages (backlink verification, audits): the server may fetch
// them, and nothing else on loopback (FETCH_ALLOW_HOSTS is empty by default).
// Journey files run on JOURNEY_WORKERS workers at once (vitest.e2e.config.ts); each worker serves
// its fixture pages on a port of its own.
const fixturePorts = []
while (fixturePorts.length < JOURNEY_WORKERS) {
  const candidate = await freePort()
  if (candidate !== port && !fixturePorts.includes(candidate)) fixturePorts.push(candidate)
}
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'localseo-e2e-data-'))
// One migrated embedded database, copied into every server's DATA_DIR (this one and own-server.ts's),
// so no journey server creates and migrates its own.
const templateDir = await mkdtemp(path.join(os.tmpdir(), 'localseo-e2e-template-'))
const templatePgdata = path.join(templateDir, 'pgdata')
let server
let tests
let exitCode = 1

async function cleanUp() {
  await stop(tests)
  await stop(server)
  await rm(dataDir, { recursive: true, force: true })
  await rm(templateDir, { recursive: true, force: true })
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130))
  })
}

/** Runs the build's migration script on a new data directory (db/migrate-pglite.ts). */
function migrateTemplate() {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [migrateEntry, templatePgdata], (error, _stdout, stderr) =>
      error ? reject(new Error(`migrating the template database failed: ${stderr}`)) : resolve(),
    )
  })
}

try {
  await migrateTemplate()
  await cp(templatePgdata, path.join(dataDir, 'pgdata'), { recursive: true })
  server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every journey signs up from 127.0.0.1; the per-IP limits have their own server tests.
      AUTH_RATE_LIMITS: 'off',
      // Email links (recovery, sign-in codes) lead back to the address the journeys use.
      SITE_URL: baseUrl,
      // The backlinks journey also adds a directory link the server never fetches: allowlisted,
      // so that adding it asks no real DNS (a URL's name is resolved when it is added).
      FETCH_ALLOW_HOSTS: [
        ...fixturePorts.map((fixturePort) => `127.0.0.1:${fixturePort}`),
        'austin-directory.example.com:443',
      ].join(','),
    },
  })
  await waitForHealth(baseUrl, server)
  console.log(`e2e: server ready at ${baseUrl}`)
  // The local outbox (/dev/mail) asks for the key the server wrote into DATA_DIR before listening.
  const devMailKey = (await readFile(path.join(dataDir, 'dev-mail.key'), 'utf8')).trim()

  // Extra arguments pass through to Vitest, e.g. a file filter: node apps/web/e2e/run.mjs listings
  tests = spawn(
    'npx',
    ['vitest', 'run', '--config', 'apps/web/e2e/vitest.e2e.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_WORKERS: String(JOURNEY_WORKERS),
        BASE_URL: baseUrl,
        E2E_BASE_URL: baseUrl,
        CHROMIUM_PATH: chromiumPath,
        E2E_FIXTURE_PORTS: fixturePorts.join(','),
        E2E_DEV_MAIL_KEY: devMailKey,
        E2E_TEMPLATE_PGDATA: templatePgdata,
      },
    },
  )
  exitCode = await new Promise((resolve) => {
    tests.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    tests.once('error', (error) => {
      console.error('e2e: could not start vitest', error)
      resolve(1)
    })
  })
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`)
  exitCode = 1
} finally {
  await cleanUp()
}
process.exit(exitCode)

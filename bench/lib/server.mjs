// Starts the built server on a free port with a fresh DATA_DIR (or DATABASE_URL) for a benchmark.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The Node options of the server's `npm start` (apps/server/package.json), so a benchmark measures
 * the process an owner runs: `node <options> dist/index.js`.
 */
function startOptions() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'))
  const words = scripts.start.split(/\s+/)
  if (words[0] !== 'node' || words.at(-1) !== 'dist/index.js')
    throw new Error(`unexpected start script: ${scripts.start}`)
  return words.slice(1, -1)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts the built server. Without `dataDir` a fresh temporary one is made and removed on stop; a
 * given `dataDir` is kept, so a benchmark can seed it between two starts. `nodeArgs` go before the
 * script (for example `--cpu-prof`). `cpus` (a taskset list such as '1') runs the server on those
 * CPUs only, apart from a browser the bench runs on the others.
 */
export async function startServer({
  databaseUrl,
  dataDir: givenDataDir,
  env = {},
  nodeArgs = [],
  cpus,
} = {}) {
  const port = await freePort()
  const dataDir = givenDataDir ?? mkdtempSync(path.join(tmpdir(), 'localseo-bench-'))
  const command = [
    process.execPath,
    ...startOptions(),
    ...nodeArgs,
    path.join(root, 'apps/server/dist/index.js'),
  ]
  const child = spawn(
    cpus ? 'taskset' : command[0],
    cpus ? ['-c', cpus, ...command] : command.slice(1),
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // Load tests sign up many users from one address; a bench may pass AUTH_RATE_LIMITS: 'on'.
        AUTH_RATE_LIMITS: 'off',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the server exited during start-up')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

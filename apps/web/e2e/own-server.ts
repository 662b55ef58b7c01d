// A second built server for a journey that needs its own env (a fake provider's or fake Google's
// URLs, map tiles), on its own port and data directory; the shared journey server (run.mjs) stays
// as every other journey expects it.
import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** A second built server on its own port and data directory, with extra env; `cleanups` stops it. */
export async function startServer(
  env: Record<string, string>,
  cleanups: (() => Promise<void>)[],
): Promise<string> {
  const root = fileURLToPath(new URL('../../../', import.meta.url))
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'localseo-e2e-own-'))
  // run.mjs's migrated template: the server opens it instead of creating and migrating its own.
  const template = process.env.E2E_TEMPLATE_PGDATA
  if (template) await cp(template, path.join(dataDir, 'pgdata'), { recursive: true })
  const port = await new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'apps/server/dist/index.js')],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMITS: 'off',
        SITE_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
    },
  )
  cleanups.push(async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
    await rm(dataDir, { recursive: true, force: true })
  })
  const origin = `http://127.0.0.1:${port}`
  // Up to 90 s: a first start creates and migrates the embedded database.
  for (let i = 0; i < 360; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return origin
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server at ${origin} did not start`)
}

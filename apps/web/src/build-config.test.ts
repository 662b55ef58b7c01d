// The production build keeps its source maps private (issue 14 item 6): written for debugging but
// not linked from the bundles; the server never serves *.map (apps/server/src/lib/static-web.ts).
// Checked on the build's files: `npm test` builds first, so apps/web/dist is read when it is at
// least as new as vite.config.ts; otherwise the test builds into a temporary folder.
import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, test } from 'vitest'

const webRoot = path.join(import.meta.dirname, '..')
const config = path.join(webRoot, 'vite.config.ts')
const dist = path.join(webRoot, 'dist')
const manifest = path.join(dist, '.vite', 'manifest.json')

const temporary: string[] = []
afterAll(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))))

/** A build of the current vite.config.ts: the repository's when fresh, else a new one. */
async function builtOutput(): Promise<string> {
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= statSync(config).mtimeMs) return dist
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'localseo-build-config-'))
  temporary.push(outDir)
  // Vite's command in a process of its own: this test file runs in the web project's DOM environment.
  const vite = path.dirname(createRequire(import.meta.url).resolve('vite/package.json'))
  await promisify(execFile)(
    process.execPath,
    [path.join(vite, 'bin', 'vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    { cwd: webRoot, maxBuffer: 16 * 1024 * 1024 },
  )
  return outDir
}

/** The files a browser loads (scripts, styles, pages), relative to the build folder. */
function servedFiles(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|css|html)$/.test(file))
    .sort()
}

test(
  "source maps are built 'hidden': every script has one, and no file links to it",
  async () => {
    const outDir = await builtOutput()
    const files = servedFiles(outDir)
    const scripts = files.filter((file) => file.endsWith('.js'))
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((file) => !existsSync(path.join(outDir, `${file}.map`)))).toEqual([])
    // `//# sourceMappingURL=` in scripts, `/*# sourceMappingURL= */` in styles.
    const linking = files.filter((file) =>
      /[#@] sourceMappingURL=/.test(readFileSync(path.join(outDir, file), 'utf8')),
    )
    expect(linking).toEqual([])
  },
  // A build of its own takes a while on a busy machine.
  180_000,
)

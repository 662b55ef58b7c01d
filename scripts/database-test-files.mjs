// The server's test files that use a database: those whose own imports, followed through the test
// helpers (src/testing, test/), reach src/testing/db.ts. The PostgreSQL pass runs only these
// (scripts/test.mjs); the rest do not depend on which database runs.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

const IMPORT = /(?:^|\n)\s*(?:import|export)[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g
const TEST_FILE = /\.test\.ts$/

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && TEST_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * @param {string} serverRoot the apps/server folder
 * @returns {Promise<string[]>} paths of the database test files, relative to the repository root
 */
export async function databaseTestFiles(serverRoot) {
  const target = path.join(serverRoot, 'src/testing/db.ts')
  const helpers = [path.join(serverRoot, 'src/testing'), path.join(serverRoot, 'test')]
  const reaches = new Map()

  /** Whether `file` imports db.ts, directly or through a test helper (app code never does). */
  async function reachesDatabase(file, seen = new Set()) {
    if (file === target) return true
    if (reaches.has(file)) return reaches.get(file)
    if (seen.has(file)) return false
    seen.add(file)
    let found = false
    const source = await readFile(file, 'utf8').catch(() => '')
    for (const [, specifier] of source.matchAll(IMPORT)) {
      const imported = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts')
      const followed =
        imported === target || helpers.some((dir) => imported.startsWith(dir + path.sep))
      if (followed && (await reachesDatabase(imported, seen))) {
        found = true
        break
      }
    }
    reaches.set(file, found)
    return found
  }

  const files = [
    ...(await listFiles(path.join(serverRoot, 'src'))),
    ...(await listFiles(path.join(serverRoot, 'test'))),
  ]
  const selected = []
  for (const file of files) if (await reachesDatabase(file)) selected.push(file)
  const repository = path.dirname(path.dirname(serverRoot))
  return selected.map((file) => path.relative(repository, file)).sort()
}

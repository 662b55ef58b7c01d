// The production build keeps its source maps private (issue 14 item 6): written for debugging but
// not linked from the bundles; the server never serves *.map (apps/server/src/lib/static-web.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

test("source maps are built 'hidden': no sourceMappingURL comment points browsers at them", () => {
  const config = readFileSync(path.join(import.meta.dirname, '..', 'vite.config.ts'), 'utf8')
  const settings = [...config.matchAll(/^\s*sourcemap:\s*([^,\n]+)/gm)].map((m) => m[1])
  expect(settings).toEqual(["'hidden'"])
})

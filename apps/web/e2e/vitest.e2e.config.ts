import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser journeys against a running server; started by run.mjs, which sets BASE_URL.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('../../../', import.meta.url)),
    environment: 'node',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    // One Chromium for the run; each journey opens a context on it (browser.ts).
    globalSetup: ['apps/web/e2e/browser-server.ts'],
    // Playwright, axe and the helpers load once per worker, not once per journey file (they took a
    // sixth of the journeys' time); each file's own hooks come from the setup file.
    isolate: false,
    setupFiles: ['apps/web/e2e/setup-file.ts'],
    testTimeout: 60_000,
    // expect.poll waits on the browser as long as Playwright's own waits do (30 s): Vitest's 1 s,
    // made for unit tests, ran out in CI while a loaded machine drew the geo-grid's second scan.
    expect: { poll: { timeout: 30_000 } },
    // A journey with its own server waits for its first start (own-server.ts, up to 90 s).
    hookTimeout: 120_000,
    // Journey files share the server run.mjs starts but no state (each signs up its own owner), and
    // each worker has its own fixture-site port (fixture-site.ts).
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
  },
})

import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself (one worker on CI's two); the server's tests wait on
    // their databases and timers often enough that one worker per core keeps both busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
        resolve: { conditions: ['source'] },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./src/testing/global-setup.ts'],
          setupFiles: ['./src/testing/setup-file.ts'],
          // A worker imports the app once for all its files rather than once per file (a fifth of
          // the server tests' CPU): nothing a test file changes lives at module level, since every
          // app's state is in its deps (docs/decisions/025-one-wiring.md); the worker's one database
          // is emptied before each test and checked after each file (setup-file.ts, ADR 003).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
      },
      './apps/web/vitest.config.ts',
      {
        // The page budgets read the build (apps/web/dist): `npm run test:budgets`, after the build.
        test: {
          name: 'budgets',
          root: './apps/web',
          environment: 'node',
          include: ['budgets/**/*.test.ts'],
        },
      },
    ],
  },
})

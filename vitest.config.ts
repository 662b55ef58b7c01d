import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
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

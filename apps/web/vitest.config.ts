import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A worker imports React, the router and the screens once for all its files rather than once
    // per file (three fifths of the web tests' CPU). What a test leaves behind is undone after each
    // test (src/test/setup.ts: the DOM, localStorage, early requests; restoreMocks: spies), and no
    // file mocks a module, which a shared module graph would leak into the next file.
    isolate: false,
  },
})

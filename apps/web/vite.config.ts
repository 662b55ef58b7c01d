import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

// The API server runs on 3000 in development; the browser only ever talks to the Vite origin.
const apiTarget = 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text file, served by content negotiation
    // (apps/server/src/lib/static-web.ts; docs/decisions/019-compressed-assets-and-preloading.md).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      exclude: [/\.map$/],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // '@localseo/shared/*' resolves to its TypeScript source, so no shared build is needed in dev.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/auth/v1': { target: apiTarget },
      '/api': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
  build: {
    target: 'es2022',
    // Maps are written for debugging and error reports but not linked from the bundles (no
    // sourceMappingURL), and the server never serves *.map (apps/server/src/lib/static-web.ts).
    sourcemap: 'hidden',
  },
})

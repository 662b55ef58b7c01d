import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compression } from 'vite-plugin-compression2'

// The API server runs on 3000 in development; the browser only ever talks to the Vite origin.
const apiTarget = 'http://127.0.0.1:3000'

const lib = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`)
const shared = (names: string) => new RegExp(`[\\\\/]shared[\\\\/]src[\\\\/](${names})\\.`)

// Phone numbers, postcodes and regions of every country: the business forms, listings and NAP checks.
const addressModules = [
  lib('libphonenumber-js|postcode-validator'),
  shared('regions|address-rules|countries|nap|nap-international|business-input|listings'),
]
// The chart library and what it brings: the Rank Tracker and the planner.
const chartModules = [
  lib(
    'recharts|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|decimal\\.js-light|eventemitter3|victory-vendor|d3-[a-z-]+|internmap|tiny-invariant|react-is|use-sync-external-store',
  ),
]
// Dialogs and what they bring: screens the dashboard does not open.
const dialogModules = [
  lib('@radix-ui[\\\\/]react-(alert-)?dialog|react-remove-scroll(-bar)?|aria-hidden'),
  /[\\/]components[\\/](confirm-dialog|ui[\\/](alert-)?dialog)\./,
]
// CSV files: the exports of the keyword, planner and rank screens.
const csvModules = [lib('csv-stringify'), shared('csv')]
// Toasts: loaded with the first one shown (lib/toast.ts).
const toastModules = [lib('sonner')]
// Classic zod and what only it runs (JSON Schema, the compiler, the locales): the other screens'
// parsers. zod/mini's barrels import these too, but the first screen's zod/mini schemas never run
// them, so they are not counted as the first screen's
// (docs/decisions/019-compressed-assets-and-preloading.md).
const classicZod =
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic|locales|core[\\/](to-json-schema|json-schema[a-z-]*|compile|memoizer))[\\/.]/
const sharedCode =
  /[\\/]node_modules[\\/]|[\\/]web[\\/]src[\\/](app|components|config|lib)[\\/]|[\\/]shared[\\/]src[\\/]/

const matches = (patterns: RegExp[]) => (id: string) => patterns.some((pattern) => pattern.test(id))

/** The dashboard's route (it adds other features' cards to the screen): the dashboard's chunk. */
const dashboardRoute = /[\\/]web[\\/]src[\\/]app[\\/]routes[\\/]dashboard\.tsx$/

const elsewhere = matches([
  ...addressModules,
  ...chartModules,
  ...dialogModules,
  ...csvModules,
  ...toastModules,
  dashboardRoute,
])

// What a returning owner's first screen loads: the signed-in layout, the dashboard with its
// start-up preload, the business, and the start-up check's parser of the user (app/preload.ts,
// app/router.tsx, lib/auth-before-client.ts).
const firstScreenRoots = [
  /[\\/]web[\\/]src[\\/]app[\\/]layout[\\/]protected-layout\.tsx$/,
  dashboardRoute,
  /[\\/]web[\\/]src[\\/]features[\\/]dashboard[\\/]components[\\/]dashboard-screen\.tsx$/,
  /[\\/]web[\\/]src[\\/]features[\\/]dashboard[\\/]api[\\/]prefetch-dashboard\.ts$/,
  /[\\/]web[\\/]src[\\/]lib[\\/]business\.ts$/,
  /[\\/]web[\\/]src[\\/]lib[\\/]auth-user\.ts$/,
]
const firstScreen = new Set<string>()

// lucide-react's entry re-exports every icon: followed through it, every icon any screen uses would
// count as the first screen's. Its icons are counted by the names each first-screen module imports
// from it, mapped to their files by the entry's own `export { default as Bell, … } from
// './icons/bell.mjs'` lines (docs/decisions/019-compressed-assets-and-preloading.md).
const lucideEntry = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/
const lucideImport = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g

/** Icon name to its file, from lucide-react's entry. */
function lucideIconFiles(entry: string): Map<string, string> {
  const files = new Map<string, string>()
  const line = /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g
  for (const [, names, file] of readFileSync(entry, 'utf8').matchAll(line)) {
    const path = fileURLToPath(new URL(file!, pathToFileURL(entry)))
    for (const name of names!.split(',')) {
      const alias = /default\s+as\s+(\w+)/.exec(name)?.[1]
      if (alias) files.set(alias, path)
    }
  }
  return files
}

/** The icon files a module imports by name from lucide-react. */
function lucideIconsOf(id: string, files: Map<string, string>): string[] {
  if (!/\.[jt]sx?$/.test(id) || !existsSync(id)) return []
  return [...readFileSync(id, 'utf8').matchAll(lucideImport)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0]!)
      .flatMap((name) => files.get(name) ?? []),
  )
}

/** Notes every module the first screen's roots import statically, once the build has read them. */
function firstScreenModules(): Plugin {
  return {
    name: 'localseo:first-screen-modules',
    apply: 'build',
    buildEnd() {
      firstScreen.clear()
      const entry = [...this.getModuleIds()].find((id) => lucideEntry.test(id))
      const iconFiles = entry ? lucideIconFiles(entry) : new Map<string, string>()
      const visit = (id: string) => {
        if (firstScreen.has(id) || classicZod.test(id)) return
        firstScreen.add(id)
        for (const icon of lucideIconsOf(id, iconFiles)) visit(icon)
        if (lucideEntry.test(id)) return
        this.getModuleInfo(id)?.importedIds.forEach(visit)
      }
      for (const id of this.getModuleIds()) {
        if (firstScreenRoots.some((root) => root.test(id))) visit(id)
      }
    },
  }
}

/** Libraries and the app's shared code that the signed-in shell and the dashboard need. */
function signedInShell(id: string): boolean {
  return sharedCode.test(id) && firstScreen.has(id) && !elsewhere(id)
}

/** The rest of the shared code: what other signed-in screens share. */
function otherScreens(id: string): boolean {
  return sharedCode.test(id) && !elsewhere(id)
}

const screensWithPreload = /[\\/]web[\\/]src[\\/]features[\\/](dashboard|recommendations)[\\/]/
const featureName = (id: string) =>
  dashboardRoute.test(id) ? 'dashboard' : (screensWithPreload.exec(id)?.[1] ?? null)

/**
 * A screen with a start-up preload and that preload in one file. Of the dashboard, only what its
 * first render imports: what it loads later (the Google cards) stays in a chunk of its own.
 */
function screenWithPreload(id: string): boolean {
  const feature = featureName(id)
  return feature !== null && (feature !== 'dashboard' || firstScreen.has(id))
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    firstScreenModules(),
    // Brotli and gzip copies of every text file, served by content negotiation
    // (apps/server/src/lib/static-web.ts; docs/decisions/019-compressed-assets-and-preloading.md).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      exclude: [/\.map$/],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod/mini from its own copy of zod (an npm alias of the same version): a module goes to
      // one file whole, so mini sharing zod's core with the other screens' classic zod kept all
      // of the core on the first screen; its own copy is cut to what mini uses (ADR 019).
      { find: /^zod\/mini$/, replacement: 'zod-first-screen/mini' },
    ],
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
    // dist/.vite/manifest.json: which files each route loads, for the page budgets test
    // (budgets/page-budgets.test.ts); the server never serves it (apps/server/src/lib/static-files.ts).
    manifest: true,
    // Few, larger files instead of dozens of 1 KB ones (every file is a request): what the first
    // page needs in one chunk, the libraries and shared modules of the signed-in shell in a second,
    // and what only some screens use (charts, addresses, CSV) apart; each screen keeps its own chunk
    // (docs/decisions/019-compressed-assets-and-preloading.md).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 3 },
            { name: 'charts', test: matches(chartModules), priority: 1 },
            { name: 'addresses', test: matches(addressModules), priority: 1 },
            { name: 'csv', test: matches(csvModules), priority: 1 },
            { name: 'toasts', test: matches(toastModules), priority: 1 },
            { name: 'signed-in', test: signedInShell, priority: 2 },
            // Before a screen's own group, which would otherwise take along what it shares with the
            // other screens (classic zod, the keyword terms) and make them load that screen's file.
            { name: 'screens', test: otherScreens, minShareCount: 2, priority: 2 },
            // A screen and its start-up preload (app/preload.ts) in one file.
            { name: featureName, test: screenWithPreload, priority: 2 },
          ],
        },
      },
    },
  },
})

// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The feature folders of one side, read from disk so the list cannot go stale. */
const featureNames = (base) =>
  readdirSync(new URL(`${base}/features/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

/**
 * The calls one feature may make into another, always through that feature's `public.ts`
 * (docs/decisions/014-feature-dependencies.md). Anything else is composed in app/ or lives in lib/.
 */
const allowedFeatureCalls = {
  './apps/server/src': {
    // A new business gets each feature's sample data, written by that feature; a changed profile
    // has its listings compared again (issue 16).
    business: ['backlinks', 'keywords', 'recommendations', 'listings'],
    // A listing that stops matching the profile is an alert (issue 16).
    listings: ['alerts'],
    // Recommendations read the newest backlinks and the keywords' positions for the AI task.
    recommendations: ['backlinks', 'keywords'],
    // The keyword entity and its providers are read by every screen that shows a keyword (ADR 016).
    'rank-tracker': ['keywords'],
    planner: ['keywords'],
    // A daily map-pack check that finds the business keeps its place id (issue 17).
    keywords: ['business'],
    // A grid scan asks the keywords' rank provider for map-pack positions, and keeps where a map
    // search found the business (issue 17).
    'geo-grid': ['keywords', 'business'],
    // A failed local audit check becomes a task, once; a new critical issue is an alert (issue 16).
    'site-audit': ['recommendations', 'alerts'],
    // The score reads the listing records as the Local Listings screen does,
    // and its Top Keywords are the keyword entity's (ADR 016).
    dashboard: ['listings', 'keywords'],
    // The daily work runs each feature's own check (issue 16, docs/decisions/018-job-queue.md).
    automation: ['keywords', 'backlinks', 'site-audit', 'geo-grid', 'alerts', 'integrations'],
  },
  './apps/web/src': {},
}

/** A feature never reaches into another feature except through an allowed public.ts (docs/house-rules.md "Shape"). */
const featureBoundaries = (base) =>
  featureNames(base).map((name) => ({
    target: `${base}/features/${name}`,
    from: `${base}/features`,
    except: [
      `./${name}`,
      ...(allowedFeatureCalls[base][name] ?? []).map((dependency) => `./${dependency}/public.ts`),
    ],
    message:
      'A feature imports another only through its public.ts, and only where eslint.config.js allows it (docs/decisions/014-feature-dependencies.md).',
  }))

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs'] } },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
          conditionNames: ['source', 'types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureBoundaries('./apps/server/src'),
            ...featureBoundaries('./apps/web/src'),
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared is imported by the apps, never the other way round.',
            },
            {
              target: './apps/web/src',
              from: './apps/server/src',
              message:
                'The web app may only import server types (import type) through @localseo/server.',
            },
          ],
        },
      ],
      // No string-built SQL (docs/security.md §1e).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
          message: 'sql.raw builds SQL from strings; use the sql`` template with parameters.',
        },
      ],
    },
  },
  {
    // Functions a reader can hold in mind (issue 20): data tables are the only exception, marked.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/testing/**',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // env.ts is the only reader of process.env (docs/house-rules.md "Configuration").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/env.ts', 'apps/server/src/testing/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Every answer is parsed with its zod schema, not trusted as typed (docs/web-conventions.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='json'][arguments.length=0]:not(CallExpression[callee.property.name='parse'] > AwaitExpression > CallExpression)",
          message: 'Parse the answer with its schema: schema.parse(await response.json()).',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)

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
 * Each entry names the features a caller may call and why; `npm run docs:edges` writes ADR 014's
 * table from this map, and `npm run lint` fails while that table is stale.
 * @type {Record<string, Record<string, { calls: string[], why: string }[]>>}
 */
export const allowedFeatureCalls = {
  './apps/server/src': {
    business: [
      {
        calls: ['backlinks', 'keywords', 'recommendations'],
        why: "each feature's sample data: written for a new business (`seedSampleBacklinks`, `seedDefaultKeywords`, `seedStarterTasks`), counted and removed from Settings (`countSampleBacklinks`, `removeSampleKeywords`, …)",
      },
      {
        calls: ['listings'],
        why: '`refreshListingConsistency`: a changed profile or location has its listings compared again (issue 16)',
      },
      {
        calls: ['business-profile'],
        why: '`removeSampleProfileLinks`: the links to sample Business Profile locations go with the other sample data (issue 33 item 7)',
      },
      {
        calls: ['competitors'],
        why: '`removeSampleCompetitors`: the competitors only simulated searches saw go with the other sample data (issue 34 item 7)',
      },
      {
        calls: ['automation'],
        why: "`ensureSchedules`: a new business gets its schedule rows with it, so the planner's tick reads only due rows (issue 36 item 5)",
      },
    ],
    listings: [
      {
        calls: ['alerts'],
        why: '`recordListingMismatches`: a listing that stops matching the profile is an alert (issue 16)',
      },
    ],
    recommendations: [
      { calls: ['backlinks'], why: '`newestBacklinks`, the links the AI task reads' },
      { calls: ['keywords'], why: "`latestPosition`, the keywords' positions the AI task reads" },
    ],
    'rank-tracker': [
      {
        calls: ['keywords'],
        why: 'the keyword entity (`upsertKeyword`, `releaseKeyword`), its providers and its checks (`checkNewKeywords`, `refreshTracked`): the tracker shows the same positions as every other screen (ADR 016)',
      },
    ],
    planner: [
      {
        calls: ['keywords'],
        why: "`upsertKeyword`, `releaseKeyword`, `keywordProviders`: a saved keyword is the keyword entity in the 'saved' role, with the provider's figures (ADR 016)",
      },
    ],
    'geo-grid': [
      {
        calls: ['keywords'],
        why: "`rankProviderFor`, `queryBudget`: a grid scan's map-pack searches and their cost (issue 17)",
      },
    ],
    'query-ledger': [
      {
        calls: ['keywords'],
        why: "`rankProviderFor`, `queryBudget`: the provider whose price the month's queries are counted at, and today's use for the forecast (issue 34 item 4, ADR 038)",
      },
    ],
    'site-audit': [
      {
        calls: ['recommendations'],
        why: '`addTaskOnce`, `taskIdsBySource`: a failed local check becomes a task, once',
      },
      {
        calls: ['alerts'],
        why: '`recordNewCriticalIssues`: a critical issue the audit before did not find is an alert (issue 16)',
      },
    ],
    dashboard: [
      {
        calls: ['listings'],
        why: '`recordsByLocation`: the score reads the listing records as the Local Listings screen does',
      },
      {
        calls: ['keywords'],
        why: "`listTopKeywordRows`, `countUncheckedKeywords`: the Top Keywords card is the keyword entity's (ADR 016)",
      },
    ],
    integrations: [
      {
        calls: ['keywords'],
        why: "`keywordProviders`, `simulatedPosition`: simulated Google figures come from the planner's estimates and the Rank Tracker's simulated positions, so they agree (issue 32 item 3)",
      },
    ],
    'business-profile': [
      {
        calls: ['integrations'],
        why: "`withGoogleToken`, `connectionRow`, `GOOGLE_SCOPES`: the Business Profile asks Google over the business's one Google connection, with its business.manage scope (ADR 034); `enqueueGoogleImport`: a saved link's reviews are imported at once",
      },
    ],
    reports: [
      {
        calls: ['dashboard', 'geo-grid', 'business-profile', 'keywords', 'integrations'],
        why: "`getDashboardScore`, `getScan`, `profileReviewsSummary`, `roleWhere`: the monthly report's figures are the screens' own; `googleOAuthConfig`: sample Business Profile figures without Google sign-in (issue 35 item 4, ADR 047)",
      },
    ],
    'owner-data': [
      {
        calls: ['backlinks'],
        why: "`backlinkCsvParts`, `backlinkDataLabel`: the export archive's backlinks.csv is the Backlink Monitor's download (issue 35 item 6, ADR 048)",
      },
      {
        calls: ['integrations'],
        why: '`connectionRow`, `revokeAtGoogle`, `googleOAuthConfig`: a deleted business\'s Google grant is revoked at Google first (issue 35 item 6, ADR 048)',
      },
    ],
    'share-links': [
      {
        calls: ['reports', 'dashboard', 'keywords', 'integrations'],
        why: "a share link's read-only view is the screens' own: `gatherReport`, `buildReportPdf` and `monthsWithData` for a month's report, `getDashboard` with the keyword data provider for the dashboard, `googleOAuthConfig` for sample figures (issue 35 item 5, ADR 050)",
      },
    ],
    automation: [
      {
        calls: [
          'keywords',
          'backlinks',
          'site-audit',
          'geo-grid',
          'alerts',
          'integrations',
          'business-profile',
          'competitors',
          'reports',
        ],
        why: "each feature's own scheduled work (`checkTrackedToday`, `runScheduledBacklinkChecks`, `startScheduledAudit`, `runScheduledGridScans`, `runGoogleImports`, `importProfileReviews`, `importProfilePerformance`) and the notifications it finds worth telling (`competitorNews`; ADR 018); `sendDueMonthlyReports`: last month's report on the 1st (ADR 047)",
      },
      {
        calls: ['team'],
        why: "`stopMemberAlertEmails`: an alert email's stop link turns off that member's emails alone (ADR 043)",
      },
    ],
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
      ...(allowedFeatureCalls[base][name] ?? [])
        .flatMap((edge) => edge.calls)
        .map((dependency) => `./${dependency}/public.ts`),
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
    // The web tests share one module graph per worker (apps/web/vitest.config.ts): a mocked module
    // would stay mocked for the files after. Stub with spies, which are restored after each test.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Spy on what the test needs (vi.spyOn).' },
        { object: 'vi', property: 'doMock', message: 'Spy on what the test needs (vi.spyOn).' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)

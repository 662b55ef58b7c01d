import type { GoogleAccount } from '@localseo/shared/integrations'
import type {
  SearchConsolePerformanceAnswer,
  SearchConsoleRows,
} from '@localseo/shared/search-console'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, stubNetwork, storeSession } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const connected: GoogleAccount = {
  status: 'connected',
  email: null,
  services: ['search-console'],
  searchConsoleSite: 'sc-domain:sunrisedental.com',
  connectedAt: '2026-03-10T15:00:00.000Z',
}

const importedAt = new Date(Date.now() - 3 * 3600_000).toISOString()
const SITE = 'sc-domain:sunrisedental.com'

const metrics = (clicks: number, impressions: number, position: number) => ({
  clicks,
  impressions,
  ctr: clicks / impressions,
  position,
})

const imported: Extract<SearchConsolePerformanceAnswer, { simulated: false }> = {
  simulated: false,
  siteUrl: SITE,
  import: {
    siteUrl: SITE,
    status: 'ok',
    reason: null,
    lastAttemptAt: importedAt,
    importedAt,
    lastDay: '2026-03-08',
  },
  current: { period: { from: '2026-02-09', to: '2026-03-08' }, totals: metrics(1250, 41000, 8.4) },
  previous: {
    period: { from: '2026-01-12', to: '2026-02-08' },
    totals: metrics(1000, 40000, 9.1),
  },
}

const topQueries: SearchConsoleRows = {
  dimension: 'query',
  import: imported.import,
  period: imported.current?.period ?? null,
  rows: [
    { key: 'dentist austin', current: metrics(420, 6100, 3.2), previous: null },
    { key: 'emergency dentist near me', current: metrics(95, 2300, 6.8), previous: null },
  ],
  page: 1,
  pageSize: 5,
  total: 37,
}

async function card(
  performance: SearchConsolePerformanceAnswer,
  google: GoogleAccount = connected,
) {
  storeSession()
  const connections = { searchConsole: google.status === 'connected', analytics: false }
  const { calls } = stubNetwork({
    ...ownerHandlers({ connections, google }),
    'GET /api/integrations/google/search-console/performance': () => json(performance),
    'GET /api/integrations/google/search-console/rows': () => json(topQueries),
  })
  renderApp('/dashboard')
  const region = await screen.findByRole('region', { name: 'Search Performance' })
  return { card: within(region), calls }
}

// The code-split parts these tests open load here, once, not inside a test's first findBy (issue 30).
beforeAll(async () => {
  await loadScreens(paths.dashboard)
  await import('./google-cards')
})

describe('Search Performance from Search Console (issue 18 item 2)', () => {
  test('shows the imported totals against the 28 days before, the top searches and the source', async () => {
    const { card: search } = await card(imported)
    expect(await search.findByText('1,250')).toBeVisible()
    expect(search.getByText('+25% vs the 28 days before')).toBeVisible()
    expect(search.getByText('41,000')).toBeVisible()
    expect(search.getByText('3.0%')).toBeVisible()
    expect(search.getByText('8.4')).toBeVisible()
    expect(search.getByText('better than 9.1 before')).toBeVisible()
    const rows = within(await search.findByRole('table', { name: 'Top searches' })).getAllByRole(
      'row',
    )
    expect(rows[1]).toHaveTextContent('dentist austin4206,1003.2')
    expect(search.getByRole('link', { name: 'See all 37 searches' })).toHaveAttribute(
      'href',
      '/keywords?tab=search-queries',
    )
    expect(
      search.getByText(
        /^Source: Google Search Console \(sc-domain:sunrisedental\.com\), imported 3 hours ago\. Last 28 days \(Feb 9, 2026 – Mar 8, 2026\)/,
      ),
    ).toBeVisible()
    expect(search.queryByText('Sample data')).not.toBeInTheDocument()
  })

  test('a failed import keeps the figures and says why', async () => {
    const { card: search } = await card({
      ...imported,
      import: imported.import && {
        ...imported.import,
        status: 'failed',
        reason: 'Google answered 429: the quota is used up.',
      },
    })
    expect(
      await search.findByText(
        'The last import failed: Google answered 429: the quota is used up. The figures below are from the import before.',
      ),
    ).toBeVisible()
    expect(search.getByText('1,250')).toBeVisible()
  })

  test('a property with no searches yet says so, with no table', async () => {
    const { card: search } = await card({ ...imported, current: null, previous: null })
    expect(
      await search.findByText(/has no searches for sc-domain:sunrisedental.com yet/),
    ).toBeVisible()
    expect(search.queryByRole('table')).not.toBeInTheDocument()
  })

  test('no property picked points to Settings; the first import shows as running', async () => {
    const { card: none } = await card({ ...imported, siteUrl: null, import: null, current: null })
    expect(await none.findByText(/Choose your Search Console property/)).toBeVisible()
    expect(none.getByRole('link', { name: /Choose it in Settings/ })).toHaveAttribute(
      'href',
      '/settings',
    )
  })

  test('the first import running shows as such', async () => {
    const { card: running } = await card({ ...imported, import: null, current: null })
    expect(
      await running.findByText(
        'Importing your searches from Search Console (sc-domain:sunrisedental.com)…',
      ),
    ).toBeVisible()
  })

  test('a revoked grant reads Reconnect without asking for the figures', async () => {
    const { card: search, calls } = await card(imported, {
      status: 'revoked',
      email: null,
      revokedAt: '2026-03-11T09:00:00.000Z',
      reason: 'Google refused the saved access (invalid_grant).',
    })
    expect(
      await search.findByText('Reconnect: Google access was revoked on Mar 11, 2026'),
    ).toBeVisible()
    expect(search.getByText('Google refused the saved access (invalid_grant).')).toBeVisible()
    expect(calls.some((call) => call.includes('/search-console/performance'))).toBe(false)
  })
})

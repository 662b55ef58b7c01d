import type { AnalyticsStatus } from '@localseo/shared/analytics'
import type { GoogleAccount } from '@localseo/shared/integrations'
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const connected: GoogleAccount = {
  status: 'connected',
  email: null,
  services: ['analytics'],
  searchConsoleSite: null,
  connectedAt: '2026-03-10T15:00:00.000Z',
}

const importedAt = new Date(Date.now() - 2 * 3600_000).toISOString()

const imported: Extract<AnalyticsStatus, { status: 'property' }> = {
  status: 'property',
  property: 'properties/314159265',
  propertyName: 'sunrisedental.com - GA4',
  import: { state: 'ok', reason: null, lastAttemptAt: importedAt, importedAt, groupedOther: true },
  figures: {
    current: {
      activeUsers: 1842,
      newUsers: 1310,
      returningUsers: 604,
      sessions: 2675,
      pageViews: 6120,
    },
    previous: {
      activeUsers: 1655,
      newUsers: 1190,
      returningUsers: 540,
      sessions: 2390,
      pageViews: 5530,
    },
    channels: [
      { label: 'Organic Search', value: 1500, previous: 1300 },
      { label: 'Direct', value: 500, previous: 450 },
    ],
    pages: [
      { label: '/', value: 2210, previous: null },
      { label: '(other)', value: 702, previous: null },
    ],
    cities: [
      { label: 'Austin', value: 1016, previous: null },
      { label: '(not set)', value: 61, previous: null },
    ],
  },
}

async function card(status: AnalyticsStatus, google: GoogleAccount = connected) {
  storeSession()
  const connections = { searchConsole: false, analytics: google.status === 'connected' }
  stubNetwork({
    ...ownerHandlers({ connections, google }),
    'GET /api/integrations/google/analytics': () => json(status),
  })
  renderApp('/dashboard')
  return within(await screen.findByRole('region', { name: 'Website Analytics' }))
}

// The code-split parts these tests open load here, once, not inside a test's first findBy (issue 30).
beforeAll(async () => {
  await loadScreens(paths.dashboard)
  await import('./google-cards')
})

describe('Website Analytics from Google Analytics 4 (issue 18 item 3)', () => {
  test('shows the imported visitors, channels, pages and cities with their source and time', async () => {
    const analytics = await card(imported)
    expect(await analytics.findByText('1,842')).toBeVisible()
    expect(analytics.getByText('+11% vs the 28 days before')).toBeVisible()
    expect(analytics.getByText('1,310')).toBeVisible()
    expect(analytics.getByText('604')).toBeVisible()
    expect(
      within(analytics.getByRole('list', { name: 'Visits by channel' })).getAllByRole(
        'listitem',
      )[0],
    ).toHaveTextContent('Organic Search75%')
    expect(analytics.getByRole('list', { name: 'Top pages' })).toHaveTextContent(
      'Other pages (grouped by Google)702 views',
    )
    expect(analytics.getByRole('list', { name: 'Top cities' })).toHaveTextContent(
      'Unknown city61 visitors',
    )
    expect(
      analytics.getByText(
        'Source: Google Analytics 4 (sunrisedental.com - GA4), imported 2 hours ago. Last 28 days.',
      ),
    ).toBeVisible()
    expect(analytics.queryByText('Sample data')).not.toBeInTheDocument()
  })

  test('a failed import keeps the figures and says why', async () => {
    const analytics = await card({
      ...imported,
      import: { ...imported.import, state: 'failed', reason: 'The quota is used up.' },
    })
    expect(
      await analytics.findByText(
        'The last import failed: The quota is used up. The figures below are from the import before.',
      ),
    ).toBeVisible()
    expect(analytics.getByText('1,842')).toBeVisible()
  })

  test('a property Google has no data for says so in plain words', async () => {
    const analytics = await card({ ...imported, figures: null })
    expect(
      await analytics.findByText(/has no visits recorded for sunrisedental.com - GA4/),
    ).toBeVisible()
  })

  test('no property picked yet points to Settings', async () => {
    const analytics = await card({ status: 'no_property' })
    expect(await analytics.findByText(/Choose your Google Analytics property/)).toBeVisible()
    expect(analytics.getByRole('link', { name: /Choose it in Settings/ })).toHaveAttribute(
      'href',
      '/settings',
    )
  })

  test('the first import running shows as such', async () => {
    const analytics = await card({
      ...imported,
      import: { ...imported.import, state: 'pending', importedAt: null, lastAttemptAt: null },
      figures: null,
    })
    expect(
      await analytics.findByText(/Importing your visitors from Google Analytics/),
    ).toBeVisible()
  })

  test('a revoked grant turns the card into Reconnect, even though the service reads disconnected', async () => {
    const analytics = await card(
      { status: 'revoked', revokedAt: '2026-03-11T09:00:00.000Z', reason: 'Google refused it.' },
      { status: 'revoked', email: null, revokedAt: '2026-03-11T09:00:00.000Z', reason: 'x' },
    )
    expect(
      await analytics.findByText('Reconnect: Google access was revoked on Mar 11, 2026'),
    ).toBeVisible()
    expect(analytics.getByRole('link', { name: 'Reconnect Google in Settings' })).toBeVisible()
  })
})

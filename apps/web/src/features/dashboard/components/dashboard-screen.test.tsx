import type { GoogleConnections } from '@localseo/shared/integrations'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import {
  analyticsData,
  dashboardBody,
  ownerHandlers,
  savedBusiness,
  searchConsoleData,
  twoLocations,
} from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const samplePeriod = { from: '2026-02-10', to: '2026-03-09', days: 28 }

function signIn({
  business = savedBusiness,
  connections = { searchConsole: false, analytics: false },
  dashboardData,
  dashboardStatus = 200,
}: {
  business?: typeof savedBusiness
  connections?: GoogleConnections
  dashboardData?: object
  dashboardStatus?: number
} = {}) {
  storeSession()
  const dataRequests: string[] = []
  const network = stubNetwork({
    ...ownerHandlers({ business, connections }),
    ...(dashboardData ? { 'GET /api/dashboard': () => json(dashboardData, dashboardStatus) } : {}),
    'GET /api/integrations/analytics/data': (request) => {
      dataRequests.push(`analytics ${new URL(request.url).search}`)
      return json({ data: analyticsData, simulated: true, period: samplePeriod })
    },
    'GET /api/integrations/search-console/data': (request) => {
      dataRequests.push(`search-console ${new URL(request.url).search}`)
      return json({ data: searchConsoleData, simulated: true, period: samplePeriod })
    },
  })
  renderApp('/dashboard')
  return { ...network, dataRequests }
}

const withLocations = { ...savedBusiness, locations: twoLocations }

async function dashboard() {
  return screen.findByRole('heading', { name: 'Dashboard' })
}

// The code-split parts these tests open load here, once, not inside a test's first findBy (issue 30).
beforeAll(async () => {
  await loadScreens(paths.dashboard)
  await import('./google-cards')
})
afterEach(() => vi.unstubAllGlobals())

describe('dashboard', () => {
  test('without extra locations there is no location picker and no banner', async () => {
    signIn()
    await dashboard()
    await screen.findByText('dentist austin')
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Viewing data for:/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Show all locations/ })).not.toBeInTheDocument()
  })

  test('the picker lists the main business and every location; a location shows the banner', async () => {
    const { dataRequests } = signIn({
      business: withLocations,
      connections: { searchConsole: true, analytics: true },
    })
    await dashboard()
    const picker = screen.getByRole('combobox', { name: 'Location' })
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sunrise Dental (Main)', 'Sunrise Dental - Downtown', 'Sunrise Dental - Round Rock'])
    expect(picker).toHaveValue('main')
    expect(screen.queryByText(/Viewing data for:/)).not.toBeInTheDocument()
    // The Google cards load apart (google-cards.tsx), then ask for the main business's data.
    await waitFor(() =>
      expect([...dataRequests].sort()).toEqual([
        'analytics ?location=main',
        'search-console ?location=main',
      ]),
    )

    const user = userEvent.setup()
    await user.selectOptions(picker, 'loc_2')
    expect(screen.getByText('Viewing data for: Sunrise Dental - Round Rock')).toBeVisible()
    // The simulated Google data is asked for again, for the chosen location.
    await waitFor(() =>
      expect(dataRequests).toEqual(
        expect.arrayContaining([
          'analytics ?location=main',
          'analytics ?location=loc_2',
          'search-console ?location=main',
          'search-console ?location=loc_2',
        ]),
      ),
    )

    await user.selectOptions(picker, 'main')
    expect(screen.queryByText(/Viewing data for:/)).not.toBeInTheDocument()
  })

  test('the business card shows the main (business) address and toggles the list of all locations', async () => {
    signIn({ business: withLocations })
    await dashboard()
    // 'Main' is the business itself, as in the picker, and it is the primary location (ADR 033).
    expect(screen.getByText('Main address')).toBeVisible()
    expect(screen.getByText('100 Congress Ave, Austin, TX 78701')).toBeVisible()
    const website = screen.getByRole('link', { name: /sunrisedental\.com/ })
    expect(website).toHaveAttribute('href', 'https://sunrisedental.com')
    expect(website).toHaveAttribute('target', '_blank')
    expect(website).toHaveAttribute('rel', expect.stringContaining('noopener'))

    const user = userEvent.setup()
    const toggle = screen.getByRole('button', { name: 'Show all locations (3)' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    const list = screen.getByRole('list', { name: 'All locations' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    // The main address comes first and is the one marked Primary; no additional location is.
    expect(within(items[0]!).getByText('Sunrise Dental (Main)')).toBeVisible()
    expect(within(items[0]!).getByText('Primary')).toBeVisible()
    expect(within(items[0]!).getByText('100 Congress Ave, Austin, TX 78701')).toBeVisible()
    expect(within(items[1]!).getByText('Sunrise Dental - Downtown')).toBeVisible()
    expect(within(items[1]!).getByText('200 Main St, Austin, TX 78702')).toBeVisible()
    expect(within(items[1]!).queryByText('Primary')).not.toBeInTheDocument()
    expect(within(items[2]!).queryByText('Primary')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Hide additional locations' }))
    expect(screen.queryByRole('list', { name: 'All locations' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Show all locations (3)' })).toBeVisible()
  })

  test('without locations the main address is the business address too', async () => {
    signIn()
    await dashboard()
    expect(screen.getByText('Main address')).toBeVisible()
    expect(screen.getByText('100 Congress Ave, Austin, TX 78701')).toBeVisible()
    expect(screen.queryByText('Primary address')).not.toBeInTheDocument()
  })

  test('a dashboard that fails to load says so, never the starting 72 in place of a score', async () => {
    // A server error is asked again twice, 1 s and then 2 s later, before the failure shows: on the
    // test clock. Testing Library advances fake timers only where it finds Jest's: this names
    // Vitest's to it (unstubbed after each test).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    try {
      const { calls } = signIn({
        dashboardData: { error: { code: 'internal', message: 'Something went wrong.' } },
        dashboardStatus: 500,
      })
      await dashboard()
      await act(() => vi.advanceTimersByTimeAsync(3_000))
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Could not load your dashboard. Please try again later.',
      )
      expect(calls.filter((call) => call === 'GET /api/dashboard')).toHaveLength(3)
      expect(screen.queryByText('72')).not.toBeInTheDocument()
      expect(screen.queryByRole('region', { name: 'Local SEO Score' })).not.toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })

  test('before the first site audit the score reads 72 out of 100 and invites an audit', async () => {
    signIn()
    await dashboard()
    expect(await screen.findByText('72')).toBeVisible()
    expect(screen.getByText('out of 100')).toBeVisible()
    await screen.findByText('dentist austin')
    const card = within(screen.getByRole('region', { name: 'Local SEO Score' }))
    // The score says where it came from (issue 15 item 2).
    expect(card.getByText('Estimate')).toBeVisible()
    expect(card.getByRole('link', { name: 'Run a site audit' })).toHaveAttribute(
      'href',
      '/dashboard/audit',
    )
    expect(screen.queryByRole('list', { name: 'Score breakdown' })).not.toBeInTheDocument()
  })

  test('after a site audit the measured score shows each part with its weight and explanation', async () => {
    signIn({
      dashboardData: {
        ...dashboardBody,
        score: 64,
        measured: true,
        scoreNote: 'Reviews are left out.',
        scoreAudit: { runId: 'r1', finishedAt: '2026-03-10T12:01:00.000Z' },
        scoreSource: { kind: 'measured', at: '2026-03-10T12:01:00.000Z' },
        breakdown: [
          {
            group: 'local',
            label: 'Local signals on your website',
            weight: 23,
            score: 35,
            explanation: '2 local checks failed (1 critical, 1 alert).',
          },
          {
            group: 'links',
            label: 'Backlinks',
            weight: 33,
            score: 80,
            explanation: '4 backlinks from 3 websites.',
          },
        ],
      },
    })
    await dashboard()
    expect(await screen.findByText('64')).toBeVisible()
    // 12:01 UTC is 8:01 am in New York, the business's time zone (issue 32 item 5).
    expect(screen.getByText('Measured Mar 10, 8:01 AM')).toBeVisible()
    expect(screen.getByRole('meter', { name: 'Local SEO Score' })).toHaveAttribute(
      'aria-valuenow',
      '64',
    )
    const parts = within(await screen.findByRole('list', { name: 'Score breakdown' })).getAllByRole(
      'listitem',
    )
    expect(parts).toHaveLength(2)
    expect(parts[0]).toHaveTextContent(
      'Local signals on your website35/100Needs work · 23% of the score',
    )
    expect(
      within(parts[1]!).getByRole('meter', { name: 'Backlinks: 80 out of 100' }),
    ).toHaveAttribute('aria-valuenow', '80')
    // Each part's explanation opens on demand, with what the score leaves out.
    expect(screen.queryByText('4 backlinks from 3 websites.')).not.toBeInTheDocument()
    const explain = screen.getByRole('button', { name: 'Explain each part' })
    expect(explain).toHaveAttribute('aria-expanded', 'false')
    await userEvent.setup().click(explain)
    expect(screen.getByRole('button', { name: 'Hide explanations' })).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    expect(parts[0]).toHaveTextContent('2 local checks failed (1 critical, 1 alert).')
    expect(screen.getByText('4 backlinks from 3 websites.')).toBeVisible()
    expect(screen.getByText('Reviews are left out.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'your site audit' })).toHaveAttribute(
      'href',
      '/dashboard/audit',
    )
    expect(
      within(screen.getByRole('region', { name: 'Local SEO Score' })).queryByRole('link', {
        name: 'Run a site audit',
      }),
    ).not.toBeInTheDocument()
  })

  test('top keyword positions carry their number and the product colour (green, yellow, red)', async () => {
    signIn()
    await dashboard()
    const list = await screen.findByRole('list', { name: 'Top keywords' })
    const positions = within(list)
      .getAllByText(/^#\d+$/, { ignore: '.sr-only' })
      .map((node) => node.closest<HTMLElement>('[data-tone]')!)
    expect(positions.map((p) => p.textContent)).toEqual([
      'Position #4',
      'Position #15',
      'Position #27',
    ])
    expect(positions.map((p) => p.dataset.tone)).toEqual(['good', 'fair', 'poor'])
    expect(positions[0]).toHaveClass('text-success')
    expect(positions[1]).toHaveClass('bg-warning/20')
    expect(positions[2]).toHaveClass('text-destructive')
  })

  test('issues show their severity in words', async () => {
    signIn()
    await dashboard()
    const issues = within(await screen.findByRole('list', { name: 'Issues to fix' }))
    const items = issues.getAllByRole('listitem')
    expect(items[0]).toHaveTextContent('HighAdd your website.')
    expect(items[1]).toHaveTextContent('MediumRound Rock has no phone.')
  })

  test('the Google cards appear only for connected services and are labelled simulated, with their period', async () => {
    const { dataRequests } = signIn({ connections: { searchConsole: false, analytics: true } })
    await dashboard()
    // Once the server says Google is simulated, the simulated card replaces the loading one.
    const analytics = within(await screen.findByRole('region', { name: 'Website Analytics' }))
    expect(await analytics.findByText('Simulated')).toBeVisible()
    expect(analytics.getByText(/Simulated figures for the last 28 days/)).toBeVisible()
    expect(analytics.queryByText('Sample data')).not.toBeInTheDocument()
    expect(await analytics.findByText('1,520')).toBeVisible()
    const pages = within(analytics.getByRole('list', { name: 'Top pages' })).getAllByRole(
      'listitem',
    )
    expect(pages.map((p) => p.firstElementChild?.textContent)).toEqual([
      '/',
      '/services',
      '/contact',
    ])
    expect(screen.queryByRole('region', { name: 'Search Performance' })).not.toBeInTheDocument()
    expect(dataRequests.some((r) => r.startsWith('search-console'))).toBe(false)
  })

  test('with nothing connected neither Google card is shown', async () => {
    const { dataRequests } = signIn()
    await dashboard()
    await screen.findByText('Business information saved')
    expect(screen.queryByRole('region', { name: 'Website Analytics' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Search Performance' })).not.toBeInTheDocument()
    expect(dataRequests).toEqual([])
  })

  test('search performance lists queries with clicks, impressions and position, and devices', async () => {
    signIn({ connections: { searchConsole: true, analytics: false } })
    await dashboard()
    const card = within(await screen.findByRole('region', { name: 'Search Performance' }))
    const rows = await card.findAllByRole('row')
    expect(rows[1]).toHaveTextContent('dentist austin1202,400Position #4')
    expect(card.getByText('61%')).toBeVisible()
  })

  test('recent activity shows messages with relative times', async () => {
    signIn()
    await dashboard()
    const activity = within(await screen.findByRole('list', { name: 'Recent activity' }))
    expect(activity.getByText('Business information saved')).toBeVisible()
    expect(activity.getByText('5 minutes ago')).toBeVisible()
  })
})

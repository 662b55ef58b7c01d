import type {
  SearchConsoleImport,
  SearchConsolePerformanceAnswer,
  SearchConsoleRow,
  SearchConsoleRows,
} from '@localseo/shared/search-console'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const PERFORMANCE = 'GET /api/integrations/google/search-console/performance'
const ROWS = 'GET /api/integrations/google/search-console/rows'
const CONNECT = 'Connect Google Search Console in Settings'
const SIMULATED = 'GET /api/integrations/search-console/data'

/** The simulated Search Console's answer: one search for the last 28 days. */
const simulatedSearches = (query: string) =>
  json({
    simulated: true,
    period: { from: '2026-02-10', to: '2026-03-09', days: 28 },
    data: {
      keywords: [{ query, position: 7.4, clicks: 9, impressions: 83, ctr: 10.8 }],
      pages: [],
      devices: { mobile: 60, desktop: 35, tablet: 5 },
    },
  })

const importedAt = new Date(Date.now() - 2 * 3600_000).toISOString()

const run: SearchConsoleImport = {
  siteUrl: 'sc-domain:sunrisedental.com',
  status: 'ok',
  reason: null,
  lastAttemptAt: importedAt,
  importedAt,
  lastDay: '2026-09-30',
}

const totals = { clicks: 1300, impressions: 22000, ctr: 0.059, position: 5.1 }

const performance: SearchConsolePerformanceAnswer = {
  simulated: false,
  siteUrl: run.siteUrl,
  import: run,
  current: { period: { from: '2026-09-03', to: '2026-09-30' }, totals },
  previous: { period: { from: '2026-08-06', to: '2026-09-02' }, totals },
}

const rows: SearchConsoleRow[] = [
  {
    key: 'dentist austin',
    current: { clicks: 1234, impressions: 20500, ctr: 0.0602, position: 3.4 },
    previous: { clicks: 1222, impressions: 21000, ctr: 0.0582, position: 4.1 },
  },
  {
    key: 'emergency dentist',
    current: { clicks: 40, impressions: 900, ctr: 0.0444, position: 8.3 },
    previous: { clicks: 43, impressions: 800, ctr: 0.05375, position: 7.5 },
  },
  {
    key: 'teeth whitening austin',
    current: { clicks: 7, impressions: 120, ctr: 0.0583, position: 11 },
    previous: null,
  },
]

function answer(url: URL, overrides: Partial<SearchConsoleRows> = {}): SearchConsoleRows {
  const dimension = url.searchParams.get('dimension') === 'page' ? 'page' : 'query'
  return {
    dimension,
    import: run,
    period: { from: '2026-09-03', to: '2026-09-30' },
    rows:
      dimension === 'page'
        ? [{ ...rows[0]!, key: 'https://sunrisedental.com/emergency-dental-care-downtown-austin' }]
        : rows,
    page: Number(url.searchParams.get('page')),
    pageSize: Number(url.searchParams.get('pageSize')),
    total: 160,
    ...overrides,
  }
}

/** Opens Keyword Analysis, then its Search queries tab; a null performance answers 404 like the server. */
async function openTab({
  performanceAnswer = performance,
  rowsAnswer = answer,
}: {
  /** Asked on every request, so a test can change it between polls. */
  performanceAnswer?:
    SearchConsolePerformanceAnswer | null | (() => SearchConsolePerformanceAnswer | null)
  rowsAnswer?: (url: URL) => SearchConsoleRows
} = {}) {
  storeSession()
  const urls: URL[] = []
  const network = stubNetwork({
    ...ownerHandlers(),
    'GET /api/keywords': () => json({ keywords: [] }),
    'GET /api/keywords/suggestions': () => json({ keywords: [], estimated: true }),
    [PERFORMANCE]: () => {
      const body = typeof performanceAnswer === 'function' ? performanceAnswer() : performanceAnswer
      return body === null
        ? json({ error: { code: 'not_found', message: 'Google is not connected.' } }, 404)
        : json(body)
    },
    [ROWS]: (request) => {
      const url = new URL(request.url)
      urls.push(url)
      return json(rowsAnswer(url))
    },
  })
  renderApp('/keywords')
  const user = userEvent.setup()
  await user.click(await screen.findByRole('tab', { name: 'Search queries' }))
  const panel = within(screen.getByRole('tabpanel', { name: 'Search queries' }))
  return { ...network, urls, user, panel }
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

// The code-split parts these tests open load here, once, not inside a test's first findBy (issue 30).
beforeAll(async () => {
  await loadScreens(paths.keywords)
  await import('./search-queries-tab')
})

afterEach(() => vi.restoreAllMocks())

describe('Search queries tab (issue 18 item 2)', () => {
  test('nothing about Search Console is asked until the tab is opened', async () => {
    storeSession()
    const { calls } = stubNetwork({
      ...ownerHandlers(),
      'GET /api/keywords': () => json({ keywords: [] }),
      'GET /api/keywords/suggestions': () => json({ keywords: [], estimated: true }),
    })
    renderApp('/keywords')
    expect(await screen.findByRole('tab', { name: 'Analysis', selected: true })).toBeVisible()
    expect(await screen.findByRole('region', { name: 'Current Keyword Rankings' })).toBeVisible()
    expect(calls.filter((call) => call.includes('search-console'))).toEqual([])
  })

  test("the dashboard's link (?tab=search-queries) opens the tab, and Analysis goes back", async () => {
    storeSession()
    stubNetwork({
      ...ownerHandlers(),
      'GET /api/keywords': () => json({ keywords: [] }),
      'GET /api/keywords/suggestions': () => json({ keywords: [], estimated: true }),
      [PERFORMANCE]: () => json(performance),
      [ROWS]: (request) => json(answer(new URL(request.url))),
    })
    renderApp('/keywords?tab=search-queries')
    expect(await screen.findByRole('tab', { name: 'Search queries', selected: true })).toBeVisible()
    expect(await screen.findByRole('table', { name: 'Search queries' })).toBeVisible()
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Analysis' }))
    expect(await screen.findByRole('tab', { name: 'Analysis', selected: true })).toBeVisible()
  })

  test('lists the queries with their change since the 28 days before, and where they come from', async () => {
    const { panel, urls } = await openTab()
    const table = within(await panel.findByRole('table', { name: 'Search queries' }))
    const [header, first, second, third] = table.getAllByRole('row')
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Query', 'Clicks', 'Impressions', 'CTR', 'Avg. position'])
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('dentist austin')
    expect(cellTexts(first!)).toEqual([
      '1,234+12 (up)',
      '20,500−500 (down)',
      '6.0%+0.2% (up)',
      '3.4+0.7 (better)',
    ])
    expect(cellTexts(second!)).toEqual([
      '40−3 (down)',
      '900+100 (up)',
      '4.4%−0.9% (down)',
      '8.3−0.8 (worse)',
    ])
    expect(within(third!).getByRole('rowheader')).toHaveTextContent('teeth whitening austinNew')
    expect(cellTexts(third!)).toEqual(['7', '120', '5.8%', '11.0'])
    expect(panel.getByText('Page 1 of 7')).toBeVisible()
    expect(
      panel.getByText(
        'Source: Google Search Console (sunrisedental.com), imported 2 hours ago. Last 28 days (Sep 3, 2026 – Sep 30, 2026) compared with the 28 days before.',
      ),
    ).toBeVisible()
    expect(urls.map((url) => url.search)).toEqual(['?dimension=query&page=1&pageSize=25'])
  })

  test('Next asks for page 2 and Previous goes back', async () => {
    const { panel, urls, user } = await openTab()
    await panel.findByRole('table', { name: 'Search queries' })
    expect(panel.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(panel.getByRole('button', { name: 'Next' }))
    expect(await panel.findByText('Page 2 of 7')).toBeVisible()
    expect(urls.at(-1)?.searchParams.get('page')).toBe('2')
    await user.click(panel.getByRole('button', { name: 'Previous' }))
    expect(await panel.findByText('Page 1 of 7')).toBeVisible()
  })

  test('Pages lists the pages, from the first page again', async () => {
    const { panel, urls, user } = await openTab()
    await panel.findByRole('table', { name: 'Search queries' })
    await user.click(panel.getByRole('button', { name: 'Next' }))
    await panel.findByText('Page 2 of 7')
    await user.click(panel.getByRole('button', { name: 'Pages' }))
    const table = within(await panel.findByRole('table', { name: 'Pages' }))
    expect(panel.getByRole('button', { name: 'Pages' })).toHaveAttribute('aria-pressed', 'true')
    expect(panel.getByRole('button', { name: 'Queries' })).toHaveAttribute('aria-pressed', 'false')
    expect(table.getByRole('columnheader', { name: 'Page' })).toBeVisible()
    expect(
      table.getByRole('rowheader', {
        name: 'https://sunrisedental.com/emergency-dental-care-downtown-austin',
      }),
    ).toBeVisible()
    expect(urls.at(-1)?.search).toBe('?dimension=page&page=1&pageSize=25')
  })

  test('a page that no longer exists after a newer import leads back to the first', async () => {
    const { panel, urls, user } = await openTab({
      rowsAnswer: (url) =>
        url.searchParams.get('page') === '1' ? answer(url) : answer(url, { rows: [], total: 0 }),
    })
    await panel.findByRole('table', { name: 'Search queries' })
    await user.click(panel.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(urls.map((url) => url.searchParams.get('page'))).toContain('2'))
    expect(await panel.findByText('Page 1 of 7')).toBeVisible()
    expect(panel.getByRole('button', { name: 'Next' })).toBeEnabled()
    expect(panel.queryByText(/Google has no search data/)).toBeNull()
  })

  test('the Analysis tab keeps what was typed while Search queries is open', async () => {
    const { user } = await openTab()
    await user.click(screen.getByRole('tab', { name: 'Analysis' }))
    await user.type(screen.getByLabelText('Keyword'), 'dentist')
    await user.click(screen.getByRole('tab', { name: 'Search queries' }))
    expect(await screen.findByRole('table', { name: 'Search queries' })).toBeVisible()
    expect(screen.getByLabelText('Keyword')).not.toBeVisible()
    await user.click(screen.getByRole('tab', { name: 'Analysis' }))
    expect(screen.getByLabelText('Keyword')).toHaveValue('dentist')
  })

  test.each([
    ['Google is simulated on this server', { simulated: true } as const],
    ['Google is not connected', null],
  ])('%s: the tab sends the owner to Settings and asks for no rows', async (_, state) => {
    const { panel, calls } = await openTab({ performanceAnswer: state })
    const link = await panel.findByRole('link', {
      name: 'Connect Google Search Console in Settings',
    })
    expect(link).toHaveAttribute('href', '/settings')
    expect(calls).not.toContain(ROWS)
  })

  test('Google simulated and Search Console turned on: the tab lists the simulated searches, labelled, with their period (issue 32 item 3)', async () => {
    storeSession()
    const { calls } = stubNetwork({
      ...ownerHandlers({ connections: { searchConsole: true, analytics: false } }),
      'GET /api/keywords': () => json({ keywords: [] }),
      'GET /api/keywords/suggestions': () => json({ keywords: [], estimated: true }),
      [PERFORMANCE]: () => json({ simulated: true }),
      [SIMULATED]: () => simulatedSearches('dentist austin'),
    })
    renderApp('/keywords')
    await userEvent.click(await screen.findByRole('tab', { name: 'Search queries' }))
    const panel = within(screen.getByRole('tabpanel', { name: 'Search queries' }))
    const table = await panel.findByRole('table', { name: 'Simulated search queries' })
    expect(within(table).getByRole('rowheader', { name: 'dentist austin' })).toBeVisible()
    expect(within(table).getByText('83')).toBeVisible()
    expect(panel.getByText('Simulated')).toBeVisible()
    expect(panel.getByText(/for the last 28 days/)).toBeVisible()
    expect(panel.queryByRole('link', { name: CONNECT })).not.toBeInTheDocument()
    expect(calls).not.toContain(ROWS)
  })

  /** The tab for the second location, 'Sunrise Dental - Round Rock'. */
  async function openOffMain(performanceAnswer: SearchConsolePerformanceAnswer) {
    storeSession()
    stubNetwork({
      ...ownerHandlers({
        business: { ...savedBusiness, locations: twoLocations },
        connections: { searchConsole: true, analytics: false },
      }),
      'GET /api/keywords': () => json({ keywords: [] }),
      'GET /api/keywords/suggestions': () => json({ keywords: [], estimated: true }),
      [PERFORMANCE]: () => json(performanceAnswer),
      [ROWS]: (request) => json(answer(new URL(request.url))),
      [SIMULATED]: () => simulatedSearches('dentist round rock'),
    })
    renderApp('/keywords')
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Location' }), 'loc_2')
    await user.click(screen.getByRole('tab', { name: 'Search queries' }))
    return within(screen.getByRole('tabpanel', { name: 'Search queries' }))
  }

  test('off the main location, simulated figures say they are for this location, not the whole website (issue 32 item 3)', async () => {
    const panel = await openOffMain({ simulated: true })
    await panel.findByRole('table', { name: 'Simulated search queries' })
    expect(panel.getByText(/simulated figures are for this location only/)).toBeVisible()
    expect(panel.queryByText(/whole website/)).not.toBeInTheDocument()
  })

  test('off the main location, real Search Console figures say they are for the whole website', async () => {
    const panel = await openOffMain(performance)
    expect(await panel.findByText(/for your whole website, not one location/)).toBeVisible()
    expect(panel.queryByText(/this location only/)).not.toBeInTheDocument()
  })

  test('connected without a chosen property: the owner is asked to pick one', async () => {
    const { panel, calls } = await openTab({
      performanceAnswer: {
        ...performance,
        siteUrl: null,
        import: null,
        current: null,
        previous: null,
      },
    })
    const link = await panel.findByRole('link', {
      name: 'Pick your Search Console property in Settings',
    })
    expect(link).toHaveAttribute('href', '/settings')
    expect(calls).not.toContain(ROWS)
  })

  test('while the first import runs the tab says so, and shows the rows once it arrives', async () => {
    // The tab asks again every 3 s while the import runs: on the test clock (intervals only, so
    // rendering and Testing Library keep their real timers), not waited for.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    try {
      const running = { ...performance, import: null, current: null, previous: null }
      let state: SearchConsolePerformanceAnswer = running
      const { panel, calls } = await openTab({ performanceAnswer: () => state })
      expect(
        await panel.findByText('The first import from Search Console is running…'),
      ).toBeVisible()
      expect(calls).not.toContain(ROWS)
      state = performance
      await act(() => vi.advanceTimersByTimeAsync(2_999))
      expect(calls.filter((call) => call === PERFORMANCE)).toHaveLength(1)
      // The next poll finds the finished import.
      await act(() => vi.advanceTimersByTimeAsync(1))
      vi.useRealTimers()
      expect(await panel.findByRole('table', { name: 'Search queries' })).toBeVisible()
      expect(calls.filter((call) => call === PERFORMANCE)).toHaveLength(2)
    } finally {
      vi.useRealTimers()
    }
  })

  test('a failed import shows its reason above the rows kept from the import before', async () => {
    const failed: SearchConsoleImport = {
      ...run,
      status: 'failed',
      reason: 'Google refused access to this property (403).',
    }
    const { panel } = await openTab({
      performanceAnswer: { ...performance, import: failed },
      rowsAnswer: (url) => answer(url, { import: failed }),
    })
    expect(
      await panel.findByText(
        'The last import from Search Console failed: Google refused access to this property (403). The figures below are from the import before.',
      ),
    ).toBeVisible()
    expect(panel.getByRole('table', { name: 'Search queries' })).toBeVisible()
  })

  test('a first import that failed shows only its reason', async () => {
    const failed: SearchConsoleImport = {
      ...run,
      status: 'failed',
      reason: 'The Search Console quota is spent for today.',
      importedAt: null,
      lastDay: null,
    }
    const { panel } = await openTab({
      performanceAnswer: { ...performance, import: failed, current: null, previous: null },
      rowsAnswer: (url) => answer(url, { import: failed, period: null, rows: [], total: 0 }),
    })
    expect(
      await panel.findByText(
        'The last import from Search Console failed: The Search Console quota is spent for today.',
      ),
    ).toBeVisible()
    expect(panel.queryByRole('table')).toBeNull()
    expect(panel.queryByText(/^Source:/)).toBeNull()
  })

  test('a property without searches in the last 28 days says so', async () => {
    const { panel } = await openTab({
      rowsAnswer: (url) => answer(url, { rows: [], total: 0 }),
    })
    expect(
      await panel.findByText('Google has no search data for this property in the last 28 days.'),
    ).toBeVisible()
    expect(panel.queryByRole('table')).toBeNull()
    expect(panel.queryByRole('button', { name: 'Pages' })).toBeNull()
    expect(panel.getByText(/^Source: Google Search Console \(sunrisedental\.com\)/)).toBeVisible()
  })
})

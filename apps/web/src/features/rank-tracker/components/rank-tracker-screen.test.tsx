import type { RankCheck, RankRange } from '@localseo/shared/rank-tracker'
import { rangeDays } from '@localseo/shared/rank-tracker'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { emptyBusiness } from '@localseo/shared/business'
import { deferred, json, signedInHandlers, storeSession, stubNetwork } from '@/test/network'
import { historyHandlers } from '@/test/rank-history'
import { loadScreens, renderApp } from '@/test/render-app'

const keywords = [
  {
    id: 'k1',
    keyword: 'dental in Austin',
    createdAt: '2026-03-01T00:00:00.000Z',
    sample: false,
    volume: 300,
  },
  {
    id: 'k2',
    keyword: 'best dental near me',
    createdAt: '2026-03-01T00:00:00.000Z',
    sample: false,
    volume: 300,
  },
  { id: 'k3', keyword: '=cmd', createdAt: '2026-03-01T00:00:00.000Z', sample: false, volume: 300 },
]

/**
 * k1 climbs 20 -> 8 over the range, from 10 at the check before (+2); k2 drops 3 -> 9 (-6) and its
 * latest check failed; k3 is flat.
 */
function checksFor(id: string, range: number): RankCheck[] {
  return Array.from({ length: range }, (_, i): RankCheck => {
    const last = i === range - 1
    if (id === 'k1') return last ? 8 : 20 - Math.floor((12 * i) / (range - 1))
    if (id === 'k2') return last ? 'failed' : i === range - 2 ? 9 : 3
    return 14
  })
}

const previousPositions: Record<string, number> = { k1: 10, k2: 3, k3: 14 }

function signIn(business = savedBusiness, role?: 'viewer' | 'manager') {
  storeSession()
  const requests: string[] = []
  const posted: unknown[] = []
  let tracked = [...keywords]
  let gate: Promise<void> | undefined
  const network = stubNetwork({
    ...ownerHandlers({ business }),
    ...(role
      ? {
          'GET /api/membership': () =>
            json({ businesses: [{ businessId: business.id, name: business.name, role }] }),
        }
      : {}),
    'GET /api/rank-tracker/keywords': (request) => {
      requests.push(`keywords ${new URL(request.url).search}`)
      return json({ keywords: tracked })
    },
    ...historyHandlers(async (request) => {
      const url = new URL(request.url)
      const params = url.searchParams
      requests.push(
        `${url.pathname.endsWith('/keywords') ? 'all' : 'history'} ${params.toString()}`,
      )
      const range = Number(params.get('range')) as RankRange
      if (gate) await gate
      return {
        range,
        days: rangeDays('2026-03-10', range),
        keywords: tracked.map((k) => ({
          ...k,
          checks: checksFor(k.id, range),
          // The server's successful check before the latest, whatever the range (issue 32 item 1).
          previousPosition: previousPositions[k.id] ?? null,
        })),
        simulated: true,
      }
    }),
    'POST /api/rank-tracker/keywords': async (request) => {
      const body = (await request.json()) as { keyword: string; location: string }
      posted.push(body)
      const existing = tracked.find((k) => k.keyword.toLowerCase() === body.keyword.toLowerCase())
      if (existing) return json({ keyword: existing, added: false })
      const keyword = {
        id: 'k9',
        keyword: body.keyword,
        createdAt: '2026-03-10T00:00:00.000Z',
        sample: false,
        volume: 300,
      }
      tracked = [...tracked, keyword]
      return json({ keyword, added: true }, 201)
    },
    'DELETE /api/rank-tracker/keywords/k3': () => {
      tracked = tracked.filter((k) => k.id !== 'k3')
      return json({ removed: 'k3' })
    },
    'POST /api/rank-tracker/refresh': async (request) => {
      posted.push(await request.json())
      return json({ day: '2026-03-10', checked: tracked.length, failed: 1, deferred: 0 })
    },
  })
  renderApp('/rank-tracker')
  /** Holds history answers until the returned function is called, like the 1.5 s delay. */
  const holdHistory = () => {
    const held = deferred<void>()
    gate = held.promise
    return () => {
      gate = undefined
      held.resolve()
    }
  }
  return { ...network, requests, posted, holdHistory }
}

async function loaded() {
  await screen.findByRole('heading', { name: 'Rank Tracker' })
  return screen.findByRole('table', { name: 'Keyword Rankings' })
}

beforeAll(async () => {
  await loadScreens(paths.rankTracker)
})

afterEach(() => vi.unstubAllGlobals())

describe('rank tracker', () => {
  test('without a business name it asks for the business first', async () => {
    storeSession()
    stubNetwork({ ...signedInHandlers(emptyBusiness) })
    renderApp('/rank-tracker')
    expect(
      await screen.findByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
  })

  test('shows the banner, 30 days by default, the summary, the table and the movers', async () => {
    const { requests } = signIn()
    const table = await loaded()
    expect(screen.getByText(`Tracking rankings for: Sunrise Dental (Main)`)).toBeVisible()
    expect(screen.getByText('Sample data')).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: '30 Days' })).toHaveAttribute('aria-pressed', 'true')
    expect(requests).toContain('history location=main&range=30&page=1')

    const summary = within(screen.getByRole('list', { name: 'Ranking summary' }))
    expect(summary.getByText('Keywords Tracked').nextSibling).toHaveTextContent('3')
    // (8 + 14) / 2 = 11.0: k2's latest check failed, so its last known 9 is left out and counted.
    expect(summary.getByText('Avg. Position').nextSibling).toHaveTextContent('11.0')
    expect(summary.getByText('1 failed check left out')).toBeVisible()
    expect(summary.getByText('Improved').nextSibling).toHaveTextContent('1')
    expect(summary.getByText('Declined').nextSibling).toHaveTextContent('1')
    expect(summary.getAllByText('since the check before')).toHaveLength(2)

    // The change since the check before, as on the dashboard: +2, never the range's +12.
    expect(
      within(table).getByRole('columnheader', { name: 'Change since the check before' }),
    ).toBeVisible()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]).toHaveTextContent('dental in Austin#8+2 (improved since the check before)')
    expect(rows[1]).toHaveTextContent(
      'best dental near me#9Check failedRetry-6 (declined since the check before)',
    )
    expect(rows[2]).toHaveTextContent('=cmd#14No change since the check before')
    expect(within(rows[0]!).getAllByTestId('trend-bar')).toHaveLength(7)
    // max(10, 100 - 5 x 8) = 60 percent for the latest check.
    expect(within(rows[0]!).getAllByTestId('trend-bar').at(-1)).toHaveStyle({ height: '60%' })
    expect(within(rows[1]!).getByText(/Last 7 checks: .*#9, failed$/)).toBeInTheDocument()

    expect(screen.getByRole('heading', { name: 'Ranking Trends' })).toBeVisible()
    const top = within(screen.getByRole('list', { name: 'Top Performers' }))
    expect(top.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'dental in AustinNow #8+2 (improved since the check before)',
    ])
    const needs = within(screen.getByRole('list', { name: 'Needs Improvement' }))
    expect(needs.getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByRole('heading', { name: 'Local SEO' })).toBeVisible()
  })

  test('switching the range shows a loading state and asks for that range', async () => {
    const { requests, holdHistory } = signIn()
    await loaded()
    const release = holdHistory()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: '7 Days' }))
    expect(screen.getByRole('button', { name: '7 Days' })).toHaveAttribute('aria-pressed', 'true')
    expect(await screen.findByText('Loading rankings…')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Keyword Rankings' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    release()
    await loaded()
    expect(requests).toContain('history location=main&range=7&page=1')
    expect(screen.getByText('Daily positions over the last 7 days', { exact: false })).toBeVisible()
  })

  test('the location picker switches the banner and the data', async () => {
    const { requests } = signIn({ ...savedBusiness, locations: twoLocations })
    await loaded()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'loc_2')
    expect(screen.getByText('Tracking rankings for: Sunrise Dental - Round Rock')).toBeVisible()
    await loaded()
    await waitFor(() => expect(requests).toContain('history location=loc_2&range=30&page=1'))
    expect(requests).toContain('keywords ?location=loc_2')
    // Competitors (issue 34 item 1) opens for the location shown.
    expect(screen.getByRole('link', { name: 'Competitors' })).toHaveAttribute(
      'href',
      '/competitors?location=loc_2',
    )
  })

  test('adding a keyword trims it, refuses empty text and says when it is already tracked', async () => {
    const { posted } = signIn()
    await loaded()
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Keyword to track' })
    await user.type(input, '   ')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a keyword to track.')
    expect(posted).toEqual([])

    await user.clear(input)
    await user.type(input, '  teeth   whitening ')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    const list = await screen.findByRole('list', { name: 'Tracked Keywords' })
    await within(list).findByText('teeth whitening')
    expect(posted).toEqual([{ keyword: 'teeth whitening', location: 'main' }])

    await user.type(input, 'DENTAL in austin')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText('"dental in Austin" is already tracked.')).toBeVisible()
  })

  test('a message belongs to its action: removing another keyword or switching location clears it', async () => {
    signIn({ ...savedBusiness, locations: twoLocations })
    await loaded()
    const user = userEvent.setup()
    const input = screen.getByRole('textbox', { name: 'Keyword to track' })
    const already = '"dental in Austin" is already tracked.'
    await user.type(input, 'dental in austin')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText(already)).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Remove =cmd' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Stop tracking this keyword?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove Keyword' }))
    await waitFor(() => expect(screen.queryByText(already)).not.toBeInTheDocument())

    await user.type(input, 'dental in austin')
    await user.click(screen.getByRole('button', { name: 'Add' }))
    expect(await screen.findByText(already)).toBeVisible()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'loc_2')
    expect(screen.queryByText(already)).not.toBeInTheDocument()
  })

  test('removing a keyword asks first, then deletes it', async () => {
    signIn()
    await loaded()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Remove =cmd' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Stop tracking this keyword?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove Keyword' }))
    const list = screen.getByRole('list', { name: 'Tracked Keywords' })
    await waitFor(() => expect(within(list).queryByText('=cmd')).not.toBeInTheDocument())
  })

  test('Refresh re-checks today and reports failed checks', async () => {
    const { posted, requests } = signIn()
    await loaded()
    const before = requests.filter((r) => r.startsWith('history')).length
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }))
    expect(
      await screen.findByText(
        'Re-checked 3 keywords for today; 1 check failed. Positions already found today are kept.',
      ),
    ).toBeVisible()
    expect(posted).toEqual([{ location: 'main' }])
    await waitFor(() =>
      expect(requests.filter((r) => r.startsWith('history')).length).toBeGreaterThan(before),
    )
  })

  test('a viewer reads the rankings and exports them, and is offered no Add, Remove, Refresh or Retry', async () => {
    signIn(savedBusiness, 'viewer')
    await loaded()
    await screen.findByRole('note')
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
    expect(screen.queryByRole('form', { name: 'Track a keyword' })).toBeNull()
    for (const name of ['Refresh', /^Remove /, /^Retry /]) {
      expect(screen.queryAllByRole('button', { name })).toHaveLength(0)
    }
  })

  test('Export CSV downloads localseo-ai-rankings.csv with escaped cells', async () => {
    signIn()
    await loaded()
    const downloads = captureDownloads()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(downloads.names).toEqual(['localseo-ai-rankings.csv']))
    const lines = (await downloads.text()).trimEnd().split('\r\n')
    expect(lines[0]).toMatch(
      /^Keyword,Current Position,Change since the check before,Monthly Searches \(estimate\),Position Source,Sample Data,2026-02-09,.*,2026-03-10$/,
    )
    // The change every screen shows; the positions are marked simulated.
    expect(lines[1]).toMatch(/^dental in Austin,8,2,300,simulated,no,20,/)
    expect(lines[2]).toMatch(/^best dental near me,9,-6,300,simulated,no,3,.*,9,failed$/)
    expect(lines[3]).toMatch(/^'=cmd,14,0,300,simulated,no,14,/)
  })

  test('a failed check offers Retry, which asks today again (issue 32 item 9)', async () => {
    const { posted } = signIn()
    const table = await loaded()
    await userEvent
      .setup()
      .click(within(table).getByRole('button', { name: 'Retry the check of best dental near me' }))
    await waitFor(() => expect(posted).toEqual([{ location: 'main' }]))
  })

  test('the chart shows the keywords the owner picks, at most 6 (issue 32 item 2)', async () => {
    signIn()
    await loaded()
    const chooser = within(screen.getByRole('group', { name: /Keywords in the chart/ }))
    expect(screen.getByRole('group', { name: /Keywords in the chart/ })).toHaveAccessibleName(
      'Keywords in the chart (3 of 3, up to 6)',
    )
    const user = userEvent.setup()
    await user.click(chooser.getByRole('checkbox', { name: /=cmd/ }))
    expect(chooser.getByRole('checkbox', { name: /=cmd/ })).not.toBeChecked()
    expect(screen.getByRole('group', { name: /Keywords in the chart/ })).toHaveAccessibleName(
      'Keywords in the chart (2 of 3, up to 6)',
    )
  })

  test('Export is disabled when there is no data', async () => {
    storeSession()
    stubNetwork({
      ...ownerHandlers(),
      'GET /api/rank-tracker/keywords': () => json({ keywords: [] }),
      ...historyHandlers(() => ({
        range: 30,
        days: rangeDays('2026-03-10', 30),
        keywords: [],
        simulated: true,
      })),
    })
    renderApp('/rank-tracker')
    await screen.findByRole('heading', { name: 'Rank Tracker' })
    await screen.findByText('No tracked keywords yet. Add a keyword to start tracking it.')
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled()
  })
})

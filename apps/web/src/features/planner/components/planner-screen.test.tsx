import { emptyBusiness } from '@localseo/shared/business'
import {
  describeKeyword,
  generateKeywordIdeas,
  plannerQuerySchema,
  searchKeywordIdeas,
  type PlannerKeyword,
} from '@localseo/shared/keyword-engine'
import { fromUsd, moneyFor } from '@localseo/shared/money'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { json, signedInHandlers, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

/** The server's answer, from the real engine, so filters and sorts can be checked against it. */
function ideasFor(search: URLSearchParams): PlannerKeyword[] {
  const query = plannerQuerySchema.parse(Object.fromEntries(search))
  const ideas = generateKeywordIdeas({ business: savedBusiness, seed: query.q }).map((k) =>
    describeKeyword(k, savedBusiness),
  )
  return searchKeywordIdeas(ideas, query)
}

function signIn({
  business = savedBusiness,
  ideas = ideasFor,
  pendingSearches = 0,
  role,
}: {
  /** The person's role in the business (GET /api/membership); unknown when absent. */
  role?: 'viewer' | 'manager'
  business?: typeof savedBusiness
  ideas?: (search: URLSearchParams) => PlannerKeyword[]
  /** The first searches answer that some figures are still being asked for (issue 36 item 3). */
  pendingSearches?: number
} = {}) {
  storeSession()
  const searches: string[] = []
  const saved: (PlannerKeyword & { id: string; createdAt: string; sample: boolean })[] = []
  const network = stubNetwork({
    ...(business.name ? ownerHandlers({ business }) : signedInHandlers(business)),
    ...(role
      ? {
          'GET /api/membership': () =>
            json({ businesses: [{ businessId: business.id, name: business.name, role }] }),
        }
      : {}),
    'POST /api/planner/search': async (request) => {
      const params = new URLSearchParams((await request.json()) as Record<string, string>)
      searches.push(params.toString())
      const pending = searches.length <= pendingSearches
      return json({ keywords: ideas(params), estimated: true, pending })
    },
    'GET /api/planner/saved': () => json({ keywords: saved }),
    'POST /api/planner/saved': async (request) => {
      const { keyword } = (await request.json()) as { keyword: string }
      if (saved.some((k) => k.keyword === keyword)) {
        return json({ error: { code: 'conflict', message: 'This keyword is already saved.' } }, 409)
      }
      const row = {
        ...describeKeyword(keyword, savedBusiness),
        id: `00000000-0000-4000-8000-00000000000${saved.length}`,
        createdAt: new Date().toISOString(),
        sample: false,
      }
      saved.unshift(row)
      return json({ keyword: row }, 201)
    },
  })
  // DELETE /api/planner/saved/:id has a variable path: handled here.
  const base = network.fetchMock.getMockImplementation()!
  network.fetchMock.mockImplementation(async (input, init) => {
    const request = new Request(input, init)
    const match = /^\/api\/planner\/saved\/(.+)$/.exec(new URL(request.url).pathname)
    if (request.method === 'DELETE' && match) {
      const index = saved.findIndex((k) => k.id === match[1])
      if (index >= 0) saved.splice(index, 1)
      return new Response(null, { status: index >= 0 ? 204 : 404 })
    }
    return base(input, init)
  })
  renderApp('/keyword-planner')
  return { ...network, searches, saved }
}

const ready = () => screen.findByRole('heading', { name: 'Keyword Planner' })

async function resultRows() {
  const table = await screen.findByRole('table', { name: 'Search results' })
  return within(table).getAllByRole('row').slice(1)
}

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

beforeAll(async () => {
  await loadScreens(paths.keywordPlanner)
})

afterEach(() => vi.restoreAllMocks())

describe('keyword planner', () => {
  test('without a business name it asks for the business first', async () => {
    signIn({ business: emptyBusiness })
    await ready()
    expect(
      screen.getByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
  })

  test('searches on load, by volume, and labels the figures as estimates', async () => {
    const { searches } = signIn()
    await ready()
    const rows = await resultRows()
    expect(searches[0]).toBe('q=&intent=all&difficulty=all&sort=volume&location=main')
    const expected = ideasFor(new URLSearchParams())
    expect(rows).toHaveLength(expected.length)
    const first = expected[0]!
    expect(cellTexts(rows[0]!).slice(0, 6)).toEqual([
      first.keyword,
      first.volume!.toLocaleString('en-US'),
      first.difficulty!.replace(/^./, (c) => c.toUpperCase()),
      `$${first.cpc!.toFixed(2)}`,
      first.relevance.replace(/^./, (c) => c.toUpperCase()),
      first.trend!.replace(/^./, (c) => c.toUpperCase()),
    ])
    expect(screen.getByText(/are estimates, not measured search data/)).toBeVisible()
  })

  test('figures still being asked of Google Ads appear when the server has them, the table kept (issue 36 item 3)', async () => {
    let answers = 0
    const measured = {
      volume: 4321,
      volumeSource: {
        kind: 'measured' as const,
        at: '2026-03-10T16:00:00.000Z',
        provider: 'DataForSEO (Google Ads)',
        month: '2026-02',
      },
    }
    const { searches } = signIn({
      pendingSearches: 1,
      ideas: (params) =>
        ideasFor(params).map((k, i) => (answers++ > 0 && i === 0 ? { ...k, ...measured } : k)),
    })
    await ready()
    expect(await screen.findByText(/Getting Google Ads figures/)).toBeVisible()
    expect(await resultRows()).not.toHaveLength(0)
    expect(await screen.findByText('4,321', {}, { timeout: 8_000 })).toBeVisible()
    expect(screen.queryByText(/Getting Google Ads figures/)).not.toBeInTheDocument()
    // Read again once, then not again: the second answer had every figure.
    expect(searches).toHaveLength(2)
  }, 15_000)

  test('a viewer searches and exports, and is offered no Save', async () => {
    signIn({ role: 'viewer' })
    await screen.findByRole('note')
    expect((await resultRows()).length).toBeGreaterThan(0)
    expect(screen.queryAllByRole('button', { name: /^Save / })).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled()
  })

  test('the intent and difficulty filters and the sort run a new search', async () => {
    const { searches } = signIn()
    await ready()
    await resultRows()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByLabelText('Intent'), 'transactional')
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'high')
    await user.selectOptions(screen.getByLabelText('Sort by'), 'cpc')
    await waitFor(() =>
      expect(searches.at(-1)).toBe(
        'q=&intent=transactional&difficulty=high&sort=cpc&location=main',
      ),
    )
    const expected = ideasFor(new URLSearchParams(searches.at(-1)))
    await waitFor(async () => expect(await resultRows()).toHaveLength(expected.length))
    const rows = await resultRows()
    expect(rows.map((r) => cellTexts(r)[0])).toEqual(expected.map((k) => k.keyword))
    const cpcs = rows.map((r) => Number(cellTexts(r)[3]!.slice(1)))
    expect(cpcs).toEqual([...cpcs].sort((a, b) => b - a))
    expect(rows.every((r) => cellTexts(r)[2] === 'High')).toBe(true)
  })

  test('the search term is sent when the search is submitted', async () => {
    const { searches } = signIn()
    await ready()
    await resultRows()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Search keywords'), 'invisalign')
    expect(searches).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(searches.at(-1)).toContain('q=invisalign'))
    expect(await screen.findByText('invisalign near me')).toBeVisible()
  })

  test('no results shows the spec message and disables Export', async () => {
    signIn({ ideas: () => [] })
    await ready()
    expect(
      await screen.findByText('No keywords found. Try a different search term or filter.'),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
  })

  test('save, see it Saved and counted, then remove it from the Saved tab', async () => {
    signIn()
    await ready()
    const rows = await resultRows()
    const keyword = cellTexts(rows[0]!)[0]!
    const user = userEvent.setup()
    const savedTab = screen.getByRole('tab', { name: /Saved Keywords/ })
    expect(savedTab).toHaveTextContent('Saved Keywords0')

    await user.click(screen.getByRole('button', { name: `Save ${keyword}` }))
    const savedButton = await screen.findByRole('button', { name: `Saved ${keyword}` })
    expect(savedButton).toBeDisabled()
    expect(savedButton).toHaveTextContent('Saved')
    await waitFor(() => expect(savedTab).toHaveTextContent('Saved Keywords1'))

    await user.click(savedTab)
    expect(savedTab).toHaveAttribute('aria-selected', 'true')
    const table = screen.getByRole('table', { name: 'Saved keywords' })
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    await user.click(within(table).getByRole('button', { name: `Remove ${keyword}` }))
    expect(
      await screen.findByText(
        'No saved keywords yet. Save keywords from search results to see them here.',
      ),
    ).toBeVisible()
    expect(savedTab).toHaveTextContent('Saved Keywords0')
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
  })

  test('the Saved tab shows the strategy: content plan and the timeline by difficulty', async () => {
    const { saved } = signIn()
    await ready()
    const user = userEvent.setup()
    const rows = await resultRows()
    const picks = rows.slice(0, 3).map((r) => cellTexts(r)[0]!)
    for (const keyword of picks) {
      await user.click(screen.getByRole('button', { name: `Save ${keyword}` }))
      await screen.findByRole('button', { name: `Saved ${keyword}` })
    }
    expect(screen.queryByRole('region', { name: 'Keyword Strategy' })).toBeNull()
    await user.click(screen.getByRole('tab', { name: /Saved Keywords/ }))
    const strategy = within(screen.getByRole('region', { name: 'Keyword Strategy' }))
    const count = (d: string) => saved.filter((k) => k.difficulty === d).length
    const timeline = strategy
      .getAllByRole('listitem')
      .filter((li) => /^Months? /.test(li.textContent ?? ''))
      .map((li) => li.textContent)
    expect(timeline).toEqual([
      expect.stringMatching(new RegExp(`^Month 1${count('low')} low-difficulty keywords?$`)),
      expect.stringMatching(
        new RegExp(`^Months 2-3${count('medium')} medium-difficulty keywords?$`),
      ),
      expect.stringMatching(new RegExp(`^Months 4-6${count('high')} high-difficulty keywords?$`)),
    ])
    expect(strategy.getByText(/Location and service-area pages/)).toBeVisible()
  })

  test('the insights panel charts the intent distribution and gives recommendations', async () => {
    // happy-dom has no layout; give the chart's container a size so recharts draws it.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 400, height: 192 }),
    )
    signIn()
    await ready()
    await resultRows()
    const insights = within(screen.getByRole('region', { name: 'Insights' }))
    const expected = ideasFor(new URLSearchParams())
    const local = expected.filter((k) => k.intent === 'local').length
    expect(
      insights.getByText(`Local: ${local} (${Math.round((local / expected.length) * 100)}%)`),
    ).toBeVisible()
    expect(insights.getByRole('figure', { name: 'Search intent distribution' })).toBeVisible()
    await waitFor(() =>
      expect(document.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(4),
    )
    expect(
      within(insights.getByRole('list', { name: 'Recommendations' })).getAllByRole('listitem')
        .length,
    ).toBeGreaterThan(0)
  })

  test('Export CSV downloads the saved keywords with the spec columns', async () => {
    const downloads = captureDownloads()
    const { saved } = signIn()
    await ready()
    const rows = await resultRows()
    const user = userEvent.setup()
    for (const row of rows.slice(0, 2)) {
      const keyword = cellTexts(row)[0]!
      await user.click(screen.getByRole('button', { name: `Save ${keyword}` }))
      await screen.findByRole('button', { name: `Saved ${keyword}` })
    }
    await user.click(screen.getByRole('tab', { name: /Saved Keywords/ }))
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await vi.waitFor(() => expect(downloads.names).toEqual(['localseo-ai-keywords.csv']))
    const lines = (await downloads.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'Keyword,Search Volume,Difficulty,CPC (USD),Competition,Relevance,Intent,Trend,Figures Source',
    )
    // The Saved tab is sorted by volume, as 'Sort by' says.
    const k = [...saved].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1))[0]!
    expect(lines[1]).toBe(
      [
        k.keyword,
        k.volume,
        k.difficulty,
        k.cpc!.toFixed(2),
        k.competition!.toFixed(2),
        k.relevance,
        k.intent,
        k.trend,
        'estimate',
      ].join(','),
    )
    expect(lines).toHaveLength(3)
  })

  test("the Saved tab follows 'Sort by' (issue 32 item 9)", async () => {
    signIn()
    await ready()
    const rows = await resultRows()
    const keywords = rows.slice(0, 3).map((row) => cellTexts(row)[0]!)
    const user = userEvent.setup()
    // Saved out of order: the newest is listed first by the server.
    for (const keyword of [keywords[2]!, keywords[0]!, keywords[1]!]) {
      await user.click(screen.getByRole('button', { name: `Save ${keyword}` }))
      await screen.findByRole('button', { name: `Saved ${keyword}` })
    }
    await user.click(screen.getByRole('tab', { name: /Saved Keywords/ }))
    const savedRows = () =>
      within(screen.getByRole('table', { name: 'Saved keywords' }))
        .getAllByRole('row')
        .slice(1)
    await waitFor(() => expect(savedRows()).toHaveLength(3))
    expect(savedRows().map((r) => cellTexts(r)[0])).toEqual(keywords)
    await user.selectOptions(screen.getByLabelText('Sort by'), 'cpc')
    const cpcs = savedRows().map((r) => Number(cellTexts(r)[3]!.slice(1)))
    expect(cpcs).toEqual([...cpcs].sort((a, b) => b - a))
  })

  test('a UK owner sees CPC in pounds, converted and said so, and the CSV names the currency (issue 32 item 5)', async () => {
    const downloads = captureDownloads()
    signIn({ business: { ...savedBusiness, country: 'GB' } })
    await ready()
    const table = await screen.findByRole('table', { name: 'Search results' })
    expect(within(table).getByRole('columnheader', { name: 'CPC (GBP)' })).toBeVisible()
    const rows = await resultRows()
    const first = ideasFor(new URLSearchParams())[0]!
    expect(cellTexts(rows[0]!)[3]).toBe(`£${fromUsd(first.cpc!, moneyFor('GB')).toFixed(2)}`)
    expect(
      screen.getByText(/Converted from US\$ at a fixed rate of 1 US\$ = 0.79 GBP/),
    ).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    const header = (await downloads.text()).split('\r\n')[0]
    expect(header).toContain('CPC (GBP, from USD at 0.79, 2026-11-02)')
  })

  test('choosing a location runs the search for it', async () => {
    const { searches } = signIn({ business: { ...savedBusiness, locations: twoLocations } })
    await ready()
    await resultRows()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'loc_2')
    await waitFor(() => expect(searches.at(-1)).toContain('location=loc_2'))
  })

  test('the tabs follow the arrow keys', async () => {
    signIn()
    await ready()
    await resultRows()
    const user = userEvent.setup()
    const results = screen.getByRole('tab', { name: 'Search Results' })
    results.focus()
    await user.keyboard('{ArrowRight}')
    const saved = screen.getByRole('tab', { name: /Saved Keywords/ })
    expect(saved).toHaveAttribute('aria-selected', 'true')
    expect(saved).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/Saved Keywords/)
  })
})

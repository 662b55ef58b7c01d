import { emptyBusiness } from '@localseo/shared/business'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { keywordRecord } from '@/test/keyword-fixtures'
import { json, signedInHandlers, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const record = keywordRecord
const analysed = record('emergency dentist austin', 9, 12, { volume: 1200, difficulty: 'high' })

const suggestion = {
  keyword: 'teeth whitening near me',
  volume: 780,
  difficulty: 'low',
  cpc: 1.26,
  competition: 0.29,
  relevance: 'high',
  intent: 'local',
  trend: 'stable',
}

const analysis = {
  keyword: 'emergency dentist austin',
  searchVolume: 1200,
  competition: 'High',
  relevance: 'Medium',
  recommendations: ['Add an emergency page.', 'Ask for reviews that mention emergencies.'],
  aiAnalysis: 'A local search.\nWorth a dedicated page.',
  source: 'built-in',
}

/** The analysis as the server's job leaves it (issue 36 item 3): pending, then done or failed. */
const ANALYSIS_PATH = '/api/keywords/analyses/analysis-1'
const pendingAnalysis = {
  id: 'analysis-1',
  keywordId: analysed.id,
  keyword: 'emergency dentist austin',
  status: 'pending',
  result: null,
  failure: null,
  createdAt: '2026-03-10T15:00:00.000Z',
  finishedAt: null,
}
const doneAnalysis = {
  ...pendingAnalysis,
  status: 'done',
  result: analysis,
  finishedAt: '2026-03-10T15:00:03.000Z',
}

function signIn({
  business = savedBusiness,
  keywords = [record('dentist austin', 8, 11), record('dentist near me', 14, 12)],
  analyse = () => json({ analysis: pendingAnalysis, keyword: analysed }, 202),
  reads = [],
}: {
  business?: typeof savedBusiness
  keywords?: ReturnType<typeof record>[]
  analyse?: (request: Request) => Response | Promise<Response>
  /** The analysis's answers to the screen's reads, in order; then it is done. */
  reads?: object[]
} = {}) {
  storeSession()
  const list = [...keywords]
  const bodies: unknown[] = []
  const network = stubNetwork({
    ...(business.name ? ownerHandlers({ business }) : signedInHandlers(business)),
    'GET /api/keywords': () => json({ keywords: list }),
    'GET /api/keywords/suggestions': () => json({ keywords: [suggestion], estimated: true }),
    [`GET ${ANALYSIS_PATH}`]: () => json({ analysis: reads.shift() ?? doneAnalysis }),
    'GET /api/keywords/analyses/analysis-2': () =>
      json({ analysis: { ...doneAnalysis, id: 'analysis-2' } }),
    'POST /api/keywords/analyse': async (request) => {
      bodies.push(await request.clone().json())
      const response = await analyse(request)
      if (response.ok) list.unshift(analysed)
      return response
    },
    'POST /api/rank-tracker/keywords': async (request) => {
      const body = (await request.json()) as { keyword: string; location: string }
      bodies.push(body)
      const index = list.findIndex((k) => k.keyword === body.keyword)
      const tracked = { ...list[index]!, tracked: true }
      list[index] = tracked
      const keyword = { id: tracked.id, keyword: tracked.keyword, sample: false, createdAt: '' }
      return json({ keyword, added: true }, 201)
    },
  })
  renderApp('/keywords')
  return { ...network, bodies }
}

const screenReady = () => screen.findByRole('heading', { name: 'Keyword Analysis' })

/** The results panel once the analysis is done (the screen reads it every 2 s while pending). */
async function doneResults() {
  await screen.findByText(/^Answered by:/, {}, { timeout: 8_000 })
  return screen.getByRole('region', { name: 'Analysis Results' })
}

beforeAll(async () => {
  await loadScreens(paths.keywords)
})

afterEach(() => vi.restoreAllMocks())

describe('keyword analysis', () => {
  test('an empty or whitespace keyword is refused without a request', async () => {
    const { calls } = signIn()
    await screenReady()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a keyword to analyze')
    await user.type(screen.getByLabelText('Keyword'), '   ')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a keyword to analyze')
    expect(calls).not.toContain('POST /api/keywords/analyse')
  })

  test('without a business name the screen says so, and Analyze gives the spec message', async () => {
    const { calls } = signIn({ business: emptyBusiness })
    await screenReady()
    expect(
      screen.getByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Keyword'), 'dentist')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Please add your business information in Settings first$/,
    )
    expect(calls).not.toContain('POST /api/keywords/analyse')
    expect(screen.queryByRole('region', { name: 'Current Keyword Rankings' })).toBeNull()
  })

  test('a failed analysis shows the spec message', async () => {
    signIn({ analyse: () => json({ error: { code: 'internal_error', message: 'x' } }, 500) })
    await screenReady()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Keyword'), 'dentist')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to analyze keyword. Please try again.',
    )
  })

  test('the analysis shows as pending, the button disabled, until the job has finished it (issue 36 item 3)', async () => {
    const { calls } = signIn({ reads: [pendingAnalysis] })
    await screenReady()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Keyword'), 'emergency dentist austin')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    const results = within(await screen.findByRole('region', { name: 'Analysis Results' }))
    expect(results.getByRole('status')).toHaveTextContent('Analyzing…')
    expect(results.getByText('“emergency dentist austin”')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Analyzing...' })).toBeDisabled()
    expect(results.queryByRole('list', { name: 'Action Items' })).toBeNull()
    // Read again while pending (the first read still pending), then shown as done.
    const done = within(await doneResults())
    expect(done.getByRole('list', { name: 'Action Items' })).toBeVisible()
    expect(done.queryByRole('status')).toBeNull()
    expect(calls.filter((c) => c === `GET ${ANALYSIS_PATH}`)).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeEnabled()
  }, 15_000)

  test("a failed analysis shows the server's reason and Try again starts it anew", async () => {
    const failed = {
      ...pendingAnalysis,
      status: 'failed',
      failure: "You have used today's 50 AI requests. The limit resets at midnight UTC.",
      finishedAt: '2026-03-10T15:00:03.000Z',
    }
    let started = 0
    const { bodies } = signIn({
      reads: [failed],
      // Each analysis is a record of its own: the second is read at its own address.
      analyse: () => {
        started += 1
        const id = started === 1 ? 'analysis-1' : 'analysis-2'
        return json({ analysis: { ...pendingAnalysis, id }, keyword: analysed }, 202)
      },
    })
    await screenReady()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Keyword'), 'Emergency dentist austin')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    const results = within(await screen.findByRole('region', { name: 'Analysis Results' }))
    expect(await results.findByRole('alert')).toHaveTextContent(failed.failure)
    await user.click(results.getByRole('button', { name: 'Try again' }))
    expect(within(await doneResults()).getByText('Answered by: Built-in engine')).toBeVisible()
    expect(bodies).toEqual([
      { keyword: 'Emergency dentist austin', locationId: 'main' },
      { keyword: 'emergency dentist austin', locationId: 'main' },
    ])
  }, 15_000)

  test('results show monthly searches, competition, relevance, the text, action items and the engine; the keyword joins the rankings', async () => {
    const { bodies } = signIn()
    await screenReady()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Keyword'), '  emergency dentist austin ')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))

    const results = within(await screen.findByRole('region', { name: 'Analysis Results' }))
    expect(bodies).toEqual([{ keyword: 'emergency dentist austin', locationId: 'main' }])
    expect(results.getByText('#9')).toBeVisible()
    expect(results.getByText('Simulated')).toBeVisible()
    expect(results.getByText('1,200 monthly searches')).toBeVisible()
    expect(results.getByText('High')).toBeVisible()
    expect(results.getByText('Medium')).toBeVisible()
    // Every figure says where it came from (issue 15 item 2).
    expect(results.getAllByText('Estimate')).toHaveLength(2)
    expect(results.getByText(/A local search\.\s+Worth a dedicated page\./)).toBeVisible()
    expect(
      within(results.getByRole('list', { name: 'Action Items' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(analysis.recommendations)
    expect(results.getByText('Answered by: Built-in engine')).toBeVisible()

    const rankings = within(screen.getByRole('region', { name: 'Current Keyword Rankings' }))
    await waitFor(() => expect(rankings.getAllByRole('row')).toHaveLength(4))
    const rows = rankings.getAllByRole('row').map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    )
    const expected = (...cells: string[]): unknown[] =>
      cells.map((text): unknown => expect.stringContaining(text))
    // The change since the check before, in the same words as the dashboard and Rank Tracker.
    expect(rows[1]).toEqual(
      expected('#9Simulated', '+3 (improved since the check before)', '1,200', 'Track'),
    )
    expect(rows[2]).toEqual(
      expected('#8Simulated', '+3 (improved since the check before)', '300', 'Track'),
    )
    expect(rows[3]).toEqual(
      expected('#14Simulated', '-2 (declined since the check before)', '300', 'Track'),
    )
  })

  test('with a real provider the position is checked by a job: the results read Not checked until it lands (issue 36 item 3)', async () => {
    const pending = record('emergency dentist austin', null, null)
    const checked = record('emergency dentist austin', 5, null, {
      positionSource: { kind: 'measured', provider: 'SerpApi', at: '2026-03-10T16:00:00Z' },
    })
    // The list as the server reads it: empty, then the analysed keyword waiting for its check (also
    // when the analysis has finished), then checked (the job stored its position while the screen
    // read again).
    const lists = [[], [pending], [pending]]
    storeSession()
    stubNetwork({
      ...ownerHandlers({ business: savedBusiness }),
      'GET /api/keywords': () => json({ keywords: lists.shift() ?? [checked] }),
      'GET /api/keywords/suggestions': () => json({ keywords: [], estimated: true }),
      'POST /api/keywords/analyse': () =>
        json({ analysis: pendingAnalysis, keyword: pending }, 202),
      [`GET ${ANALYSIS_PATH}`]: () => json({ analysis: doneAnalysis }),
    })
    renderApp('/keywords')
    await screenReady()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Keyword'), 'emergency dentist austin')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    const results = within(await doneResults())
    expect(results.getByText('Not checked')).toBeVisible()
    expect(await results.findByText('#5', {}, { timeout: 8_000 })).toBeVisible()
    expect(results.queryByText('Not checked')).not.toBeInTheDocument()
  }, 15_000)

  test('a flat position reads No change', async () => {
    signIn({ keywords: [record('dentist austin', 8, 8), record('new keyword', 9, null)] })
    await screenReady()
    const rankings = within(screen.getByRole('region', { name: 'Current Keyword Rankings' }))
    expect(await rankings.findAllByText('No change')).toHaveLength(2)
  })

  test('an analysed keyword is tracked with one click (issue 32 item 9)', async () => {
    const { bodies } = signIn()
    await screenReady()
    const rankings = within(screen.getByRole('region', { name: 'Current Keyword Rankings' }))
    await userEvent
      .setup()
      .click(await rankings.findByRole('button', { name: 'Track dentist near me' }))
    expect(bodies).toEqual([{ keyword: 'dentist near me', location: 'main' }])
    await waitFor(() =>
      expect(
        rankings.queryByRole('button', { name: 'Track dentist near me' }),
      ).not.toBeInTheDocument(),
    )
    expect(rankings.getByText('Tracked')).toBeVisible()
  })

  test('with no keyword records the empty state is shown', async () => {
    signIn({ keywords: [] })
    await screenReady()
    expect(
      await screen.findByText(
        'No keyword rankings available. Analyze keywords to start tracking them.',
      ),
    ).toBeVisible()
  })

  test('Analyze on a suggestion fills the input and scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    signIn()
    await screenReady()
    const suggestions = within(screen.getByRole('region', { name: 'Suggested Keywords' }))
    const row = (await suggestions.findAllByRole('row'))[1]!
    expect(row).toHaveTextContent('teeth whitening near me780LowHigh')
    const user = userEvent.setup()
    await user.click(suggestions.getByRole('button', { name: 'Analyze teeth whitening near me' }))
    expect(screen.getByLabelText('Keyword')).toHaveValue('teeth whitening near me')
    expect(screen.getByLabelText('Keyword')).toHaveFocus()
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })

  test('with locations there is a picker, and the analysis is for the chosen one', async () => {
    const { bodies } = signIn({ business: { ...savedBusiness, locations: twoLocations } })
    await screenReady()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'loc_2')
    await user.type(screen.getByLabelText('Keyword'), 'dentist')
    await user.click(screen.getByRole('button', { name: 'Analyze' }))
    await screen.findByRole('region', { name: 'Analysis Results' })
    expect(bodies).toEqual([{ keyword: 'dentist', locationId: 'loc_2' }])
  })

  test('without locations there is no picker', async () => {
    signIn()
    await screenReady()
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull()
  })

  test("the keyword box's example is in the business's own words (issue 32 item 7)", async () => {
    signIn({ business: { ...savedBusiness, name: 'Harbor Plumbing', category: 'Home Services' } })
    await screenReady()
    const example = screen.getByLabelText('Keyword').getAttribute('placeholder')
    expect(example).toBe('e.g. plumbing near me')
    expect(example).not.toMatch(/dentist|teeth/)
  })

  test("a UK law firm's keyword box example says solicitor, not lawyer (issue 32 items 6 and 7)", async () => {
    const firm = { ...savedBusiness, name: 'Harbourside Legal', category: 'Legal Services' }
    signIn({ business: { ...firm, city: 'Bristol', country: 'GB' } })
    await screenReady()
    expect(screen.getByLabelText('Keyword')).toHaveAttribute(
      'placeholder',
      'e.g. family law solicitor near me',
    )
  })
})

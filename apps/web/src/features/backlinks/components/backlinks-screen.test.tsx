import type { BacklinkAnalysis } from '@localseo/shared/ai'
import { INVALID_BACKLINK_URL, type Backlink } from '@localseo/shared/backlinks'
import { emptyBusiness } from '@localseo/shared/business'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const longUrl = `https://www.austin-news.example.com/${'a'.repeat(60)}`

function makeBacklink(overrides: Partial<Backlink> = {}): Backlink {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    businessId: savedBusiness.id,
    url: longUrl,
    domain: 'austin-news.example.com',
    anchorText: 'the friendliest dentist anywhere in central Texas',
    linkType: 'dofollow',
    quality: 'high',
    qualityBasis: {
      ratedAt: '2026-03-02T09:00:00.000Z',
      reasons: ['Link found at the last check.', 'Followed by search engines.'],
    },
    firstSeen: '2026-03-01T12:00:00.000Z',
    metrics: null,
    status: 'active',
    isLocationSpecific: false,
    locationId: null,
    sample: false,
    createdAt: '2026-03-01T12:00:00.000Z',
    lastCheckedAt: null,
    httpStatus: null,
    verification: null,
    ...overrides,
  }
}

const second = makeBacklink({
  id: '00000000-0000-4000-8000-000000000002',
  url: 'https://blog.example.org/links',
  domain: 'blog.example.org',
  anchorText: 'blog.example.org',
  linkType: 'nofollow',
  quality: 'medium',
  status: 'unverifiable',
  lastCheckedAt: '2026-03-09T10:00:00.000Z',
  httpStatus: 200,
  verification: {
    outcome: 'needs-javascript',
    rel: [],
    pageNofollow: false,
    anchorText: null,
    finalUrl: 'https://blog.example.org/links',
    note: 'The page builds its content with JavaScript, so the link could not be checked.',
  },
})

function summaryOf(items: Backlink[]) {
  const count = (keep: (b: Backlink) => boolean) => items.filter(keep).length
  const high = count((b) => b.quality === 'high')
  return {
    total: items.length,
    dofollow: count((b) => b.linkType === 'dofollow'),
    nofollow: count((b) => b.linkType === 'nofollow'),
    highQuality: high,
    highQualityPercent: items.length ? Math.round((high / items.length) * 100) : 0,
    broken: count((b) => b.status === 'broken'),
    topDomains: items.map((b) => ({ domain: b.domain, count: 1 })).slice(0, 5),
    topAnchors: items.map((b) => ({ anchorText: b.anchorText, count: 1 })).slice(0, 5),
    growth: { last30Days: items.length, last90Days: items.length, last180Days: items.length },
    qualityDistribution: {
      high,
      medium: count((b) => b.quality === 'medium'),
      low: count((b) => b.quality === 'low'),
      unrated: count((b) => b.quality === 'unrated'),
    },
    metricsProvider: null,
  }
}

const analysis: BacklinkAnalysis = {
  qualityScore: 71,
  qualityCounted: 2,
  diversityScore: 70,
  localRelevanceScore: 41,
  totalBacklinks: 2,
  recommendations: 'Ask the Austin Chamber of Commerce for a listing.',
  source: 'built-in',
}

/** A stand-in for the backlinks API that records what the screen asked for. */
function signIn({
  business = savedBusiness,
  items = [makeBacklink(), second],
  analysisResult = analysis,
  metricsProvider = null,
}: {
  business?: typeof savedBusiness
  items?: Backlink[]
  metricsProvider?: string | null
  analysisResult?: BacklinkAnalysis | (() => Response)
} = {}) {
  storeSession()
  let backlinks = [...items]
  const listQueries: string[] = []
  const exportQueries: string[] = []
  const bodies: Array<{ key: string; body: unknown }> = []
  const network = stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/backlinks': (request) => {
      const params = new URL(request.url).searchParams
      listQueries.push(params.toString())
      const page = Number(params.get('page') ?? 1)
      return json({
        items: backlinks.slice((page - 1) * 20, page * 20),
        page,
        pageSize: 20,
        total: backlinks.length,
      })
    },
    'GET /api/backlinks/summary': () => json({ ...summaryOf(backlinks), metricsProvider }),
    'GET /api/backlinks/export': (request) => {
      exportQueries.push(new URL(request.url).searchParams.toString())
      return new Response('URL,Domain,Anchor Text,Type,Quality,Status,First Seen\r\n', {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      })
    },
    'POST /api/backlinks': async (request) => {
      const body = (await request.json()) as { url: string; anchorText?: string }
      bodies.push({ key: 'add', body })
      if (body.url === 'https://rejected-by-server.example') {
        return json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are missing or invalid.',
              issues: [{ path: 'url', message: INVALID_BACKLINK_URL }],
            },
          },
          422,
        )
      }
      const added = makeBacklink({
        id: '00000000-0000-4000-8000-000000000009',
        url: `https://${body.url}/`,
        domain: body.url,
        anchorText: body.anchorText || body.url,
      })
      backlinks = [added, ...backlinks]
      return json(added, 201)
    },
    [`PATCH /api/backlinks/${makeBacklink().id}`]: async (request) => {
      const body = (await request.json()) as { status: string }
      bodies.push({ key: 'patch', body })
      backlinks = backlinks.map((b) => (b.id === makeBacklink().id ? { ...b, ...body } : b))
      return json(backlinks[0])
    },
    [`DELETE /api/backlinks/${second.id}`]: () => {
      bodies.push({ key: 'delete', body: second.id })
      backlinks = backlinks.filter((b) => b.id !== second.id)
      return new Response(null, { status: 204 })
    },
    [`POST /api/backlinks/${makeBacklink().id}/verify`]: () => {
      const checked = makeBacklink({
        status: 'active',
        lastCheckedAt: '2026-03-10T09:30:00.000Z',
        httpStatus: 200,
        verification: {
          outcome: 'link-found',
          rel: ['nofollow'],
          pageNofollow: false,
          anchorText: 'Sunrise Dental',
          finalUrl: longUrl,
          note: 'Link found, marked nofollow by the page.',
        },
      })
      backlinks = backlinks.map((b) => (b.id === checked.id ? checked : b))
      return json(checked)
    },
    // Checked a moment ago: the server's 429 (verify-limits.ts).
    [`POST /api/backlinks/${second.id}/verify`]: () =>
      json(
        {
          error: {
            code: 'rate_limited',
            message:
              'This link was checked less than a minute ago. You can check it again in 42 seconds.',
          },
        },
        429,
      ),
    'POST /api/backlinks/analysis': async (request) => {
      bodies.push({ key: 'analysis', body: await request.json() })
      return typeof analysisResult === 'function' ? analysisResult() : json(analysisResult)
    },
    'POST /api/backlinks/content-ideas': async (request) => {
      bodies.push({ key: 'ideas', body: await request.json() })
      return json({
        ideas: ['A guide to emergency dental care in Austin', 'Sponsor a Round Rock 5K'],
        source: 'model',
      })
    },
  })
  renderApp('/backlinks')
  return { ...network, listQueries, exportQueries, bodies }
}

async function loaded() {
  await screen.findByRole('heading', { name: 'Backlink Monitor' })
  return screen.findByRole('table', { name: 'Backlinks' })
}

const rowOf = (table: HTMLElement, domain: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(domain))!

beforeAll(async () => {
  await loadScreens(paths.backlinks)
  await import('./ai-analysis-tab')
})
afterEach(() => vi.unstubAllGlobals())

describe('Backlink Monitor', () => {
  test('without a business name it asks for the business first', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    renderApp('/backlinks')
    expect(
      await screen.findByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
  })

  test('shows the banner, the stat cards, the table and the summaries', async () => {
    const { listQueries } = signIn()
    const table = await loaded()
    expect(screen.getByText('Viewing backlinks for: Sunrise Dental (Main)')).toBeVisible()
    expect(listQueries[0]).toBe('location=main&page=1&pageSize=20')

    const stats = within(await screen.findByRole('list', { name: 'Backlink statistics' }))
    expect(stats.getByText('Total Backlinks').parentElement).toHaveTextContent('2')
    expect(stats.getByText('Dofollow / Nofollow').parentElement).toHaveTextContent('1 / 1')
    expect(stats.getByText('50% of all backlinks')).toBeVisible()
    expect(stats.getByText('Broken Links').parentElement).toHaveTextContent('0')

    const row = rowOf(table, 'austin-news.example.com')
    const link = within(row).getByRole('link')
    expect(link).toHaveAttribute('href', longUrl)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(link).toHaveTextContent(`${longUrl.slice(0, 40)}...`)
    expect(within(row).getByText('Not checked yet')).toBeInTheDocument()

    // 'unverifiable' is shown as such, with when it was checked and why.
    const unverifiable = rowOf(table, 'blog.example.org')
    expect(within(unverifiable).getByText('Unverifiable')).toBeInTheDocument()
    expect(within(unverifiable).getByText(/HTTP 200/)).toBeInTheDocument()
    expect(
      within(unverifiable).getByText(
        'The page builds its content with JavaScript, so the link could not be checked.',
      ),
    ).toBeInTheDocument()

    const anchors = within(screen.getByRole('list', { name: 'Top Anchor Texts' }))
    expect(anchors.getByText('the friendliest dentist anywhe...')).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Growth Over Time' })).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Link Quality Distribution' })).toBeVisible()
    expect(screen.getByRole('heading', { name: 'Competitor Analysis Tips' })).toBeVisible()
  })

  test('quality is measured or Not rated, with why; no domain figures without a provider (issue 32 item 4)', async () => {
    const unchecked = makeBacklink({
      id: '00000000-0000-4000-8000-000000000003',
      domain: 'new-link.example',
      quality: 'unrated',
      qualityBasis: {
        ratedAt: null,
        reasons: ['Not rated: not checked yet. Verify it to rate it.'],
      },
    })
    signIn({ items: [makeBacklink(), unchecked] })
    const table = await screen.findByRole('table', { name: 'Backlinks' })
    const row = rowOf(table, 'new-link.example')
    expect(within(row).getByText('Not rated')).toBeVisible()
    await userEvent.setup().click(within(row).getByText('Why'))
    expect(within(row).getByText('Not rated: not checked yet. Verify it to rate it.')).toBeVisible()
    // No Domain rank column and no figure anywhere, and the screen says where one would come from.
    expect(within(table).queryByRole('columnheader', { name: 'Domain rank' })).toBeNull()
    expect(screen.queryByText(/spam score \d/i)).toBeNull()
    expect(
      screen.getByText(
        /No domain authority or spam score is shown: they would come from a backlink data provider/,
      ),
    ).toBeVisible()
  })

  test("with a provider, each link shows its domain rank and spam score with the provider's name and date", async () => {
    const measured = makeBacklink({
      metrics: {
        domainRank: 62,
        spamScore: 4,
        source: 'DataForSEO',
        checkedAt: '2026-03-02T09:00:00.000Z',
      },
    })
    signIn({ items: [measured, second], metricsProvider: 'DataForSEO' })
    const table = await screen.findByRole('table', { name: 'Backlinks' })
    expect(within(table).getByRole('columnheader', { name: 'Domain rank' })).toBeVisible()
    const row = rowOf(table, 'austin-news.example.com')
    expect(within(row).getByText('Spam score 4%')).toBeVisible()
    expect(within(row).getByText('DataForSEO, Mar 2, 2026')).toBeVisible()
    expect(
      within(rowOf(table, 'blog.example.org')).getByText('Asked from DataForSEO at the next check'),
    ).toBeVisible()
  })

  test('a location shows its own backlinks and adds new ones to it', async () => {
    const { listQueries, bodies } = signIn({
      business: { ...savedBusiness, locations: twoLocations },
    })
    await loaded()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'loc_2')
    expect(screen.getByText('Viewing backlinks for: Sunrise Dental - Round Rock')).toBeVisible()
    await waitFor(() => expect(listQueries.at(-1)).toBe('location=loc_2&page=1&pageSize=20'))
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'roundrockmoms.com')
    await user.click(screen.getByRole('button', { name: 'Add Backlink' }))
    await waitFor(() =>
      expect(bodies.find((b) => b.key === 'add')?.body).toEqual({
        url: 'roundrockmoms.com',
        anchorText: '',
        location: 'loc_2',
      }),
    )
  })

  test('Next asks the server for the next page', async () => {
    const many = Array.from({ length: 45 }, (_, i) =>
      makeBacklink({ id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}` }),
    )
    const { listQueries } = signIn({ items: many })
    await loaded()
    expect(screen.getByText(/Showing 1–20 of 45/)).toBeVisible()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(listQueries.at(-1)).toBe('location=main&page=2&pageSize=20'))
  })

  test('the Add Backlink button stays disabled while the URL is empty', async () => {
    signIn()
    await loaded()
    const button = screen.getByRole('button', { name: 'Add Backlink' })
    expect(button).toBeDisabled()
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'Anchor Text' }), 'Great dentist')
    expect(button).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'URL' }), '   ')
    expect(button).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'example.com')
    expect(button).toBeEnabled()
  })

  test('an invalid URL shows the exact message and sends nothing', async () => {
    const { bodies } = signIn()
    await loaded()
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'not a url')
    await user.click(screen.getByRole('button', { name: 'Add Backlink' }))
    expect(screen.getByText(INVALID_BACKLINK_URL)).toBeVisible()
    expect(screen.getByText(INVALID_BACKLINK_URL)).toBe(
      screen.getByText('Invalid URL. Please enter a valid URL.'),
    )
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveAttribute('aria-invalid', 'true')
    expect(bodies.filter((b) => b.key === 'add')).toEqual([])
  })

  test('the server’s invalid-URL answer is shown on the field too', async () => {
    signIn()
    await loaded()
    const user = userEvent.setup()
    await user.type(
      screen.getByRole('textbox', { name: 'URL' }),
      'https://rejected-by-server.example',
    )
    await user.click(screen.getByRole('button', { name: 'Add Backlink' }))
    expect(await screen.findByText(INVALID_BACKLINK_URL)).toBeVisible()
  })

  test('adding sends the URL, the anchor and the location, then lists the backlink', async () => {
    const { bodies } = signIn()
    const table = await loaded()
    const user = userEvent.setup()
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'austinchamber.org')
    await user.click(screen.getByRole('button', { name: 'Add Backlink' }))
    expect(await screen.findByText('Backlink from austinchamber.org added.')).toBeVisible()
    expect(bodies.find((b) => b.key === 'add')?.body).toEqual({
      url: 'austinchamber.org',
      anchorText: '',
      location: 'main',
    })
    await waitFor(() => expect(rowOf(table, 'austinchamber.org')).toBeDefined())
    expect(screen.getByRole('textbox', { name: 'URL' })).toHaveValue('')
  })

  test('every filter is sent to the server; the domain once typing stops', async () => {
    const { listQueries } = signIn()
    await loaded()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'nofollow')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quality' }), 'high')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Range' }), '90d')
    // The domain waits 300 ms after the last key: typed on the test clock, so no pause between
    // keys can pass for the end of typing on a slow machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // Testing Library drains its updates with a setTimeout, and advances fake timers only where it
    // finds Jest's: this names Vitest's to it (unstubbed after each test).
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
    try {
      const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      await typist.type(screen.getByRole('searchbox', { name: 'Domain' }), 'austin')
      await act(() => vi.advanceTimersByTimeAsync(299))
      // Debounced: no request for the partial words 'a', 'au', …, nor yet for the whole one.
      expect(listQueries.filter((q) => q.includes('domain='))).toEqual([])
      await act(() => vi.advanceTimersByTimeAsync(1))
      await act(() => vi.runOnlyPendingTimersAsync())
    } finally {
      vi.useRealTimers()
    }
    await waitFor(() =>
      expect(listQueries.filter((q) => q.includes('domain='))).toEqual([
        'location=main&domain=austin&type=nofollow&quality=high&timeRange=90d&page=1&pageSize=20',
      ]),
    )
  })

  test('Mark Broken sends the new status', async () => {
    const { bodies } = signIn()
    const table = await loaded()
    const row = rowOf(table, 'austin-news.example.com')
    await userEvent.setup().click(within(row).getByRole('button', { name: /^Mark Broken/ }))
    await waitFor(() => expect(bodies).toContainEqual({ key: 'patch', body: { status: 'broken' } }))
    await waitFor(() =>
      expect(
        within(rowOf(table, 'austin-news.example.com')).getByRole('button', {
          name: /^Mark Active/,
        }),
      ).toBeVisible(),
    )
  })

  test('Delete asks first; Cancel keeps the backlink, confirming deletes it', async () => {
    const { bodies } = signIn()
    const table = await loaded()
    const user = userEvent.setup()
    const deleteButton = () =>
      within(rowOf(table, 'blog.example.org')).getByRole('button', { name: /^Delete/ })
    await user.click(deleteButton())
    let dialog = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this backlink?',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(bodies.filter((b) => b.key === 'delete')).toEqual([])

    await user.click(deleteButton())
    dialog = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this backlink?',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(within(table).queryByText('blog.example.org')).toBeNull())
    expect(bodies.filter((b) => b.key === 'delete')).toHaveLength(1)
  })

  test('with no backlinks: the empty text, and Export and Verify all are disabled', async () => {
    signIn({ items: [] })
    await screen.findByRole('heading', { name: 'Backlink Monitor' })
    expect(
      await screen.findByText(
        'No backlinks found. Add your first backlink using the "Add Backlink" button.',
      ),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeDisabled()
  })

  test('filters that match nothing say only that, not that there are no backlinks', async () => {
    signIn({ items: [] })
    await screen.findByText(
      'No backlinks found. Add your first backlink using the "Add Backlink" button.',
    )
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Domain' }), 'nothing')
    expect(
      await screen.findByText('No backlink matches the filters; try clearing them.'),
    ).toBeVisible()
    expect(screen.queryByText(/No backlinks found/)).not.toBeInTheDocument()
  })

  test('Export downloads backlinks.csv built by the server with the current filters', async () => {
    const { exportQueries } = signIn()
    await loaded()
    const downloads = captureDownloads()
    const user = userEvent.setup()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Quality' }), 'low')
    await user.click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(downloads.names).toEqual(['backlinks.csv']))
    expect(exportQueries).toEqual(['location=main&quality=low'])
    expect(await downloads.text()).toMatch(/^URL,Domain,Anchor Text,Type,Quality,Status,First Seen/)
  })

  test('Verify checks one backlink and shows what the check found', async () => {
    signIn()
    const table = await loaded()
    await userEvent
      .setup()
      .click(
        within(rowOf(table, 'austin-news.example.com')).getByRole('button', { name: /^Verify/ }),
      )
    expect(
      await screen.findByText('austin-news.example.com: Link found, marked nofollow by the page.'),
    ).toBeVisible()
    await waitFor(() =>
      expect(
        within(rowOf(table, 'austin-news.example.com')).getByText(/^Checked .* · HTTP 200$/),
      ).toBeInTheDocument(),
    )
  })

  test('Verify of a link checked a moment ago says when it can be checked again, as a notice', async () => {
    signIn()
    const table = await loaded()
    await userEvent
      .setup()
      .click(within(rowOf(table, 'blog.example.org')).getByRole('button', { name: /^Verify/ }))
    const notice = await screen.findByText(
      'blog.example.org: This link was checked less than a minute ago. You can check it again in 42 seconds.',
    )
    expect(notice).toBeVisible()
    // Told calmly, as news rather than a failure: no alert.
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('without a website, Verify says so and calls nothing', async () => {
    const { calls } = signIn({ business: { ...savedBusiness, website: '' } })
    const table = await loaded()
    await userEvent
      .setup()
      .click(
        within(rowOf(table, 'austin-news.example.com')).getByRole('button', { name: /^Verify/ }),
      )
    expect(
      screen.getByText('Please add your website URL in Settings to verify backlinks.'),
    ).toBeVisible()
    expect(calls.some((c) => c.startsWith('POST') && c.includes('/verify'))).toBe(false)
  })
})

describe('AI Analysis', () => {
  async function openAiTab() {
    await screen.findByRole('heading', { name: 'Backlink Monitor' })
    await userEvent.setup().click(screen.getByRole('tab', { name: 'AI Analysis' }))
  }

  test('shows the three scores with colours from docs/product.md §9, the recommendations and their source', async () => {
    const { bodies } = signIn()
    await openAiTab()
    const scores = await screen.findByRole('list', { name: 'Backlink scores' })
    const cards = within(scores).getAllByRole('listitem')
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringMatching(/^Quality Score71out of 100Good/),
      expect.stringMatching(/^Diversity Score70out of 100Fair/),
      expect.stringMatching(/^Local Relevance41out of 100Fair/),
    ])
    const tones = within(scores)
      .getAllByTestId('score-bar')
      .map((bar) => bar.dataset.tone)
    // 71 is above 70: green; 70 is not: yellow; 41 is above 40: yellow.
    expect(tones).toEqual(['green', 'yellow', 'yellow'])
    expect(within(scores).getAllByTestId('score-bar')[0]).toHaveClass('bg-success')
    expect(within(scores).getAllByTestId('score-bar')[1]).toHaveClass('bg-warning')
    expect(screen.getByText('Ask the Austin Chamber of Commerce for a listing.')).toBeVisible()
    expect(screen.getByText('Answered by: Built-in engine')).toBeVisible()
    expect(bodies).toContainEqual({ key: 'analysis', body: { location: 'main' } })
  })

  test('with no link checked, the Quality Score reads Not rated, never a figure (issue 32 item 4)', async () => {
    signIn({ analysisResult: { ...analysis, qualityScore: null, qualityCounted: 0 } })
    await openAiTab()
    const scores = await screen.findByRole('list', { name: 'Backlink scores' })
    const quality = within(scores).getAllByRole('listitem')[0]!
    expect(quality).toHaveTextContent(/^Quality ScoreNot ratedNo link has been checked yet/)
    expect(within(quality).queryByTestId('score-bar')).toBeNull()
  })

  test('a score of 40 is red', async () => {
    signIn({ analysisResult: { ...analysis, qualityScore: 40, source: 'fallback' } })
    await openAiTab()
    const scores = await screen.findByRole('list', { name: 'Backlink scores' })
    const bar = within(scores).getAllByTestId('score-bar')[0]!
    expect(bar.dataset.tone).toBe('red')
    expect(bar).toHaveClass('bg-destructive')
    expect(within(scores).getAllByRole('listitem')[0]).toHaveTextContent('Needs work')
    expect(
      screen.getByText('Answered by: Standard advice (the AI model was unavailable)'),
    ).toBeVisible()
  })

  test('Refresh Analysis asks again', async () => {
    const { bodies } = signIn()
    await openAiTab()
    await screen.findByRole('list', { name: 'Backlink scores' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Analysis' }))
    await screen.findByRole('list', { name: 'Backlink scores' })
    await waitFor(() => expect(bodies.filter((b) => b.key === 'analysis')).toHaveLength(2))
  })

  test('without a website it says so before calling', async () => {
    const { calls } = signIn({ business: { ...savedBusiness, website: '' } })
    await openAiTab()
    expect(
      await screen.findByText(
        'Please add your website URL in Settings to use the AI Backlink Analysis feature.',
      ),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Refresh Analysis' })).toBeDisabled()
    expect(calls).not.toContain('POST /api/backlinks/analysis')
  })

  test('without backlinks it says so before calling', async () => {
    const { calls } = signIn({ items: [] })
    await openAiTab()
    expect(
      await screen.findByText(
        'No backlink data available. Please add backlinks in the Backlink Monitor section first.',
      ),
    ).toBeVisible()
    expect(calls).not.toContain('POST /api/backlinks/analysis')
  })

  test('a refusal from the server shows its message', async () => {
    const message =
      'No backlink data available. Please add backlinks in the Backlink Monitor section first.'
    signIn({
      analysisResult: () => json({ error: { code: 'unprocessable', message } }, 422),
    })
    await openAiTab()
    expect(await screen.findByText(message)).toBeVisible()
  })

  test('Content Ideas: Generate Ideas asks for the location and lists the ideas', async () => {
    const { bodies } = signIn()
    await openAiTab()
    const user = userEvent.setup()
    await user.click(screen.getByRole('tab', { name: 'Content Ideas' }))
    expect(screen.getByRole('heading', { name: 'Content Strategy Tips' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Generate Ideas' }))
    const ideas = await screen.findByRole('list', { name: 'Content ideas' })
    expect(within(ideas).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.getByText('Answered by: AI model')).toBeVisible()
    expect(bodies).toContainEqual({ key: 'ideas', body: { location: 'main' } })
  })
})

import { rangeDays, type RankCheck, type RankRange } from '@localseo/shared/rank-tracker'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { deferred, json, storeSession, stubNetwork } from '@/test/network'
import { historyHandlers } from '@/test/rank-history'
import { loadScreens, renderApp } from '@/test/render-app'

/** As many keywords as the seeded account's main place (bench/README.md): 400. */
const tracked = Array.from({ length: 400 }, (_, i) => ({
  id: `k${i + 1}`,
  keyword: `dentist query ${String(i + 1).padStart(3, '0')}`,
  createdAt: '2026-03-01T00:00:00.000Z',
  sample: false,
  volume: 100,
}))

/** Keyword n stands at n % 50 + 1 and gained a place when it is even. */
const checksOf = (n: number, range: number): RankCheck[] =>
  Array.from({ length: range }, () => (n % 50) + 1)

/** Holds the history's answers while set, as a slow network would. */
let gate: Promise<void> | undefined

/** `listed`: the keyword list's answer, the history's keywords when not given. */
function signIn(listed = tracked) {
  storeSession()
  gate = undefined
  const asked: string[] = []
  stubNetwork({
    ...ownerHandlers({ business: savedBusiness }),
    'GET /api/rank-tracker/keywords': () => json({ keywords: listed }),
    ...historyHandlers(async (request) => {
      const url = new URL(request.url)
      asked.push(`${url.pathname} ${url.searchParams.toString()}`)
      if (gate) await gate
      const range = Number(new URL(request.url).searchParams.get('range')) as RankRange
      return {
        range,
        days: rangeDays('2026-03-10', range),
        keywords: tracked.map((k, i) => ({
          ...k,
          checks: checksOf(i + 1, range),
          previousPosition: (i + 1) % 2 === 0 ? ((i + 1) % 50) + 2 : null,
        })),
        simulated: true,
      }
    }),
  })
  renderApp('/rank-tracker')
  return asked
}

beforeAll(async () => {
  await loadScreens(paths.rankTracker)
})

afterEach(() => vi.unstubAllGlobals())

describe('rank tracker with 400 keywords', () => {
  test(
    'the rankings table renders a page of 50 and pages through all 400',
    { timeout: 20_000 },
    async () => {
      const asked = signIn()
      const table = await screen.findByRole(
        'table',
        { name: 'Keyword Rankings' },
        { timeout: 5000 },
      )
      // The summary still counts every keyword, not the page.
      const summary = within(screen.getByRole('list', { name: 'Ranking summary' }))
      expect(summary.getByText('Keywords Tracked').nextSibling).toHaveTextContent('400')
      expect(within(table).getAllByRole('rowheader')).toHaveLength(50)
      const pager = screen.getByRole('navigation', { name: 'Keyword ranking pages' })
      expect(pager).toHaveTextContent('Keywords 1-50 of 400')
      expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()

      await userEvent.click(within(pager).getByRole('button', { name: 'Next' }))
      expect(pager).toHaveTextContent('Keywords 51-100 of 400')
      // The server sends the page asked for, not the whole history (issue 36 item 2).
      expect(asked).toContain('/api/rank-tracker/history location=main&range=30&page=2')
      const headers = within(table).getAllByRole('rowheader')
      expect(headers).toHaveLength(50)
      expect(headers[0]).toHaveTextContent('dentist query 051')
      for (let page = 3; page <= 8; page++) {
        await userEvent.click(within(pager).getByRole('button', { name: 'Next' }))
      }
      expect(pager).toHaveTextContent('Keywords 351-400 of 400')
      expect(within(table).getAllByRole('rowheader').at(-1)).toHaveTextContent('dentist query 400')
      expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    },
  )

  test('the tracked keyword list shows 20 at a time', async () => {
    signIn()
    const list = await screen.findByRole('list', { name: 'Tracked Keywords' }, { timeout: 5000 })
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    const pager = screen.getByRole('navigation', { name: 'Tracked keyword pages' })
    expect(pager).toHaveTextContent('1-20 of 400')
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('dentist query 021')
  })

  test('the chart chooser lists 24 keywords and finds the others by search', async () => {
    signIn()
    const chooser = await screen.findByRole(
      'group',
      { name: /^Keywords in the chart/ },
      { timeout: 5000 },
    )
    expect(within(chooser).getAllByRole('checkbox')).toHaveLength(24)
    expect(within(chooser).getByText('376 more keywords: search to find them.')).toBeVisible()
    await userEvent.type(within(chooser).getByLabelText('Find a keyword to chart'), 'query 399')
    const boxes = within(chooser).getAllByRole('checkbox')
    // The ticked keywords stay listed, then what matches.
    expect(boxes.filter((box) => (box as HTMLInputElement).checked)).toHaveLength(6)
    const found = within(chooser).getByRole('checkbox', { name: /dentist query 399/ })
    expect(boxes).toHaveLength(7)
    expect(found).not.toBeChecked()
  })

  test('Export CSV writes every keyword, read from the whole history', async () => {
    const asked = signIn()
    await screen.findByRole('table', { name: 'Keyword Rankings' }, { timeout: 5000 })
    const downloads = captureDownloads()
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(downloads.names).toEqual(['localseo-ai-rankings.csv']))
    const lines = (await downloads.text()).trimEnd().split('\r\n')
    expect(lines).toHaveLength(401)
    expect(lines.at(-1)).toMatch(/^dentist query 400,/)
    expect(asked).toContain('/api/rank-tracker/history/keywords location=main&range=30')
  })

  test('a keyword ticked in the chart is read with its checks alone', async () => {
    const asked = signIn()
    const chooser = await screen.findByRole(
      'group',
      { name: /^Keywords in the chart/ },
      { timeout: 5000 },
    )
    const ticked = within(chooser)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
    await userEvent.click(ticked[0]!)
    await userEvent.type(within(chooser).getByLabelText('Find a keyword to chart'), 'query 399')
    await userEvent.click(within(chooser).getByRole('checkbox', { name: /dentist query 399/ }))
    expect(chooser).toHaveAccessibleName('Keywords in the chart (6 of 400, up to 6)')
    await waitFor(() =>
      expect(asked.some((line) => /history\/keywords .*ids=.*k399/.test(line))).toBe(true),
    )
    // Every keyword is checked each day of the range: the chooser names the count the server sent.
    expect(
      within(chooser).getByRole('checkbox', { name: /dentist query 399/ }),
    ).toHaveAccessibleName('dentist query 399 (30 checks)')
  })

  test("while the keyword list and the history do not line up, no keyword is given another's count", async () => {
    const added = { ...tracked[0]!, id: 'k401', keyword: 'dentist query 401' }
    signIn([...tracked, added])
    const chooser = await screen.findByRole(
      'group',
      { name: /^Keywords in the chart/ },
      { timeout: 5000 },
    )
    const boxes = within(chooser).getAllByRole('checkbox')
    expect(boxes[0]).toHaveAccessibleName(expect.stringMatching(/^dentist query \d+$/) as string)
  })

  test('paging keeps the page shown while the next one comes, a page read before too', async () => {
    signIn()
    const table = await screen.findByRole('table', { name: 'Keyword Rankings' }, { timeout: 5000 })
    const pager = screen.getByRole('navigation', { name: 'Keyword ranking pages' })
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(pager).toHaveTextContent('Keywords 51-100 of 400')
    // A new page: the page shown stays until it comes, and the pager waits.
    let held = deferred<void>()
    gate = held.promise
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(screen.queryByText('Loading rankings…')).not.toBeInTheDocument()
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('dentist query 051')
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    gate = undefined
    held.resolve()
    await waitFor(() => expect(pager).toHaveTextContent('Keywords 101-150 of 400'))
    // A page read before shows at once while it is read again: no loading state either.
    held = deferred<void>()
    gate = held.promise
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }))
    expect(pager).toHaveTextContent('Keywords 51-100 of 400')
    expect(within(table).getAllByRole('rowheader')[0]).toHaveTextContent('dentist query 051')
    expect(screen.queryByText('Loading rankings…')).not.toBeInTheDocument()
    gate = undefined
    held.resolve()
  })
})

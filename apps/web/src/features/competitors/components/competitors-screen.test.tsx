// The Competitors screen (issue 34 item 1) against a stand-in for /api/competitors that keeps the
// contract of @localseo/shared/competitors: follow up to ten (the 11th is refused with the server's
// message), hiding unfollows, the location and the window in the address.
import {
  competitorUpdateSchema,
  followLimitMessage,
  MAX_FOLLOWED_COMPETITORS,
  type Competitor,
  type CompetitorsResponse,
} from '@localseo/shared/competitors'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

function competitor(n: number, overrides: Partial<Competitor> = {}): Competitor {
  return {
    id: `c${n}`,
    name: `Rival Dental ${n}`,
    otherNames: [],
    placeId: `place-${n}`,
    primaryCategory: 'Dentist',
    rating: 4.5,
    reviewCount: 100 + n,
    reviewsPerMonth: 2.25,
    website: null,
    searchesSeen: 40,
    searchesAboveYou: 30 - n,
    averageRank: 2 + n / 10,
    top3Share: 0.5,
    shareOfLocalVoice: { mapPack: 0.5, weighted: 0.42 },
    followed: false,
    hidden: false,
    sample: false,
    source: 'SerpApi',
    lastSeenAt: '2026-11-27T15:00:00.000Z',
    ...overrides,
  }
}

function response(competitors: Competitor[], overrides: Partial<CompetitorsResponse> = {}) {
  return {
    locationId: 'main',
    days: 90,
    searches: { gridPoints: 980, dailyChecks: 254 },
    scans: 20,
    you: {
      averageRank: 4.5,
      top3Share: 0.25,
      shareOfLocalVoice: { mapPack: 0.25, weighted: 0.31 },
    },
    competitors,
    ...overrides,
  } satisfies CompetitorsResponse
}

/** A stand-in server holding the competitors; every list request is recorded with its query. */
function signIn(initial: Competitor[], overrides: Partial<CompetitorsResponse> = {}) {
  storeSession()
  const competitors = initial.map((c) => ({ ...c }))
  const lists: URLSearchParams[] = []
  const patches: unknown[] = []
  const network = stubNetwork({
    ...ownerHandlers({ business: { ...savedBusiness, locations: twoLocations } }),
    'GET /api/competitors': (request) => {
      const query = new URL(request.url).searchParams
      lists.push(query)
      return json(
        response(competitors, {
          days: Number(query.get('days')),
          locationId: query.get('location') ?? 'main',
          ...overrides,
        }),
      )
    },
    ...Object.fromEntries(
      competitors.map((c) => [
        `PATCH /api/competitors/${c.id}`,
        async (request: Request) => {
          const change = competitorUpdateSchema.parse(await request.json())
          patches.push(change)
          const following = competitors.filter((other) => other.followed).length
          if (change.followed && !c.followed && following >= MAX_FOLLOWED_COMPETITORS) {
            return json({ error: { code: 'validation_error', message: followLimitMessage } }, 422)
          }
          if (change.followed !== undefined) c.followed = change.followed
          if (change.hidden !== undefined) c.hidden = change.hidden
          if (c.hidden) c.followed = false
          return json({ id: c.id, followed: c.followed, hidden: c.hidden })
        },
      ]),
    ),
  })
  return { network, lists, patches }
}

beforeAll(async () => {
  await loadScreens(paths.competitors)
})

const table = () => screen.findByRole('table', { name: 'Who shows up beside you' })

describe('Competitors', () => {
  test('compares the owner with each competitor, with what the figures count', async () => {
    const { lists } = signIn([
      competitor(1, {
        otherNames: ['Rival Dental Group LLC'],
        website: 'www.rivaldental.example',
        reviewsPerMonth: 3.14,
      }),
      competitor(2, { rating: null, reviewCount: null, reviewsPerMonth: null, averageRank: null }),
    ])
    renderApp('/competitors?location=loc_1')
    const rows = within(await table()).getAllByRole('row')
    expect(screen.getByRole('heading', { level: 1, name: 'Competitors' })).toBeVisible()
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Rank Tracker' }),
    ).toHaveAttribute('href', '/rank-tracker')
    // The location comes from the address; the window starts at 90 days.
    expect(lists[0]?.get('location')).toBe('loc_1')
    expect(lists[0]?.get('days')).toBe('90')
    expect(screen.getByLabelText('Location')).toHaveValue('loc_1')
    expect(
      screen.getByText(
        'From 1,234 map searches: 980 geo-grid points and 254 daily checks, last 90 days.',
      ),
    ).toBeVisible()
    const [, you, first, second] = rows
    expect(you).toHaveAttribute('data-own', 'true')
    expect(you).toHaveTextContent('You')
    expect(you).toHaveTextContent('#4.5')
    expect(you).toHaveTextContent('25%weighted 31%')
    expect(first).toHaveTextContent('also shown as Rival Dental Group LLC')
    expect(first).toHaveTextContent('4.5101 reviews')
    expect(first).toHaveTextContent('3.1')
    expect(first).toHaveTextContent('#2.1')
    expect(first).toHaveTextContent('50%weighted 42%')
    // Above the owner in 29 of the window's 1,234 searches; among the places in 40 of them.
    expect(first).toHaveTextContent('29 of 1,234seen in 40')
    expect(first).toHaveTextContent('Last seen Nov 27, 2026 by SerpApi')
    const website = within(first!).getByRole('link', { name: /rivaldental\.example/ })
    expect(website).toHaveAttribute('href', 'https://www.rivaldental.example/')
    expect(website).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(website).toHaveAttribute('target', '_blank')
    // No figure is never 0.
    expect(second).toHaveTextContent('Reviews not known')
    expect(within(second!).getAllByText('—')).toHaveLength(3)
    expect(screen.queryByText('Sample')).not.toBeInTheDocument()
    // Each figure's header opens its method.
    expect(screen.getByRole('link', { name: 'Average rank (how it is computed)' })).toHaveAttribute(
      'href',
      '/methods#average-rank',
    )
    expect(
      screen.getByRole('link', { name: 'Share of local voice (how it is computed)' }),
    ).toHaveAttribute('href', '/methods#share-of-local-voice')
    expect(
      screen.getByRole('link', { name: 'Reviews a month (how it is computed)' }),
    ).toHaveAttribute('href', '/methods#reviews-per-month')
    expect(
      screen.getByRole('link', { name: 'Above you (searches) (how it is computed)' }),
    ).toHaveAttribute('href', '/methods#competitor-figures')
    expect(screen.getByRole('link', { name: 'What is counted' })).toHaveAttribute(
      'href',
      '/methods#competitor-figures',
    )
    expect(screen.getByRole('link', { name: 'Top-3 share (how it is computed)' })).toHaveAttribute(
      'href',
      '/methods#top-3-share',
    )
  })

  test('the window and the location are asked of the server and kept in the address', async () => {
    const { lists } = signIn([competitor(1)])
    renderApp('/competitors')
    await table()
    await userEvent.click(screen.getByRole('button', { name: 'Last 365 days' }))
    expect(screen.getByRole('button', { name: 'Last 365 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(await screen.findByText(/last 365 days\.$/)).toBeVisible()
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'loc_2')
    expect(
      await screen.findByText('Viewing competitors for: Sunrise Dental - Round Rock'),
    ).toBeVisible()
    expect(lists.map((query) => `${query.get('location')} ${query.get('days')}`)).toEqual([
      'main 90',
      'main 365',
      'loc_2 365',
    ])
  })

  test('Follow is a toggle that asks the server, and the count follows', async () => {
    const { patches } = signIn([competitor(1), competitor(2, { followed: true })])
    renderApp('/competitors')
    await table()
    expect(screen.getByTestId('following-count')).toHaveTextContent('Following 1 of 10')
    const follow = screen.getByRole('button', { name: 'Follow Rival Dental 1' })
    expect(follow).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(follow)
    const following = await screen.findByRole('button', { name: 'Following Rival Dental 1' })
    expect(following).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByTestId('following-count')).toHaveTextContent('Following 2 of 10')
    await userEvent.click(screen.getByRole('button', { name: 'Following Rival Dental 2' }))
    expect(await screen.findByRole('button', { name: 'Follow Rival Dental 2' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(patches).toEqual([{ followed: true }, { followed: false }])
  })

  test("an 11th follow shows the server's message and follows nothing", async () => {
    signIn([
      ...Array.from({ length: 10 }, (_, i) => competitor(i + 1, { followed: true })),
      competitor(11),
    ])
    renderApp('/competitors')
    await table()
    expect(screen.getByTestId('following-count')).toHaveTextContent('Following 10 of 10')
    await userEvent.click(screen.getByRole('button', { name: 'Follow Rival Dental 11' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(followLimitMessage)
    expect(screen.getByRole('button', { name: 'Follow Rival Dental 11' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(screen.getByTestId('following-count')).toHaveTextContent('Following 10 of 10')
    // The refusal belongs to the location it was asked for.
    await userEvent.selectOptions(screen.getByLabelText('Location'), 'loc_2')
    await screen.findByText('Viewing competitors for: Sunrise Dental - Round Rock')
    await table()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  test('a hidden competitor leaves the table for the hidden list, and comes back', async () => {
    signIn([competitor(1, { followed: true }), competitor(2), competitor(3, { hidden: true })])
    renderApp('/competitors')
    const list = await table()
    expect(within(list).queryByRole('rowheader', { name: /^Rival Dental 3/ })).toBeNull()
    const disclosure = screen.getByRole('button', { name: 'Show hidden (1)' })
    expect(disclosure).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list', { name: 'Hidden competitors' })).not.toBeInTheDocument()

    // Hiding a followed competitor unfollows it.
    await userEvent.click(screen.getByRole('button', { name: 'Hide Rival Dental 1' }))
    const more = await screen.findByRole('button', { name: 'Show hidden (2)' })
    expect(within(list).queryByRole('rowheader', { name: /^Rival Dental 1/ })).toBeNull()
    expect(screen.getByTestId('following-count')).toHaveTextContent('Following 0 of 10')
    await userEvent.click(more)
    expect(more).toHaveAttribute('aria-expanded', 'true')
    const hidden = screen.getByRole('list', { name: 'Hidden competitors' })
    expect(
      within(hidden)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rival Dental 1Unhide Rival Dental 1', 'Rival Dental 3Unhide Rival Dental 3'])
    await userEvent.click(within(hidden).getByRole('button', { name: 'Unhide Rival Dental 3' }))
    expect(await within(list).findByRole('rowheader', { name: /^Rival Dental 3/ })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Show hidden (1)' })).toBeVisible()
  })

  test('sample competitors are labelled Sample', async () => {
    signIn([competitor(1, { sample: true, source: 'Simulated' }), competitor(2)])
    renderApp('/competitors')
    const rows = within(await table()).getAllByRole('row')
    expect(within(rows[2]!).getByText('Sample')).toBeVisible()
    expect(rows[2]).toHaveTextContent('by Simulated')
    expect(within(rows[3]!).queryByText('Sample')).not.toBeInTheDocument()
  })

  test('before any map search it explains where competitors come from and where to start', async () => {
    signIn([], { searches: { gridPoints: 0, dailyChecks: 0 }, scans: 0 })
    renderApp('/competitors')
    expect(await screen.findByText('No map searches in the last 90 days yet.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Run a geo-grid scan' })).toHaveAttribute(
      'href',
      '/rank-tracker/grid',
    )
    expect(
      screen.getByRole('link', { name: 'Track keywords in the Rank Tracker' }),
    ).toHaveAttribute('href', '/rank-tracker')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  test('the side menu keeps Rank Tracker active', async () => {
    signIn([competitor(1)])
    renderApp('/competitors')
    await table()
    const menu = screen.getByRole('navigation', { name: 'Main' })
    expect(within(menu).getByRole('link', { name: 'Rank Tracker' })).toHaveAttribute(
      'aria-current',
      'page',
    )
  })
})

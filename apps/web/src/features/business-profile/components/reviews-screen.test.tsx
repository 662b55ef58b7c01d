// The Reviews screen (issue 33 items 2 and 4): its states (no business, not linked, not imported
// yet, a failed import, samples), the summary's figures with their source, the filters kept in the
// address, and the 'Get more reviews' tab's link, texts, no-gating note and QR downloads.
import { emptyBusiness, type Business } from '@localseo/shared/business'
import type { ProfileReview, ReviewsPage, ReviewsSummary } from '@localseo/shared/business-profile'
import type { ReviewRequest } from '@localseo/shared/review-requests'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { AppRoutes } from '@/app/router'
import { BUSINESS_REQUIRED_MESSAGE } from '@/components/business-required'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { captureDownloads } from '@/test/downloads'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens } from '@/test/render-app'

const IMPORTED = {
  googleLocation: 'locations/4815162342',
  title: 'Sunrise Dental',
  sample: false,
  importedAt: '2026-03-10T12:00:00.000Z',
  attemptedAt: '2026-03-10T12:00:00.000Z',
  status: 'ok' as const,
  reason: null,
}
type Imported = ReviewsPage['import']

const review = (overrides: Partial<ProfileReview> = {}): ProfileReview => ({
  name: 'accounts/1/locations/4815162342/reviews/r1',
  reviewer: 'Maria Gonzalez',
  reviewerAnonymous: false,
  reviewerPhotoUrl: 'https://lh3.googleusercontent.com/a/maria',
  rating: 5,
  comment: 'They fixed my cracked tooth the same day.',
  createTime: '2026-03-08T16:21:07.512Z',
  updateTime: '2026-03-08T16:21:07.512Z',
  reply: null,
  sample: false,
  ...overrides,
})

const REVIEWS = [
  review(),
  review({
    name: 'accounts/1/locations/4815162342/reviews/r2',
    reviewer: 'A Google user',
    reviewerAnonymous: true,
    reviewerPhotoUrl: null,
    rating: 3,
    comment: '',
    createTime: '2026-02-11T10:00:00Z',
  }),
]

const summary = (imported: Imported): ReviewsSummary => ({
  count: 42,
  average: 4.36,
  distribution: [2, 1, 3, 10, 26],
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `2025-${String(i + 1).padStart(2, '0')}`,
    count: i,
    average: i === 0 ? null : 4,
    responseRate: i === 0 ? null : 0.5,
    medianReplyHours: i === 0 ? null : 30,
  })),
  responseRate: 0.5,
  medianReplyHours: 67.1,
  import: imported,
})

const LINK = 'https://search.google.com/local/writereview?placeid=ChIJLwPMoJm1RIYRetVp1EtGm10'
const request = (overrides: Partial<ReviewRequest> = {}): ReviewRequest => ({
  location: 'main',
  name: 'Sunrise Dental',
  link: { googleLocation: IMPORTED.googleLocation, title: 'Sunrise Dental', placeId: 'ChIJ' },
  reviewUrl: LINK,
  texts: {
    email: { subject: 'How was your visit to Sunrise Dental?', body: `Hello,\n\n${LINK}` },
    sms: `Thank you for choosing Sunrise Dental! ${LINK}`,
  },
  sample: false,
  ...overrides,
})

beforeAll(async () => {
  await loadScreens(paths.reviews)
})

/** The app at `path`, with the address's query string readable as the screen changes it. */
function open(
  path: string,
  {
    imported = IMPORTED,
    reviews = REVIEWS,
    business = savedBusiness,
    requestBody = request(),
  }: {
    imported?: Imported
    reviews?: ProfileReview[]
    business?: Business
    requestBody?: ReviewRequest
  } = {},
) {
  storeSession()
  const queries: URLSearchParams[] = []
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile/reviews': (req) => {
      queries.push(new URL(req.url).searchParams)
      return json({ reviews, page: 1, pageSize: 20, total: reviews.length, import: imported })
    },
    'GET /api/business-profile/reviews/summary': () => json(summary(imported)),
    'GET /api/business-profile/review-requests': () => json(requestBody),
  })
  const address = { search: '' }
  function SearchProbe() {
    address.search = useLocation().search
    return null
  }
  render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <SearchProbe />
      </MemoryRouter>
    </AppProvider>,
  )
  return { queries, address, lastQuery: () => queries.at(-1)! }
}

describe('states', () => {
  test('without business information the screen sends the owner to Settings', async () => {
    open('/reviews', { business: { ...emptyBusiness, id: 'b1' } })
    expect(await screen.findByText(BUSINESS_REQUIRED_MESSAGE)).toBeVisible()
  })

  test('a place not linked to a profile says so and links to Settings', async () => {
    open('/reviews', { imported: null })
    expect(
      await screen.findByText(/Sunrise Dental \(Main\) is not linked to a Google Business Profile/),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      paths.settings,
    )
  })

  test('linked but never imported: the reviews are on their way', async () => {
    open('/reviews', {
      imported: { ...IMPORTED, importedAt: null, attemptedAt: null, status: null },
      reviews: [],
    })
    expect(await screen.findByText(/Reviews are imported from Google once a day/)).toBeVisible()
    expect(screen.getByText('Not imported yet')).toBeVisible()
  })

  test('a failed import shows Google’s reason and what to do', async () => {
    open('/reviews', {
      imported: {
        ...IMPORTED,
        status: 'failed',
        reason: 'Google allows this project no Business Profile requests yet (quota 0).',
      },
    })
    expect(await screen.findByText('The last reviews import failed')).toBeVisible()
    expect(
      screen.getByText('Google allows this project no Business Profile requests yet (quota 0).'),
    ).toBeVisible()
    expect(screen.getByText(/We try again every day/)).toBeVisible()
  })

  test('without a Google client the reviews are samples, labelled, with how to connect', async () => {
    open('/reviews', {
      imported: { ...IMPORTED, sample: true },
      reviews: REVIEWS.map((r) => ({ ...r, sample: true })),
    })
    expect(await screen.findByText('Sample reviews')).toBeVisible()
    expect(screen.getByText(/connect your Business Profile in Settings/)).toBeVisible()
    const list = screen.getByRole('list', { name: 'Reviews, newest first' })
    expect(within(list).getAllByText('Sample')).toHaveLength(2)
  })
})

describe('the reviews', () => {
  test('the summary’s figures, each with where they came from, and each review', async () => {
    open('/reviews')
    const glance = await screen.findByRole('region', { name: 'Your reviews at a glance' })
    const figures = within(glance)
    expect(await figures.findByText('4.4')).toBeVisible()
    expect(figures.getByRole('img', { name: '4.36 out of 5 stars' })).toBeVisible()
    expect(figures.getByText('42')).toBeVisible()
    expect(figures.getByText('50% of reviews have your reply')).toBeVisible()
    expect(figures.getByText('3 days')).toBeVisible()
    const byStars = figures.getByRole('list', { name: 'Reviews by stars' })
    expect(
      within(byStars)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '5 stars26 reviews',
      '4 stars10 reviews',
      '3 stars3 reviews',
      '2 stars1 review',
      '1 star2 reviews',
    ])
    expect(figures.getByText(/December 2025: 11/)).toBeInTheDocument()
    // Over time: month by month, newest first, the share answered and the time to a reply.
    await userEvent.click(figures.getByText('Month by month: answered and time to reply'))
    const months = figures.getByRole('table', { name: 'Your reviews month by month' })
    const [, december, , , , , , , , , , , january] = within(months).getAllByRole('row')
    expect(december!.textContent).toBe('December 2025114.050%30 hours')
    expect(january!.textContent).toBe('January 20250–––')
    expect(figures.getByText(/^From Google, imported Mar 10, 2026/)).toBeVisible()

    const list = screen.getByRole('list', { name: 'Reviews, newest first' })
    const [maria, anonymous] = within(list).getAllByRole('listitem')
    expect(within(maria!).getByText('Maria Gonzalez')).toBeVisible()
    expect(maria!.querySelector('img')).toHaveAttribute(
      'src',
      'https://lh3.googleusercontent.com/a/maria',
    )
    expect(within(maria!).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible()
    expect(within(maria!).getByText('Mar 8, 2026')).toBeVisible()
    expect(within(maria!).getByText('They fixed my cracked tooth the same day.')).toBeVisible()
    expect(within(anonymous!).getByText('A Google user')).toBeVisible()
    expect(anonymous!.querySelector('img')).toBeNull()
  })

  test('filters go into the address and the request; a reload keeps them', async () => {
    const user = userEvent.setup()
    const page = open('/reviews')
    const stars = await screen.findByLabelText('Stars')
    await user.selectOptions(stars, '2')
    await user.selectOptions(screen.getByLabelText('Reply'), 'false')
    await waitFor(() => expect(page.lastQuery().get('rating')).toBe('2'))
    expect(page.lastQuery().get('replied')).toBe('false')
    expect(new URLSearchParams(page.address.search).get('rating')).toBe('2')
    expect(new URLSearchParams(page.address.search).get('replied')).toBe('false')

    // The search box waits for a pause in typing, then asks once.
    await user.type(screen.getByLabelText('Search'), 'crown')
    await waitFor(() => expect(page.lastQuery().get('q')).toBe('crown'))
    expect(page.queries.filter((q) => q.get('q')?.startsWith('c'))).toHaveLength(1)
    expect(new URLSearchParams(page.address.search).get('q')).toBe('crown')
  })

  test('opened with filters in the address, the controls and the request carry them', async () => {
    const page = open(
      '/reviews?rating=4&replied=true&from=2026-01-01&to=2026-02-28&q=cleaning&page=2',
    )
    expect(await screen.findByLabelText('Stars')).toHaveValue('4')
    expect(screen.getByLabelText('Reply')).toHaveValue('true')
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01')
    expect(screen.getByLabelText('To')).toHaveValue('2026-02-28')
    expect(screen.getByLabelText('Search')).toHaveValue('cleaning')
    await waitFor(() => expect(page.queries.length).toBeGreaterThan(0))
    expect(Object.fromEntries(page.lastQuery())).toEqual({
      location: 'main',
      rating: '4',
      replied: 'true',
      from: '2026-01-01',
      to: '2026-02-28',
      q: 'cleaning',
      page: '2',
    })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }))
    await waitFor(() =>
      expect(Object.fromEntries(page.lastQuery())).toEqual({ location: 'main', page: '1' }),
    )
    expect(page.address.search).toBe('')
  })
})

describe('Get more reviews', () => {
  test('the review link, the texts, the no-gating note and the QR code’s downloads', async () => {
    const user = userEvent.setup()
    open('/reviews')
    await user.click(await screen.findByRole('tab', { name: 'Get more reviews' }))
    expect(await screen.findByLabelText('Review link')).toHaveValue(LINK)
    expect(screen.getByLabelText('Email subject')).toHaveValue(
      'How was your visit to Sunrise Dental?',
    )
    expect(screen.getByLabelText('Text message (SMS)')).toHaveValue(
      `Thank you for choosing Sunrise Dental! ${LINK}`,
    )
    expect(screen.getByText('Ask every customer the same way')).toBeVisible()
    expect(screen.getByText(/that is called review gating/)).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(await navigator.clipboard.readText()).toBe(LINK)

    const card = screen.getByRole('figure', { name: 'Printable review card' })
    expect(within(card).getByText('Review us on Google')).toBeVisible()
    expect(within(card).getByText(LINK)).toBeVisible()
    const qr = await within(card).findByRole('img', { name: 'QR code of your Google review link' })
    expect(decodeURIComponent(qr.getAttribute('src')!)).toMatch(/^data:image\/svg\+xml;utf8,<svg/)

    const downloads = captureDownloads()
    await user.click(screen.getByRole('button', { name: 'Download SVG' }))
    expect(downloads.names).toEqual(['sunrise-dental-review-qr.svg'])
    expect(await downloads.text()).toMatch(/^<svg/)
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeEnabled()
    // happy-dom has no print(); the browser's prints the page, which the card's print CSS narrows.
    const print = vi.fn()
    vi.stubGlobal('print', print)
    await user.click(screen.getByRole('button', { name: 'Print card' }))
    expect(print).toHaveBeenCalled()
  })

  test('a place not linked says where to link it', async () => {
    open('/reviews?tab=requests', {
      requestBody: request({ link: null, reviewUrl: null, texts: null }),
    })
    expect(await screen.findByText(/is not linked to a Google Business Profile yet/)).toBeVisible()
    expect(screen.queryByLabelText('Review link')).toBeNull()
  })

  test('a profile Google has no place id for has no review link yet', async () => {
    open('/reviews?tab=requests', {
      requestBody: request({
        link: { googleLocation: 'locations/5772156649', title: 'Mobile Hygienist', placeId: null },
        reviewUrl: null,
        texts: null,
      }),
    })
    expect(await screen.findByText(/Google has no place id for Mobile Hygienist yet/)).toBeVisible()
  })

  test('a sample link is labelled Sample', async () => {
    open('/reviews?tab=requests', { requestBody: request({ sample: true }) })
    expect(
      await screen.findByText(/A sample link: this server has no Google sign-in yet/),
    ).toBeVisible()
    expect(screen.getAllByText('Sample').length).toBeGreaterThan(0)
  })
})

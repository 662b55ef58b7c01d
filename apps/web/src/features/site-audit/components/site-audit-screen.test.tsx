import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import type { AuditRunDetail, AuditRunSummary } from '@/lib/site-audit'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const RUN_1 = '11111111-1111-4111-8111-111111111111'
const RUN_2 = '22222222-2222-4222-8222-222222222222'

function summary(overrides: Partial<AuditRunSummary> = {}): AuditRunSummary {
  return {
    id: RUN_2,
    status: 'done',
    startUrls: ['https://sunrisedental.com/'],
    budget: 200,
    pagesCrawled: 12,
    endReason: 'done',
    error: null,
    startedAt: '2026-11-20T10:00:00.000Z',
    finishedAt: '2026-11-20T10:01:00.000Z',
    issueCounts: { critical: 1, alert: 1, warning: 1 },
    newCount: 2,
    fixedCount: 1,
    ...overrides,
  }
}

const detail: AuditRunDetail = {
  run: summary(),
  issues: [
    {
      id: 'broken-page',
      category: 'indexability',
      severity: 'critical',
      title: 'Pages that answer with an error',
      explanation: 'These pages answered with an error code.',
      fix: 'Restore the page, or redirect its address.',
      pageCount: 2,
      pages: [
        { url: 'https://sunrisedental.com/old', detail: 'HTTP 404' },
        { url: 'https://sunrisedental.com/gone' },
      ],
      isNew: true,
      taskId: null,
    },
    {
      id: 'tel-link-missing',
      category: 'local',
      severity: 'alert',
      title: 'Phone number is not tap-to-call',
      explanation: 'Visitors should be able to tap your number.',
      fix: 'Wrap the number in a tel: link.',
      pageCount: 1,
      pages: [{ url: 'https://sunrisedental.com/', detail: 'no tel: link' }],
      isNew: true,
      taskId: null,
    },
    {
      id: 'thin-content',
      category: 'content',
      severity: 'warning',
      title: 'Thin content (under 200 words)',
      explanation: 'These pages have little text.',
      fix: 'Add useful text.',
      pageCount: 1,
      pages: [{ url: 'https://sunrisedental.com/about' }],
      isNew: false,
      taskId: null,
    },
  ],
  pages: [
    {
      url: 'https://sunrisedental.com/',
      finalUrl: 'https://sunrisedental.com/',
      depth: 0,
      status: 200,
      outcome: 'ok',
      title: 'Home',
    },
    {
      url: 'https://sunrisedental.com/book',
      finalUrl: 'https://sunrisedental.com/book',
      depth: 1,
      status: 429,
      outcome: 'blocked',
      title: null,
    },
    {
      url: 'https://sunrisedental.com/app',
      finalUrl: 'https://sunrisedental.com/app',
      depth: 1,
      status: 200,
      outcome: 'needs-javascript',
      title: null,
    },
  ],
  changes: { newIssues: ['broken-page', 'tel-link-missing'], fixedIssues: ['h1-missing'] },
  fixed: [
    {
      id: 'h1-missing',
      title: 'Missing main heading (H1)',
      severity: 'alert',
      category: 'content',
    },
  ],
}

function signIn(options: {
  runs: () => AuditRunSummary[]
  business?: typeof savedBusiness
  start?: () => Response
}) {
  storeSession()
  const posts: string[] = []
  const network = stubNetwork({
    ...ownerHandlers({ business: options.business }),
    'GET /api/site-audit/runs': () => json({ runs: options.runs() }),
    [`GET /api/site-audit/runs/${RUN_2}`]: () => json(detail),
    [`GET /api/site-audit/runs/${RUN_1}`]: () =>
      json({ ...detail, run: summary({ id: RUN_1 }), issues: [], changes: null, fixed: [] }),
    'POST /api/site-audit/runs': () => {
      posts.push('start')
      return options.start?.() ?? json({ run: { id: RUN_2, status: 'running', budget: 200 } }, 202)
    },
    [`POST /api/site-audit/runs/${RUN_2}/cancel`]: () => {
      posts.push('cancel')
      return json({ run: summary({ status: 'cancelled' }) })
    },
  })
  renderApp('/dashboard/audit')
  return { ...network, posts }
}

const heading = () => screen.findByRole('heading', { name: 'Site Audit' })

beforeAll(async () => {
  await loadScreens(paths.siteAudit)
})

describe('site audit screen', () => {
  test("a run's date is on the business's clock, whatever the browser's (issue 32 item 5)", async () => {
    // 00:04 UTC on Nov 28 is 6:04 pm on Nov 27 in Austin.
    const evening = { startedAt: '2026-11-28T00:04:00.000Z' }
    signIn({
      runs: () => [summary(evening)],
      business: { ...savedBusiness, timeZone: 'America/Chicago' },
    })
    const when = /^(Audit of )?Nov 27, 2026, 6:04\sPM$/
    expect((await screen.findAllByText(when)).length).toBeGreaterThan(0)
    expect(screen.queryByText(/Nov 28, 2026/)).toBeNull()
  })

  test('without a website it says how to add one and offers no Run button', async () => {
    signIn({ runs: () => [], business: { ...savedBusiness, website: '' } })
    await heading()
    expect(
      await screen.findByText('Add your website in Settings to run a site audit.'),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings',
    )
    expect(screen.queryByRole('button', { name: 'Run site audit' })).not.toBeInTheDocument()
  })

  test('before the first run it explains the audit; running shows progress and can be cancelled', async () => {
    let runs: AuditRunSummary[] = []
    const { posts } = signIn({ runs: () => runs })
    await heading()
    expect(await screen.findByRole('heading', { name: 'No audit yet' })).toBeVisible()
    // The Dashboard stays the active menu entry.
    expect(screen.getByRole('link', { name: 'Dashboard', current: 'page' })).toBeVisible()

    runs = [
      summary({
        status: 'running',
        endReason: null,
        pagesCrawled: 3,
        newCount: null,
        fixedCount: null,
      }),
    ]
    await userEvent.click(screen.getByRole('button', { name: 'Run site audit' }))
    const progress = await screen.findByRole('progressbar', { name: 'Pages crawled' })
    expect(progress).toHaveAttribute('aria-valuenow', '3')
    expect(screen.getByText(/3 of 200 pages crawled/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Run site audit' })).toBeDisabled()
    expect(posts).toEqual(['start'])

    runs = [summary({ status: 'cancelled', endReason: 'cancelled', pagesCrawled: 3 })]
    await userEvent.click(screen.getByRole('button', { name: 'Cancel audit' }))
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(posts).toEqual(['start', 'cancel'])
  })

  test('issues are grouped by severity and category; each opens to its pages and its fix', async () => {
    signIn({ runs: () => [summary(), summary({ id: RUN_1, newCount: null, fixedCount: null })] })
    await heading()
    const critical = await screen.findByRole('heading', { name: /^Critical/, level: 2 })
    expect(critical).toHaveTextContent('Critical(1)')
    expect(screen.getByRole('heading', { name: /^Alerts/, level: 2 })).toBeVisible()
    expect(screen.getByRole('heading', { name: /^Warnings/, level: 2 })).toBeVisible()
    expect(screen.getByRole('list', { name: 'Critical: Indexability' })).toBeVisible()
    expect(screen.getByRole('list', { name: 'Alerts: Local' })).toBeVisible()

    const toggle = screen.getByRole('button', { name: /Pages that answer with an error/ })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(toggle).getByText('New')).toBeVisible()
    expect(screen.queryByText('Restore the page, or redirect its address.')).not.toBeVisible()
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!
    expect(within(panel).getByText('Restore the page, or redirect its address.')).toBeVisible()
    const pages = within(panel).getByRole('list', {
      name: 'Pages: Pages that answer with an error',
    })
    expect(within(pages).getByRole('link', { name: /sunrisedental\.com\/old/ })).toHaveAttribute(
      'href',
      'https://sunrisedental.com/old',
    )
    expect(within(pages).getByText('HTTP 404')).toBeVisible()

    // Honest labels for what the audit could not read.
    expect(screen.getByText('Audit blocked:')).toBeVisible()
    expect(screen.getByText('Needs JavaScript to read:')).toBeVisible()

    const fixed = screen.getByRole('list', { name: 'Fixed since the previous audit' })
    expect(within(fixed).getByText('Missing main heading (H1)')).toBeVisible()

    const history = screen.getByRole('list', { name: 'Audit history' })
    const [latest, older] = within(history).getAllByRole('button')
    expect(latest).toHaveTextContent('2 new · 1 fixed')
    expect(latest).toHaveAttribute('aria-current', 'true')
    expect(older).not.toHaveTextContent('new')

    // An older run opens its own results.
    await userEvent.click(older!)
    expect(await screen.findByText('No issues found on the pages this audit read.')).toBeVisible()
  })

  test('a refused website shows the server message', async () => {
    signIn({
      runs: () => [],
      start: () =>
        json(
          {
            error: {
              code: 'url_not_allowed',
              message:
                'Your website (http://10.0.0.7/) cannot be audited: it is a private or local address, or uses a port other than 80 or 443.',
            },
          },
          422,
        ),
    })
    await heading()
    await userEvent.click(await screen.findByRole('button', { name: 'Run site audit' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your website (http://10.0.0.7/) cannot be audited',
    )
  })

  test('an unreachable website reads Could not reach your website, with the cause and no findings', async () => {
    const message =
      'The address sunrisedental.com was not found: no server answers to that name. Check the website address in Settings for a typo, and that your domain name has not expired.'
    signIn({
      runs: () => [
        summary({
          id: RUN_1,
          status: 'failed',
          endReason: 'unreachable',
          error: message,
          pagesCrawled: 0,
          issueCounts: { critical: 0, alert: 0, warning: 0 },
          newCount: null,
          fixedCount: null,
        }),
      ],
    })
    await heading()
    const title = await screen.findByText('Could not reach your website', { selector: 'p' })
    const box = title.closest('[role="status"]')
    expect(box).toHaveTextContent(message)
    expect(box).toHaveTextContent('Nothing was found and your score has not changed.')
    expect(screen.queryByRole('heading', { name: /critical/i })).toBeNull()
  })
})

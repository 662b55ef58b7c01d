import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const RUN = '22222222-2222-4222-8222-222222222222'

const run = (status: string) => ({
  id: RUN,
  status,
  startUrls: ['https://sunrisedental.com/'],
  budget: 200,
  pagesCrawled: 12,
  endReason: status === 'done' ? 'done' : null,
  error: null,
  startedAt: '2026-11-20T10:00:00.000Z',
  finishedAt: null,
  issueCounts: { critical: 1, alert: 3, warning: 1 },
  newCount: null,
  fixedCount: null,
})

const issue = (id: string, severity: string, title: string, pageCount: number) => ({
  id,
  category: 'content',
  severity,
  title,
  explanation: '',
  fix: '',
  pageCount,
  pages: [],
  isNew: false,
  taskId: null,
})

function signIn(runs: unknown[]) {
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/site-audit/runs': () => json({ runs }),
    [`GET /api/site-audit/runs/${RUN}`]: () =>
      json({
        run: run('done'),
        // Out of order on purpose: the card ranks by severity, then by pages hit.
        issues: [
          issue('thin-content', 'warning', 'Thin content (under 200 words)', 9),
          issue('title-length', 'alert', 'Title too short or too long', 2),
          issue('h1-missing', 'alert', 'Missing main heading (H1)', 4),
          issue('meta-description-missing', 'alert', 'Missing meta description', 1),
          issue('broken-page', 'critical', 'Pages that answer with an error', 1),
        ],
        pages: [],
        changes: null,
        fixed: [],
      }),
  })
  renderApp('/dashboard')
}

const card = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Issues to Fix' })).closest(
      'div.rounded-xl',
    ) as HTMLElement,
  )

beforeAll(async () => {
  await loadScreens(paths.dashboard, paths.siteAudit)
})

describe('Issues to Fix: site audit', () => {
  test('before any audit it invites the owner to run one, linking the audit screen', async () => {
    signIn([])
    const issues = await card()
    const link = await issues.findByRole('link', { name: /Run a site audit/ })
    expect(link).toHaveAttribute('href', '/dashboard/audit')
    // The data gaps are still listed beside it.
    expect(issues.getByRole('heading', { name: 'From your site audit' })).toBeVisible()
  })

  test('after an audit it lists the three most severe issues and links to all of them', async () => {
    signIn([run('done')])
    const issues = await card()
    const list = await issues.findByRole('list', { name: 'Top site audit issues' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'CriticalPages that answer with an error (1 page)',
      'AlertMissing main heading (H1) (4 pages)',
      'AlertTitle too short or too long (2 pages)',
    ])
    await userEvent.click(issues.getByRole('link', { name: /See all 5 audit issues/ }))
    expect(await screen.findByRole('heading', { name: 'Site Audit' })).toBeVisible()
  })
})

describe('Issues to Fix: every source (issue 32 item 8)', () => {
  test('each open problem says where it is fixed, and a failed audit is one of them', async () => {
    signIn([])
    const issues = await card()
    const list = await issues.findByRole('list', { name: 'Issues to fix' })
    const failed = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent.includes('Your latest site audit failed'))!
    expect(within(failed).getByText('High')).toBeVisible()
    expect(within(failed).getByRole('link', { name: 'Open the site audit' })).toHaveAttribute(
      'href',
      '/dashboard/audit',
    )
    const profile = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent.includes('Add your website.'))!
    expect(
      within(profile).getByRole('link', { name: 'Edit your business details' }),
    ).toHaveAttribute('href', '/settings')
  })
})

// Share links (issue 35 item 5): the dashboard's 'Share' dialog makes a link for the chosen expiry
// and label, shows its URL once with 'Copy', lists the active links and turns one off; viewers get
// no button. The public page shows what the link answers, asked without a session.
import type { ShareLink } from '@localseo/shared/share-links'
import { SHARE_LINK_GONE } from '@localseo/shared/share-links'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { MemoryRouter, Route, Routes } from 'react-router'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'
import { SharedScreen } from './shared-screen'

const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6'
/** The link the server already has when the dialog opens. */
const LISTED = 'c0a8012e-0000-4000-8000-000000000009'

const membership = (role: string) => () =>
  json({ businesses: [{ businessId: savedBusiness.id, name: savedBusiness.name, role }] })

const linkRow = (overrides: Partial<ShareLink> = {}): ShareLink => ({
  id: 'c0a8012e-0000-4000-8000-000000000001',
  kind: 'dashboard',
  month: null,
  location: 'main',
  place: 'Sunrise Dental (Main)',
  label: '',
  tokenEnd: 'YWF6',
  status: 'active',
  expiresAt: '2026-12-29T12:00:00.000Z',
  createdAt: '2026-11-29T12:00:00.000Z',
  lastOpenedAt: null,
  openCount: 0,
  ...overrides,
})

/** The owner's dashboard, with a server that keeps the links it is asked to make. */
function openDashboard(role = 'owner') {
  storeSession()
  let links: ShareLink[] = [linkRow({ id: LISTED, openCount: 3 })]
  const bodies: unknown[] = []
  const network = stubNetwork({
    ...ownerHandlers(),
    'GET /api/membership': membership(role),
    'GET /api/share-links': () => json({ links }),
    'POST /api/share-links': async (request) => {
      const body = (await request.json()) as { label: string }
      bodies.push(body)
      const link = linkRow({ label: body.label, expiresAt: '2026-12-29T12:00:00.000Z' })
      links = [link, ...links]
      return json({ link, url: `http://localhost:3000/shared/${TOKEN}` }, 201)
    },
    [`DELETE /api/share-links/${LISTED}`]: () => {
      links = links.map((l) => (l.id === LISTED ? { ...l, status: 'turned_off' as const } : l))
      return json({ link: links.find((l) => l.id === LISTED) })
    },
  })
  renderApp(paths.dashboard)
  return { network, bodies }
}

async function openShareDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Share' }))
  return within(await screen.findByRole('dialog', { name: 'Share the dashboard' }))
}

beforeAll(async () => {
  await loadScreens(paths.dashboard)
})

describe("the dashboard's Share dialog", () => {
  test('makes a link for the chosen days and label, and shows it once with Copy', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { bodies } = openDashboard()
    const dialog = await openShareDialog()
    await userEvent.click(dialog.getByRole('button', { name: '30 days' }))
    await userEvent.type(dialog.getByLabelText('Label (optional)'), 'Agency')
    await userEvent.click(dialog.getByRole('button', { name: 'Create link' }))
    const url = await dialog.findByLabelText('Your link')
    expect(url).toHaveValue(`http://localhost:3000/shared/${TOKEN}`)
    expect(bodies).toEqual([
      { kind: 'dashboard', location: 'main', expiresInDays: 30, label: 'Agency' },
    ])
    await userEvent.click(dialog.getByRole('button', { name: 'Copy' }))
    expect(writeText).toHaveBeenCalledWith(`http://localhost:3000/shared/${TOKEN}`)
    expect(await dialog.findByRole('button', { name: 'Copied' })).toBeVisible()
    // The new link heads the list of active links.
    expect(dialog.getByRole('button', { name: 'Turn off Agency' })).toBeVisible()
  })

  test('lists the active links with their opens, and turns one off after asking', async () => {
    const { network } = openDashboard()
    const dialog = await openShareDialog()
    expect(await dialog.findByText(/Opened 3 times · link ending …YWF6/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Turn off Sunrise Dental (Main)' }))
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Turn off this link?' }))
    await userEvent.click(confirm.getByRole('button', { name: 'Turn off' }))
    expect(await dialog.findByText('No active links yet.')).toBeVisible()
    expect(network.calls).toContain(`DELETE /api/share-links/${LISTED}`)
  })

  test('a viewer has no Share button', async () => {
    const { network } = openDashboard('viewer')
    expect(await screen.findByText(/You are a viewer of/)).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
    expect(network.calls).not.toContain('GET /api/share-links')
  })
})

/** The public page alone, as a fresh browser opens it: no signed-in app around it. */
function renderShared(token: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/shared/${token}`]}>
        <Routes>
          <Route path={paths.shared} element={<SharedScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the shared page', () => {
  const dashboardView = {
    kind: 'dashboard',
    businessName: 'Sunrise Dental',
    place: 'Sunrise Dental (Main)',
    expiresAt: '2026-12-06T12:00:00.000Z',
    dashboard: {
      score: 72,
      scoreSource: { kind: 'estimate' },
      scoreNote: '',
      breakdown: [],
      topKeywords: [
        {
          keyword: 'dentist austin',
          position: 4,
          previousPosition: 6,
          notInTop100: false,
          positionSource: { kind: 'simulated' },
          volume: 880,
          volumeSource: { kind: 'estimate' },
          sample: true,
        },
      ],
      keywordsNotChecked: 0,
    },
  }

  test('a link that is gone says so', async () => {
    stubNetwork({
      'GET /api/shared/turned-off': () =>
        json({ error: { code: 'not_found', message: SHARE_LINK_GONE } }, 404),
    })
    renderShared('turned-off')
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible()
    expect(screen.getByText(SHARE_LINK_GONE)).toBeVisible()
  })

  test('shows whose link it is, until when, and the figures, asked without a session', async () => {
    const network = stubNetwork({ [`GET /api/shared/${TOKEN}`]: () => json(dashboardView) })
    renderShared(TOKEN)
    expect(await screen.findByRole('heading', { name: 'Sunrise Dental', level: 1 })).toBeVisible()
    expect(screen.getByText(/Shared by Sunrise Dental · read-only · until/)).toBeVisible()
    expect(screen.getByRole('rowheader', { name: /dentist austin/ })).toBeVisible()
    expect(screen.getByText('#4')).toBeVisible()
    const [, init] = network.fetchMock.mock.calls[0]!
    expect(new Headers(init?.headers).get('authorization')).toBeNull()
    expect(network.calls).toEqual([`GET /api/shared/${TOKEN}`])
  })
})

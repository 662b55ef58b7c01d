// The Reports screen's 'Share this report' card (issue 35 item 5): a link to the month and place
// picked in the download card above; a viewer sees the links but not the buttons.
import type { ShareLink } from '@localseo/shared/share-links'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const business = { ...savedBusiness, locations: twoLocations }

const listed: ShareLink = {
  id: 'c0a8012e-0000-4000-8000-000000000002',
  kind: 'report',
  month: '2026-02',
  location: 'main',
  place: 'Sunrise Dental (Main)',
  label: 'Head office',
  tokenEnd: 'Q2x9',
  status: 'active',
  expiresAt: '2026-12-06T12:00:00.000Z',
  createdAt: '2026-11-29T12:00:00.000Z',
  lastOpenedAt: null,
  openCount: 1,
}

function openReports(role: string) {
  storeSession()
  const bodies: unknown[] = []
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/membership': () =>
      json({ businesses: [{ businessId: business.id, name: business.name, role }] }),
    'GET /api/reports/months': (request) =>
      json({
        months:
          new URL(request.url).searchParams.get('location') === 'main'
            ? ['2026-03', '2026-02']
            : ['2026-01'],
      }),
    'GET /api/reports/settings': () =>
      json({ title: '', color: '#1d4ed8', recipients: [], logo: null }),
    'GET /api/share-links': () => json({ links: [listed] }),
    'POST /api/share-links': async (request) => {
      bodies.push(await request.json())
      return json({ link: { ...listed, id: 'new' }, url: 'http://localhost:3000/shared/abc' }, 201)
    },
  })
  renderApp(paths.reports)
  return { bodies }
}

const shareCard = async () =>
  within(await screen.findByRole('region', { name: 'Share this report' }))

beforeAll(async () => {
  await loadScreens(paths.reports)
})

describe("the Reports screen's Share card", () => {
  test('shares the month and place picked above, for a week unless chosen', async () => {
    const { bodies } = openReports('manager')
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Location' }),
      twoLocations[0]!.name,
    )
    expect(await screen.findByRole('option', { name: 'January 2026' })).toBeInTheDocument()
    const card = await shareCard()
    expect(card.getByText(/the January 2026 report for Sunrise Dental - Downtown/)).toBeVisible()
    await userEvent.click(card.getByRole('button', { name: 'Create link' }))
    expect(await card.findByLabelText('Your link')).toHaveValue('http://localhost:3000/shared/abc')
    expect(bodies).toEqual([
      {
        kind: 'report',
        month: '2026-01',
        location: twoLocations[0]!.id,
        expiresInDays: 7,
        label: '',
      },
    ])
  })

  test('a viewer sees the active links but cannot make or turn one off', async () => {
    openReports('viewer')
    const card = await shareCard()
    expect(await card.findByText('Head office')).toBeVisible()
    expect(card.getByText(/February 2026 · Sunrise Dental \(Main\) · Until/)).toBeVisible()
    expect(card.getByText('Owners and managers make and turn off share links.')).toBeVisible()
    expect(card.queryByRole('button', { name: 'Create link' })).toBeNull()
    expect(card.queryByRole('button', { name: /Turn off/ })).toBeNull()
  })
})

import type { GoogleAccount } from '@localseo/shared/integrations'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

const connected: GoogleAccount = {
  status: 'connected',
  email: 'owner@gmail.com',
  services: ['search-console', 'analytics'],
  searchConsoleSite: null,
  connectedAt: '2026-03-10T15:00:00.000Z',
}

const property = (id: string, displayName: string, matchesWebsite: boolean) => ({
  property: `properties/${id}`,
  displayName,
  accountName: 'Sunrise Dental',
  matchesWebsite,
})

beforeAll(async () => {
  await loadScreens(paths.settings)
})

test('the owner picks the Google Analytics property, the business first, and its import starts', async () => {
  let saved: unknown
  storeSession()
  stubNetwork({
    ...ownerHandlers({ google: connected }),
    'GET /api/integrations/google/search-console/sites': () => json({ sites: [], selected: null }),
    'GET /api/integrations/google/analytics/properties': () =>
      json({
        properties: [
          property('314159265', 'sunrisedental.com - GA4', true),
          property('271828182', 'Old blog', false),
        ],
        selected: null,
      }),
    'PUT /api/integrations/google/analytics/property': async (request) => {
      saved = await request.json()
      return json({ status: 'no_property' })
    },
  })
  renderApp('/settings')
  const card = within(
    await screen.findByRole('region', { name: 'Google Analytics' }, settingsScreenWait),
  )
  const picker = await card.findByLabelText('Google Analytics property')
  expect(picker).toHaveDisplayValue('sunrisedental.com - GA4 (Sunrise Dental), your website')
  await userEvent.selectOptions(picker, 'properties/271828182')
  await userEvent.click(card.getByRole('button', { name: 'Use this property' }))
  expect(
    await card.findByText('Property saved: the first import from Google Analytics has started.'),
  ).toBeVisible()
  expect(saved).toEqual({ property: 'properties/271828182' })
  expect(card.getByRole('button', { name: 'Property saved' })).toBeDisabled()
})

test("Google's refusal to list the properties shows its reason on the card", async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers({ google: connected }),
    'GET /api/integrations/google/search-console/sites': () => json({ sites: [], selected: null }),
    'GET /api/integrations/google/analytics/properties': () =>
      json({ error: { code: 'rate_limited', message: 'The quota is used up for now.' } }, 429),
  })
  renderApp('/settings')
  const card = within(
    await screen.findByRole('region', { name: 'Google Analytics' }, settingsScreenWait),
  )
  expect(await card.findByText('The quota is used up for now.')).toBeVisible()
})

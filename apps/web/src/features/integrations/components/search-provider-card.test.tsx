// Settings → API Settings → 'Search results provider' (issue 17 item 2): choose a provider, paste
// the key (never shown again: its last 4 characters only), test the connection and read its cost.
import type { ConnectionTest, RankProviderSettings } from '@localseo/shared/rank-provider'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

const simulated: RankProviderSettings = {
  provider: 'simulated',
  source: 'none',
  keyLast4: null,
  status: 'untested',
  statusReason: null,
  statusAt: null,
  instanceDefault: null,
  keysUnavailable: null,
  budget: { limit: 200, used: 0, remaining: 200 },
}

beforeAll(async () => {
  await loadScreens(paths.settings)
})

test('saving a SerpApi key shows its last 4 characters, and Test connection says Connected with its cost', async () => {
  let settings = simulated
  const sent: unknown[] = []
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-provider': () => json(settings),
    'PUT /api/rank-provider': async (request) => {
      sent.push(await request.json())
      settings = { ...simulated, provider: 'serpapi', source: 'business', keyLast4: 'ZYXW' }
      return json(settings)
    },
    'POST /api/rank-provider/test': () => {
      const at = '2026-11-25T09:12:00.000Z'
      settings = {
        ...settings,
        status: 'connected',
        statusAt: at,
        budget: { ...settings.budget, used: 1 },
      }
      return json({ status: 'connected', reason: null, at, cost: 1 } satisfies ConnectionTest)
    },
  })
  renderApp('/settings')
  const card = within(
    await screen.findByRole('region', { name: 'Search results provider' }, settingsScreenWait),
  )
  expect(await card.findByText('Simulated positions (sample data)')).toBeVisible()
  const user = userEvent.setup()
  await user.selectOptions(card.getByLabelText('Provider'), 'serpapi')
  await user.type(card.getByLabelText('API key'), 'sk-live-9f8e7d6c5b4a3210ZYXW')
  await user.click(card.getByRole('button', { name: 'Save' }))
  expect(await card.findByText(/Saved key ending in ZYXW/)).toBeVisible()
  expect(card.getByLabelText('API key')).toHaveValue('')
  expect(sent).toEqual([{ provider: 'serpapi', key: 'sk-live-9f8e7d6c5b4a3210ZYXW' }])
  expect(card.queryByText(/sk-live/)).not.toBeInTheDocument()

  await user.click(card.getByRole('button', { name: 'Test connection' }))
  expect(await card.findByText('Connected. The test cost 1 query.')).toBeVisible()
  expect(await card.findByText(/Connected \(checked/)).toBeVisible()
  expect(card.getByText(/Today: 1 of 200 queries used/)).toBeVisible()
})

test('a failing key reads Failing with the reason', async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/rank-provider': () =>
      json({
        ...simulated,
        provider: 'serper',
        source: 'business',
        keyLast4: 'abcd',
        status: 'failing',
        statusReason: 'Serper refused the key (HTTP 401): check it in Settings → API Settings.',
        statusAt: '2026-11-25T09:12:00.000Z',
      } satisfies RankProviderSettings),
  })
  renderApp('/settings')
  const card = within(
    await screen.findByRole('region', { name: 'Search results provider' }, settingsScreenWait),
  )
  expect(await card.findByText(/Failing: Serper refused the key \(HTTP 401\)/)).toBeVisible()
  expect(card.getByText(/Saved key ending in abcd/)).toBeVisible()
})

// Top Keywords shows the change every screen shows, since the check before, and says so (issue 32
// item 1): the same figure and words as Keyword Analysis and the Rank Tracker.
import { screen, within } from '@testing-library/react'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { dashboardBody, ownerHandlers } from '@/test/business-fixtures'
import { keywordRecord } from '@/test/keyword-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

beforeAll(() => loadScreens(paths.dashboard))

test('a top keyword reads its change since the check before, in words beside the figure', async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers(),
    'GET /api/dashboard': () =>
      json({
        ...dashboardBody,
        topKeywords: [
          keywordRecord('emergency plumber Round Rock', 16, 18),
          keywordRecord('water heater repair austin', 12, 11),
        ],
      }),
  })
  renderApp('/dashboard')
  const list = await screen.findByRole('list', { name: 'Top keywords' })
  const items = within(list).getAllByRole('listitem')
  expect(items[0]).toHaveTextContent('+2 (improved since the check before)')
  expect(items[1]).toHaveTextContent('-1 (declined since the check before)')
  expect(screen.getByText('Arrows: change since the check before.')).toBeVisible()
})

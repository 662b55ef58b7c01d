import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { savedBusiness } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { NotificationBell } from './notification-bell'

const drop = {
  id: 'n1',
  kind: 'rank_drop',
  message: "'dentist austin' left the top 3: now #5 (was #2).",
  link: '/rank-tracker',
  createdAt: '2026-03-11T09:12:00.000Z',
  read: false,
}

function renderBell() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <NotificationBell business={savedBusiness} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('the notification bell', () => {
  test('shows the unread count, lists the notifications and marks them read', async () => {
    storeSession()
    const { calls } = stubNetwork({
      'GET /api/alerts': () => json({ notifications: [drop], unread: 1 }),
      'POST /api/alerts/read': () => json({ notifications: [{ ...drop, read: true }], unread: 0 }),
    })
    renderBell()
    const user = userEvent.setup()
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await user.click(bell)
    const panel = screen.getByRole('region', { name: 'Notifications' })
    // The panel's code arrives on the first open.
    expect(
      await within(panel).findByText("'dentist austin' left the top 3: now #5 (was #2)."),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: /left the top 3/ })).toHaveAttribute(
      'href',
      '/rank-tracker',
    )
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeVisible()
    expect(calls).toContain('POST /api/alerts/read')
    // Escape closes the panel.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument()
  })

  test('with nothing new it says what it will tell', async () => {
    storeSession()
    stubNetwork({ 'GET /api/alerts': () => json({ notifications: [], unread: 0 }) })
    renderBell()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText(/Nothing new/)).toBeVisible()
  })
})

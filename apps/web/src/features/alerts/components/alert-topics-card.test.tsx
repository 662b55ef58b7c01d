import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { json, storeSession, stubNetwork } from '@/test/network'
import { AlertTopicsCard } from './alert-topics-card'

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AlertTopicsCard businessId="b1" />
    </QueryClientProvider>,
  )
}

describe('Settings → Alerts', () => {
  test('shows each topic with what it covers, ticked as saved, and saves a box as it is unticked', async () => {
    storeSession()
    const saved: unknown[] = []
    stubNetwork({
      'GET /api/alerts/preferences': () =>
        json({ topics: ['rankings', 'backlinks', 'site_audit', 'listings'] }),
      'PUT /api/alerts/preferences': async (request) => {
        const body = (await request.json()) as { topics: string[] }
        saved.push(body)
        return json(body)
      },
    })
    renderCard()
    const user = userEvent.setup()
    const listings = await screen.findByRole('checkbox', { name: /Listings that stop matching/ })
    expect(listings).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /Keyword moves/ })).toBeChecked()
    expect(screen.getByRole('region', { name: 'Alerts' })).toHaveTextContent(
      'A link to your website is lost, or turns nofollow',
    )
    await user.click(listings)
    expect(await screen.findByText('Saved.')).toBeVisible()
    expect(saved).toEqual([{ topics: ['rankings', 'backlinks', 'site_audit'] }])
    expect(listings).not.toBeChecked()
    // Ticked again: back in the list, in the order shown.
    await user.click(listings)
    await expect.poll(() => saved.length).toBe(2)
    expect(saved[1]).toEqual({ topics: ['rankings', 'backlinks', 'site_audit', 'listings'] })
  })

  test('a box changes the moment it is clicked, while its save is still on the way', async () => {
    storeSession()
    let answer: (() => void) | undefined
    stubNetwork({
      'GET /api/alerts/preferences': () => json({ topics: ['rankings', 'listings'] }),
      'PUT /api/alerts/preferences': async (request) => {
        const body: unknown = await request.json()
        await new Promise<void>((resolve) => (answer = resolve))
        return json(body)
      },
    })
    renderCard()
    const listings = await screen.findByRole('checkbox', { name: /Listings that stop matching/ })
    // One synchronous click, as a browser's: the box must not spring back while the save is out.
    fireEvent.click(listings)
    expect(listings).not.toBeChecked()
    await waitFor(() => expect(answer).toBeDefined())
    expect(listings).not.toBeChecked()
    answer?.()
    expect(await screen.findByText('Saved.')).toBeVisible()
    expect(listings).not.toBeChecked()
  })

  test('says so when the choice cannot be saved, and keeps the box as it was', async () => {
    storeSession()
    stubNetwork({
      'GET /api/alerts/preferences': () => json({ topics: ['rankings'] }),
      'PUT /api/alerts/preferences': () =>
        json(
          {
            error: { code: 'validation_failed', message: 'Choose among the alert topics listed.' },
          },
          422,
        ),
    })
    renderCard()
    const user = userEvent.setup()
    const backlinks = await screen.findByRole('checkbox', { name: /Backlink changes/ })
    await user.click(backlinks)
    expect(await screen.findByText('Choose among the alert topics listed.')).toBeVisible()
    expect(backlinks).not.toBeChecked()
  })
})

// Businesses outside the US in the Settings forms (issue 21 item 2): the browser's country and time
// zone to start with, fields named as the chosen country names them, its rules before anything is sent.
import { emptyBusiness } from '@localseo/shared/business'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

beforeAll(async () => {
  await loadScreens(paths.settings)
})

afterEach(() => vi.restoreAllMocks())

async function openForm(name: string) {
  renderApp('/settings')
  return within(await screen.findByRole('form', { name }, settingsScreenWait))
}

describe('the business form in another country', () => {
  test('a new business starts in the browser’s country and time zone', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB')
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).resolvedOptions(),
    })
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    const form = await openForm('Business information')
    expect(form.getByLabelText('Country')).toHaveValue('GB')
    expect(form.getByLabelText('Time zone')).toHaveValue('Europe/London')
    expect(form.getByLabelText('County (optional)')).not.toHaveAttribute('aria-required')
    expect(form.getByLabelText('Postcode')).toHaveAttribute('placeholder', 'SW1A 1AA')
  })

  test('choosing a country renames the fields and checks its postcode before sending', async () => {
    storeSession()
    let sent: Record<string, unknown> | undefined
    const { calls } = stubNetwork({
      ...ownerHandlers({ business: savedBusiness }),
      'PUT /api/business': async (request) => {
        sent = (await request.json()) as Record<string, unknown>
        return json({ business: { ...savedBusiness, ...sent } })
      },
    })
    const form = await openForm('Business information')
    const user = userEvent.setup()
    await user.selectOptions(form.getByLabelText('Country'), 'CA')
    expect(form.getByLabelText('Province')).toBeVisible()
    await user.clear(form.getByLabelText('Province'))
    await user.type(form.getByLabelText('Province'), 'Ontario')
    await user.clear(form.getByLabelText('Postal code'))
    await user.type(form.getByLabelText('Postal code'), '78701')
    await user.click(form.getByRole('button', { name: 'Save Business Information' }))
    expect(
      await form.findByText('Enter a valid postal code for Canada, for example K1A 0B1.'),
    ).toBeVisible()
    expect(calls).not.toContain('PUT /api/business')

    await user.clear(form.getByLabelText('Postal code'))
    await user.type(form.getByLabelText('Postal code'), 'm5v 3l9')
    await user.clear(form.getByLabelText('Phone'))
    await user.type(form.getByLabelText('Phone'), '416 555 0100')
    await user.click(form.getByRole('button', { name: 'Save Business Information' }))
    await waitFor(() =>
      expect(sent).toMatchObject({
        country: 'CA',
        state: 'ON',
        zip: 'M5V 3L9',
        phone: '(416) 555-0100',
      }),
    )
  })
})

test('a new location starts in its business’s country', async () => {
  storeSession()
  stubNetwork(
    ownerHandlers({ business: { ...savedBusiness, country: 'DE', timeZone: 'Europe/Berlin' } }),
  )
  renderApp('/settings')
  const card = within(
    await screen.findByRole('region', { name: 'Business Locations' }, settingsScreenWait),
  )
  await userEvent.click(card.getByRole('button', { name: 'Add Location' }))
  const form = within(card.getByRole('form', { name: 'New location' }))
  await waitFor(() => expect(form.getByLabelText('Country')).toHaveValue('DE'))
  expect(form.getByLabelText('State (optional)')).toBeVisible()
  expect(form.getByLabelText('Postal code')).toHaveAttribute('aria-required', 'true')
})

import { emptyBusiness } from '@localseo/shared/business'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { deferred, json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

async function openForm() {
  renderApp('/settings')
  const form = await screen.findByRole('form', { name: 'Business information' }, settingsScreenWait)
  return within(form)
}

/**
 * Fills the form as an owner pasting each value: one input event a field rather than one a
 * character, each of which renders the whole form again (70 renders made this file's tests slow
 * enough to time out on a busy machine).
 */
async function fillValidForm(form: Awaited<ReturnType<typeof openForm>>) {
  const user = userEvent.setup()
  const paste = async (label: string, value: string) => {
    await user.click(form.getByLabelText(label))
    await user.paste(value)
  }
  await paste('Business Name', 'Sunrise Dental')
  await user.selectOptions(form.getByLabelText('Category'), 'Dental')
  await paste('Address', '100 Congress Ave')
  await paste('City', 'Austin')
  await paste('State', 'Texas')
  await paste('ZIP Code', '78701')
  await paste('Phone', '512 555 0100')
  return user
}

beforeAll(async () => {
  await loadScreens(paths.settings)
})

describe('business information form', () => {
  test('the category select offers the 19 categories of docs/product.md §3', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    const form = await openForm()
    const options = within(form.getByLabelText('Category')).getAllByRole('option')
    expect(options.slice(1).map((o) => o.textContent)).toHaveLength(19)
    expect(options.at(-1)).toHaveTextContent('Other')
  })

  test('saving an empty form names every required field and sends nothing', async () => {
    storeSession()
    const { calls } = stubNetwork(ownerHandlers({ business: emptyBusiness }))
    const form = await openForm()
    await userEvent.click(form.getByRole('button', { name: 'Save Business Information' }))

    expect(await form.findByText('Business name is required.')).toBeVisible()
    expect(form.getByLabelText('Business Name')).toHaveAccessibleDescription(
      'Business name is required.',
    )
    expect(form.getByLabelText('Category')).toHaveAccessibleDescription(
      'Choose a business category.',
    )
    for (const message of [
      'Address is required.',
      'City is required.',
      'ZIP code is required.',
      'Phone is required.',
    ]) {
      expect(form.getByText(message)).toBeVisible()
    }
    expect(form.getByLabelText('Website')).not.toHaveAccessibleDescription()
    expect(calls).not.toContain('PUT /api/business')
  })

  test('shows "Saving..." while saving, then the success message and the saved business', async () => {
    storeSession()
    const held = deferred<Response>()
    let sent: unknown
    stubNetwork({
      ...ownerHandlers({ business: emptyBusiness }),
      'PUT /api/business': async (request) => {
        sent = await request.json()
        return held.promise
      },
    })
    const form = await openForm()
    const user = await fillValidForm(form)
    await user.click(form.getByRole('button', { name: 'Save Business Information' }))

    expect(await form.findByRole('button', { name: 'Saving...' })).toBeDisabled()
    expect(sent).toMatchObject({ name: 'Sunrise Dental', category: 'Dental', state: 'TX' })
    held.resolve(json({ business: { ...savedBusiness, website: '' } }))

    expect(await form.findByRole('status')).toHaveTextContent(
      'Business information saved successfully!',
    )
    expect(form.getByRole('button', { name: 'Save Business Information' })).toBeEnabled()
    // The normalised business replaces the stored user's (docs/product.md §4) and refills the form.
    await waitFor(() => expect(form.getByLabelText('Phone')).toHaveValue('(512) 555-0100'))
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as {
      business?: { name: string }
    }
    expect(stored.business?.name).toBe('Sunrise Dental')
    expect(screen.queryByText(/Failed to save/)).not.toBeInTheDocument()
  })

  test('a 422 shows the failure message and each field message next to its input', async () => {
    storeSession()
    stubNetwork({
      ...ownerHandlers({ business: emptyBusiness }),
      'PUT /api/business': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Some fields are missing or invalid.',
              issues: [{ path: 'zip', message: 'That ZIP code is not in Texas.' }],
            },
          },
          422,
        ),
    })
    const form = await openForm()
    const user = await fillValidForm(form)
    await user.click(form.getByRole('button', { name: 'Save Business Information' }))

    expect(await form.findByRole('alert')).toHaveTextContent(
      'Failed to save business information. Please try again.',
    )
    expect(form.getByLabelText('ZIP Code')).toHaveAccessibleDescription(
      'That ZIP code is not in Texas.',
    )
    expect(form.getByLabelText('ZIP Code')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('Business information saved successfully!')).not.toBeInTheDocument()
  })

  test('a server failure shows the failure message', async () => {
    storeSession()
    stubNetwork({
      ...ownerHandlers({ business: emptyBusiness }),
      'PUT /api/business': () =>
        json({ error: { code: 'internal_error', message: 'Something went wrong.' } }, 500),
    })
    const form = await openForm()
    const user = await fillValidForm(form)
    await user.click(form.getByRole('button', { name: 'Save Business Information' }))
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Failed to save business information. Please try again.',
    )
  })
})

describe('services you offer (issue 15 item 5)', () => {
  test('prefilled from the business name, with suggestions for the category; the list is saved', async () => {
    storeSession()
    let sent: { services?: string[] } | undefined
    stubNetwork({
      ...ownerHandlers({ business: emptyBusiness }),
      'PUT /api/business': async (request) => {
        sent = (await request.json()) as typeof sent
        return json({ business: { ...savedBusiness, services: sent?.services ?? [] } })
      },
    })
    const form = await openForm()
    const user = await fillValidForm(form)
    await user.clear(form.getByLabelText('Business Name'))
    await user.type(form.getByLabelText('Business Name'), 'Lopez Plumbing')
    await user.selectOptions(form.getByLabelText('Category'), 'Home Services')

    const chips = () => form.getByRole('list', { name: 'Services you offer' })
    expect(within(chips()).getByText('Plumbing')).toBeVisible()
    await user.click(form.getByRole('button', { name: 'Add drain cleaning' }))
    await user.type(form.getByLabelText('Add a service'), 'Leak detection{Enter}')
    expect(
      within(chips())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Plumbing', 'drain cleaning', 'Leak detection'])
    await user.click(form.getByRole('button', { name: 'Remove drain cleaning' }))
    await user.click(form.getByRole('button', { name: 'Save Business Information' }))
    await waitFor(() => expect(sent?.services).toEqual(['Plumbing', 'Leak detection']))
  })

  test('a plumber is offered plumbing work; a dentist never sees drain cleaning (issue 32 item 7)', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    const form = await openForm()
    const user = await fillValidForm(form)
    const box = () => form.getByLabelText('Add a service')
    // Dental, from fillValidForm.
    expect(box()).toHaveAttribute('placeholder', 'e.g. teeth cleaning')
    expect(form.queryByRole('button', { name: 'Add drain cleaning' })).toBeNull()

    await user.clear(form.getByLabelText('Business Name'))
    await user.type(form.getByLabelText('Business Name'), 'Harbor Plumbing')
    await user.selectOptions(form.getByLabelText('Category'), 'Home Services')
    expect(box()).toHaveAttribute('placeholder', 'e.g. drain cleaning')
    expect(form.getByRole('button', { name: 'Add water heater repair' })).toBeVisible()
    for (const other of ['electrician', 'electrical repair', 'roofing', 'HVAC', 'AC repair'])
      expect(form.queryByRole('button', { name: `Add ${other}` })).toBeNull()
  })

  test('in the United Kingdom a law firm is offered solicitor work, in its words (issue 32 items 6 and 7)', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    const form = await openForm()
    const user = await fillValidForm(form)
    await user.selectOptions(form.getByLabelText('Category'), 'Legal Services')
    expect(form.getByRole('button', { name: 'Add DUI attorney' })).toBeVisible()
    await user.selectOptions(form.getByLabelText('Country'), 'GB')
    expect(form.getByLabelText('Add a service')).toHaveAttribute(
      'placeholder',
      'e.g. family law solicitor',
    )
    expect(form.getByRole('button', { name: 'Add drink driving solicitor' })).toBeVisible()
    expect(form.queryByRole('button', { name: /attorney|lawyer/ })).toBeNull()
  })
})

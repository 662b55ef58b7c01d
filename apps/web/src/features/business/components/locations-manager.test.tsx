import type { Location } from '@localseo/shared/business'
import { emptyBusiness } from '@localseo/shared/business'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { makeLocation, ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

const base = '/api/business/locations'

/** A small in-memory stand-in for the locations API. */
function locationsServer(initial: Location[]) {
  let list = initial.map((l) => ({ ...l }))
  const bodies: unknown[] = []
  const reply = (status = 200) => json({ locations: list }, status)
  const handlers: Record<string, (request: Request) => Promise<Response> | Response> = {
    [`POST ${base}`]: async (request) => {
      const input = (await request.json()) as Omit<Location, 'id' | 'businessId'>
      bodies.push(input)
      list = [...list, makeLocation({ ...input, id: 'loc_3' })]
      return reply(201)
    },
  }
  for (const id of ['loc_1', 'loc_2', 'loc_3']) {
    handlers[`PATCH ${base}/${id}`] = async (request) => {
      const input = (await request.json()) as Partial<Location>
      bodies.push(input)
      list = list.map((l) => (l.id === id ? { ...l, ...input } : l))
      return reply()
    }
    handlers[`DELETE ${base}/${id}`] = () => {
      list = list.filter((l) => l.id !== id)
      return reply()
    }
  }
  return { handlers, bodies }
}

function signIn(locations: Location[], business = { ...savedBusiness, locations }) {
  storeSession()
  const server = locationsServer(locations)
  const network = stubNetwork({ ...ownerHandlers({ business }), ...server.handlers })
  renderApp('/settings')
  return { ...server, ...network }
}

async function locationsCard() {
  const card = await screen.findByRole('region', { name: 'Business Locations' }, settingsScreenWait)
  return within(card)
}

const row = (name: string) => within(screen.getByRole('listitem', { name }))

beforeAll(async () => {
  await loadScreens(paths.settings)
})

describe('business locations manager', () => {
  test('with no additional locations it shows the main address as the primary one and the empty state', async () => {
    signIn([])
    const card = await locationsCard()
    expect(card.getByText('No additional locations added yet.')).toBeVisible()
    expect(
      card.getByText('Your main business address is set as your primary location.'),
    ).toBeVisible()
    const rows = within(card.getByRole('list', { name: 'Business locations' })).getAllByRole(
      'listitem',
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toHaveAccessibleName('Sunrise Dental (Main)')
  })

  test('the list begins with the main address: read-only, the only one marked Primary (ADR 033)', async () => {
    signIn(twoLocations)
    const card = await locationsCard()
    // The note is shown with locations too, not only when there are none.
    expect(
      card.getByText('Your main business address is set as your primary location.'),
    ).toBeVisible()
    const rows = within(card.getByRole('list', { name: 'Business locations' })).getAllByRole(
      'listitem',
    )
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveAccessibleName('Sunrise Dental (Main)')
    const main = row('Sunrise Dental (Main)')
    expect(main.getByText('Primary')).toBeVisible()
    expect(main.getByText('100 Congress Ave, Austin, TX 78701')).toBeVisible()
    expect(main.getByText('(512) 555-0100')).toBeVisible()
    expect(main.getByText('Change this address in Business Information above.')).toBeVisible()
    expect(main.queryByRole('button')).not.toBeInTheDocument()
    for (const name of ['Sunrise Dental - Downtown', 'Sunrise Dental - Round Rock']) {
      expect(row(name).queryByText('Primary')).not.toBeInTheDocument()
      expect(row(name).queryByRole('button', { name: /Set as Primary/ })).not.toBeInTheDocument()
      expect(row(name).getByRole('button', { name: /^Edit/ })).toBeVisible()
    }
    expect(card.queryByText('No additional locations added yet.')).not.toBeInTheDocument()
  })

  test('locations can be added only once the business is saved', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    renderApp('/settings')
    const card = await locationsCard()
    expect(card.getByText(/Save your business information first/)).toBeVisible()
    expect(card.queryByRole('button', { name: 'Add Location' })).not.toBeInTheDocument()
  })

  test('an incomplete new location shows "Please fill in all required fields" and sends nothing', async () => {
    const { calls } = signIn([])
    const card = await locationsCard()
    const user = userEvent.setup()
    await user.click(card.getByRole('button', { name: 'Add Location' }))
    const form = within(card.getByRole('form', { name: 'New location' }))
    expect(form.getByLabelText('Location Name')).toHaveAttribute(
      'placeholder',
      'Sunrise Dental - Branch Name',
    )
    await user.type(form.getByLabelText('Location Name'), 'Sunrise Dental - Downtown')
    await user.click(form.getByRole('button', { name: 'Add Location' }))
    expect(await form.findByRole('alert')).toHaveTextContent('Please fill in all required fields')
    expect(calls).not.toContain(`POST ${base}`)
  })

  test('adding a location lists it after the main address with its address line and phone', async () => {
    const { bodies } = signIn([])
    const card = await locationsCard()
    const user = userEvent.setup()
    const toggle = card.getByRole('button', { name: 'Add Location' })
    await user.click(toggle)
    expect(card.getByRole('button', { name: 'Cancel' })).toHaveAttribute('aria-expanded', 'true')
    const form = within(card.getByRole('form', { name: 'New location' }))
    await user.type(form.getByLabelText('Location Name'), 'Sunrise Dental - Domain')
    await user.type(form.getByLabelText('Address'), '11410 Century Oaks Ter')
    await user.type(form.getByLabelText('City'), 'Austin')
    await user.type(form.getByLabelText('State'), 'tx')
    await user.type(form.getByLabelText('ZIP Code'), '78758')
    await user.type(form.getByLabelText('Phone'), '5125550199')
    await user.click(form.getByRole('button', { name: 'Add Location' }))

    const added = within(await screen.findByRole('listitem', { name: 'Sunrise Dental - Domain' }))
    expect(added.queryByText('Primary')).not.toBeInTheDocument()
    expect(added.getByText('11410 Century Oaks Ter, Austin, TX 78758')).toBeVisible()
    expect(added.getByText('(512) 555-0199')).toBeVisible()
    expect(row('Sunrise Dental (Main)').getByText('Primary')).toBeVisible()
    expect(bodies[0]).toEqual({
      name: 'Sunrise Dental - Domain',
      address: '11410 Century Oaks Ter',
      city: 'Austin',
      state: 'TX',
      zip: '78758',
      country: 'US',
      phone: '(512) 555-0199',
      pageUrl: '',
    })
    expect(card.queryByRole('form', { name: 'New location' })).not.toBeInTheDocument()
    expect(card.queryByText('No additional locations added yet.')).not.toBeInTheDocument()
  })

  test('one location is edited inline at a time; Cancel leaves it and Save Changes saves every field', async () => {
    const { bodies, calls } = signIn(twoLocations)
    await locationsCard()
    const user = userEvent.setup()
    await user.click(row('Sunrise Dental - Downtown').getByRole('button', { name: /Edit/ }))
    const first = within(screen.getByRole('form', { name: 'Edit Sunrise Dental - Downtown' }))
    expect(first.getByLabelText('Location Name')).toHaveValue('Sunrise Dental - Downtown')
    expect(first.getByLabelText('ZIP Code')).toHaveValue('78702')

    // Opening another row closes the first.
    await user.click(row('Sunrise Dental - Round Rock').getByRole('button', { name: /Edit/ }))
    expect(screen.getAllByRole('form', { name: /^Edit / })).toHaveLength(1)
    const second = within(screen.getByRole('form', { name: 'Edit Sunrise Dental - Round Rock' }))
    await user.click(second.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument()
    expect(calls.some((call) => call.startsWith('PATCH'))).toBe(false)

    await user.click(row('Sunrise Dental - Round Rock').getByRole('button', { name: /Edit/ }))
    const editing = within(screen.getByRole('form', { name: 'Edit Sunrise Dental - Round Rock' }))
    await user.clear(editing.getByLabelText('Location Name'))
    await user.type(editing.getByLabelText('Location Name'), 'Sunrise Dental - Round Rock North')
    await user.type(editing.getByLabelText('Phone'), '512-555-0142')
    // The optional page URL (issue 11) follows the website's rules: https:// is added.
    await user.type(editing.getByLabelText(/^Location page URL/), 'sunrisedental.com/round-rock')
    await user.click(editing.getByRole('button', { name: 'Save Changes' }))

    const saved = within(
      await screen.findByRole('listitem', { name: 'Sunrise Dental - Round Rock North' }),
    )
    expect(saved.getByText('(512) 555-0142')).toBeVisible()
    expect(saved.getByRole('link', { name: 'https://sunrisedental.com/round-rock' })).toBeVisible()
    expect(bodies[0]).toEqual({
      name: 'Sunrise Dental - Round Rock North',
      address: '5 Oak Rd',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      country: 'US',
      phone: '(512) 555-0142',
      pageUrl: 'https://sunrisedental.com/round-rock',
    })
    expect(screen.queryByRole('form', { name: /^Edit / })).not.toBeInTheDocument()
  })

  test('a location page URL that is not a web address is refused before anything is sent', async () => {
    const { calls } = signIn(twoLocations)
    await locationsCard()
    const user = userEvent.setup()
    await user.click(row('Sunrise Dental - Downtown').getByRole('button', { name: /Edit/ }))
    const editing = within(screen.getByRole('form', { name: 'Edit Sunrise Dental - Downtown' }))
    await user.type(editing.getByLabelText(/^Location page URL/), 'javascript:alert(1)')
    await user.click(editing.getByRole('button', { name: 'Save Changes' }))
    expect(
      await editing.findByText('Enter a page address such as https://example.com/austin.'),
    ).toBeVisible()
    expect(calls.some((call) => call.startsWith('PATCH'))).toBe(false)
  })

  test('deleting asks for confirmation first; Cancel keeps the location', async () => {
    const { calls } = signIn(twoLocations)
    await locationsCard()
    const user = userEvent.setup()
    await user.click(row('Sunrise Dental - Downtown').getByRole('button', { name: /Delete/ }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this location?' })
    expect(dialog).toHaveTextContent('Sunrise Dental - Downtown will be removed')
    // No location is primary any more, so nothing is promoted (ADR 033).
    expect(dialog).not.toHaveTextContent(/primary/i)
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls).not.toContain(`DELETE ${base}/loc_1`)
    expect(screen.getByRole('listitem', { name: 'Sunrise Dental - Downtown' })).toBeVisible()
  })

  test('confirming the delete removes the location and leaves the main address Primary', async () => {
    const { calls } = signIn(twoLocations)
    await locationsCard()
    const user = userEvent.setup()
    await user.click(row('Sunrise Dental - Downtown').getByRole('button', { name: /Delete/ }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this location?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete Location' }))

    await waitFor(() =>
      expect(
        screen.queryByRole('listitem', { name: 'Sunrise Dental - Downtown' }),
      ).not.toBeInTheDocument(),
    )
    expect(calls).toContain(`DELETE ${base}/loc_1`)
    expect(row('Sunrise Dental - Round Rock').queryByText('Primary')).not.toBeInTheDocument()
    expect(row('Sunrise Dental (Main)').getByText('Primary')).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })
})

import { emptyBusiness } from '@localseo/shared/business'
import { buildListingsView, type ListingRecord } from '@localseo/shared/listings'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const today = '2026-03-10'

/** A stand-in for the server built on the same shared function the server uses. */
function signIn(business = savedBusiness, samples = true) {
  storeSession()
  const records = new Map<string, ListingRecord[]>()
  const view = (location: string) =>
    buildListingsView({
      business,
      locationId: location,
      records: records.get(location) ?? [],
      today,
      samples,
    })
  const network = stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/listings': (request) =>
      json(view(new URL(request.url).searchParams.get('location') ?? 'main')),
    'PUT /api/listings/records': async (request) => {
      const body = (await request.json()) as ListingRecord & { location: string }
      const list = (records.get(body.location) ?? []).filter((r) => r.platform !== body.platform)
      records.set(body.location, [
        ...list,
        { ...body, status: body.status ?? null, updatedOn: today },
      ])
      return json(view(body.location))
    },
  })
  renderApp('/listings')
  return network
}

const heading = () => screen.findByRole('heading', { name: 'Local Listings' })

beforeAll(async () => {
  await loadScreens(paths.listings)
})

describe('Local Listings', () => {
  test('without a business name it asks for the business first', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    renderApp('/listings')
    await heading()
    expect(
      await screen.findByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
  })

  test('shows the NAP, the sample warning for 3 platforms, and both tabs', async () => {
    signIn()
    await heading()
    expect(
      await screen.findByText('Inconsistencies detected across 3 platforms', { exact: false }),
    ).toBeVisible()
    expect(screen.getByText('100 Congress Ave, Austin, TX 78701')).toBeVisible()
    expect(screen.getAllByText('Sample').length).toBeGreaterThan(0)
    const table = screen.getByRole('table')
    expect(
      within(table).getByRole('button', { name: 'Edit Google Business Profile' }),
    ).toBeVisible()
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Local Citations' }))
    expect(screen.getByRole('tab', { name: 'Local Citations' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(
      within(screen.getByRole('table')).getByRole('button', { name: 'Edit Healthgrades' }),
    ).toBeVisible()
  })

  test('after the sample is removed, with nothing recorded, it says so and claims no match (issue 32 item 8)', async () => {
    signIn(savedBusiness, false)
    await heading()
    expect(await screen.findByText(/^Nothing is recorded yet\./)).toBeVisible()
    expect(screen.queryByText(/match on every platform/)).toBeNull()
  })

  test('a selected location warns about 4 platforms', async () => {
    signIn({ ...savedBusiness, locations: twoLocations })
    await heading()
    await screen.findByText(/across 3 platforms/)
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'loc_2')
    expect(await screen.findByText(/across 4 platforms/)).toBeVisible()
  })

  test('recording a listing with another phone names the difference and changes the count', async () => {
    const { calls } = signIn()
    await heading()
    await screen.findByText(/across 3 platforms/)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Edit Yelp' }))
    await user.type(screen.getByLabelText('Name as shown'), savedBusiness.name)
    await user.type(
      screen.getByLabelText('Address as shown'),
      '100 Congress Avenue, Austin, Texas 78701',
    )
    await user.type(screen.getByLabelText('Phone as shown'), '(512) 555-0199')
    await user.click(screen.getByRole('button', { name: 'Save listing' }))

    expect(calls).toContain('PUT /api/listings/records')
    const yelpRow = (await screen.findAllByRole('row')).find((row) =>
      row.textContent?.startsWith('Yelp'),
    )!
    expect(within(yelpRow).queryByText('Sample')).not.toBeInTheDocument()
    expect(
      within(yelpRow).getByText(
        'Phone differs: (512) 555-0199 on Yelp vs (512) 555-0100 in your profile',
      ),
    ).toBeInTheDocument()
    const view = buildListingsView({ business: savedBusiness, records: [], today })
    const yelpWasInconsistent =
      view.listings.find((l) => l.platform === 'Yelp')!.napConsistency === 'inconsistent'
    const expected = yelpWasInconsistent ? 3 : 4
    expect(screen.getByText(new RegExp(`across ${expected} platforms`))).toBeVisible()
  })
})

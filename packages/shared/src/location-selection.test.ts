import { describe, expect, test } from 'vitest'
import { emptyBusiness, type Business } from './business.js'
import { resolveLocation } from './location-selection.js'

const business: Business = {
  ...emptyBusiness,
  id: 'b1',
  name: 'Bright Smile Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  locations: [
    {
      id: 'loc_1',
      businessId: 'b1',
      name: 'Bright Smile Dental - Round Rock',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      country: 'US',
      phone: '',
      pageUrl: '',
    },
    {
      id: 'loc_2',
      businessId: 'b1',
      name: 'Bright Smile Dental - Dallas',
      address: '9 Elm St',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      country: 'US',
      phone: '(214) 555-0199',
      pageUrl: '',
    },
  ],
}

describe('resolveLocation', () => {
  test.each([undefined, null, '', 'main', 'loc_unknown'])('%s means the business itself', (id) => {
    const resolved = resolveLocation(business, id)
    expect(resolved).toMatchObject({
      id: 'main',
      label: 'Bright Smile Dental (Main)',
      city: 'Austin',
      phone: '(512) 555-0100',
      isMain: true,
    })
  })

  test('a location overrides address, city, state, zip and phone', () => {
    expect(resolveLocation(business, 'loc_2')).toMatchObject({
      id: 'loc_2',
      label: 'Bright Smile Dental - Dallas',
      address: '9 Elm St',
      city: 'Dallas',
      zip: '75201',
      phone: '(214) 555-0199',
      isMain: false,
    })
  })

  test('a location without a phone falls back to the business phone', () => {
    expect(resolveLocation(business, 'loc_1').phone).toBe('(512) 555-0100')
  })
})

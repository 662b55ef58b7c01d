// Valid request bodies shared by tests (docs/house-rules.md "Tests"): a business and a location to send to the API.

/** A valid PUT /api/business body: a dentist in Austin. */
export const businessInput = {
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
}

/** A valid POST /api/business/locations body. */
export const locationInput = (name: string) => ({
  name,
  address: '5 Main St',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
})

/** Addresses outside the US (docs/decisions/017-countries-and-addresses.md), as an owner saves them. */
export const londonAddress = {
  address: '10 Downing Street',
  city: 'London',
  state: '',
  zip: 'SW1A 2AA',
  country: 'GB',
  phone: '020 7946 0958',
}

export const berlinAddress = {
  address: 'Friedrichstraße 43',
  city: 'Berlin',
  state: '',
  zip: '10117',
  country: 'DE',
  phone: '030 12345678',
}

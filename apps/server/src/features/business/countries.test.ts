// Businesses and locations outside the US (issue 21 item 2): each saved in its country's form, bad
// input refused with the field named and nothing changed (docs/house-rules.md "Bad input changes nothing").
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Business, Location } from '@localseo/shared/business'
import { businesses, locations } from '../../db/schema/business.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

interface Issues {
  error: { code: string; issues: { path: string; message: string }[] }
}

const COUNTRIES = [
  {
    country: 'US',
    address: { city: 'Austin', state: 'Texas', zip: '78701', phone: '512-555-0100' },
    saved: { state: 'TX', zip: '78701', phone: '(512) 555-0100', timeZone: 'America/Chicago' },
    bad: { zip: 'K1A 0B1', message: 'Enter a 5-digit ZIP code, for example 78701.' },
  },
  {
    country: 'CA',
    address: { city: 'Toronto', state: 'Ontario', zip: 'm5v3l9', phone: '416 555 0100' },
    saved: { state: 'ON', zip: 'M5V 3L9', phone: '(416) 555-0100', timeZone: 'America/Toronto' },
    bad: { zip: '78701', message: 'Enter a valid postal code for Canada, for example K1A 0B1.' },
  },
  {
    country: 'GB',
    address: { city: 'London', state: '', zip: 'sw1a 2aa', phone: '+44 20 7946 0958' },
    saved: { state: '', zip: 'SW1A 2AA', phone: '020 7946 0958', timeZone: 'Europe/London' },
    bad: {
      zip: '78701',
      message: 'Enter a valid postcode for the United Kingdom, for example SW1A 1AA.',
    },
  },
  {
    country: 'AU',
    address: { city: 'Perth', state: 'Western Australia', zip: '6000', phone: '08 9222 0000' },
    saved: { state: 'WA', zip: '6000', phone: '(08) 9222 0000', timeZone: 'Australia/Perth' },
    bad: { zip: '60000', message: 'Enter a valid postcode for Australia, for example 2000.' },
  },
  {
    country: 'DE',
    address: { city: 'Berlin', state: 'Berlin', zip: '10117', phone: '030 12345678' },
    saved: { state: 'Berlin', zip: '10117', phone: '030 12345678', timeZone: 'Europe/Berlin' },
    bad: { zip: '1011', message: 'Enter a valid postal code for Germany, for example 10115.' },
  },
  {
    country: 'FR',
    address: { city: 'Paris', state: '', zip: '75005', phone: '01 42 68 53 00' },
    saved: { state: '', zip: '75005', phone: '01 42 68 53 00', timeZone: 'Europe/Paris' },
    bad: { zip: '750', message: 'Enter a valid postal code for France, for example 75001.' },
  },
]

let t: TestApp
let token: string
const call = apiCaller({ request: (...args) => t.app.request(...args) }, () => token)

beforeEach(async () => {
  t = await createTestApp()
  token = (await signUp(t.app, { email: 'owner@example.com', name: 'Olivia Owner' })).accessToken
})
afterEach(() => t.close())

const business = (c: (typeof COUNTRIES)[number]) => ({
  ...businessInput,
  address: '1 High Street',
  country: c.country,
  ...c.address,
})

describe.each(COUNTRIES)('a business in $country', (c) => {
  test('is saved in its country’s form, its time zone from its address', async () => {
    const res = await call<{ business: Business }>('PUT', '/api/business', business(c))
    expect(res.status).toBe(200)
    expect(res.body.business).toMatchObject({ country: c.country, ...c.saved })
  })

  test('a location in the same country is saved; a bad postcode is refused and changes nothing', async () => {
    await call('PUT', '/api/business', business(c))
    // Without a country the location is in the business's.
    const location: Record<string, unknown> = { ...business(c), name: 'Branch' }
    delete location['country']
    const added = await call<{ locations: Location[] }>('POST', '/api/business/locations', location)
    expect(added.status).toBe(201)
    expect(added.body.locations[0]).toMatchObject({ country: c.country, zip: c.saved.zip })

    const refused = await call<Issues>('POST', '/api/business/locations', {
      ...location,
      zip: c.bad.zip,
    })
    expect(refused.status).toBe(422)
    expect(refused.body.error.issues).toEqual([{ path: 'zip', message: c.bad.message }])
    const id = added.body.locations[0]!.id
    const edit = await call<Issues>('PATCH', `/api/business/locations/${id}`, { zip: c.bad.zip })
    expect(edit.status).toBe(422)
    expect(await t.db.select().from(locations)).toMatchObject([{ zip: c.saved.zip }])
  })

  test('a bad postcode for the business is refused and the saved one stays', async () => {
    await call('PUT', '/api/business', business(c))
    const res = await call<Issues>('PUT', '/api/business', { ...business(c), zip: c.bad.zip })
    expect(res.status).toBe(422)
    expect(res.body.error.issues).toEqual([{ path: 'zip', message: c.bad.message }])
    expect(await t.db.select().from(businesses)).toMatchObject([{ zip: c.saved.zip }])
  })
})

describe('country changes', () => {
  test('moving a location to another country checks its saved fields against the new one', async () => {
    await call('PUT', '/api/business', business(COUNTRIES[0]!))
    const { body } = await call<{ locations: Location[] }>('POST', '/api/business/locations', {
      ...business(COUNTRIES[0]!),
      name: 'Branch',
    })
    const id = body.locations[0]!.id
    const moved = await call<Issues>('PATCH', `/api/business/locations/${id}`, { country: 'GB' })
    expect(moved.status).toBe(422)
    expect(moved.body.error.issues.map((i) => i.path)).toEqual(['zip', 'phone'])
    const ok = await call<{ locations: Location[] }>('PATCH', `/api/business/locations/${id}`, {
      country: 'GB',
      state: 'Greater London',
      zip: 'SW1A 2AA',
      phone: '020 7946 0958',
    })
    expect(ok.status).toBe(200)
    expect(ok.body.locations[0]).toMatchObject({ country: 'GB', state: 'Greater London' })
  })

  test('the owner’s time zone is kept, and an unknown one or country is refused', async () => {
    const gb = business(COUNTRIES[2]!)
    const saved = await call<{ business: Business }>('PUT', '/api/business', {
      ...gb,
      timeZone: 'Europe/Dublin',
    })
    expect(saved.body.business.timeZone).toBe('Europe/Dublin')
    const kept = await call<{ business: Business }>('PUT', '/api/business', gb)
    expect(kept.body.business.timeZone).toBe('Europe/Dublin')
    const bad = await call<Issues>('PUT', '/api/business', {
      ...gb,
      timeZone: 'Mars/Base',
      country: 'XX',
    })
    expect(bad.status).toBe(422)
    expect(bad.body.error.issues.map((i) => i.path).sort()).toEqual(['country', 'timeZone'])
  })
})

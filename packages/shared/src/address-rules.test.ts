import { describe, expect, test } from 'vitest'
import { businessInputSchema, locationInputSchema } from './business-input.js'
import { defaultTimeZone } from './regions.js'

interface CountryCase {
  country: string
  valid: { state: string; zip: string; phone: string }
  saved: { state: string; zip: string; phone: string }
  badPhone: string
  badZip: string
  /** Undefined where the region is optional free text. */
  badState?: string
  messages: { phone: string; zip: string; state?: string }
}

const CASES: CountryCase[] = [
  {
    country: 'US',
    valid: { state: 'texas', zip: '78701', phone: '512 555 0100' },
    saved: { state: 'TX', zip: '78701', phone: '(512) 555-0100' },
    badPhone: '555',
    badZip: 'SW1A 1AA',
    badState: 'Ontario',
    messages: {
      phone: 'Enter a valid phone number, for example (512) 555-0100.',
      zip: 'Enter a 5-digit ZIP code, for example 78701.',
      state: 'Enter a US state, for example TX or Texas.',
    },
  },
  {
    country: 'CA',
    valid: { state: 'Ontario', zip: 'm5v3l9', phone: '416-555-0100' },
    saved: { state: 'ON', zip: 'M5V 3L9', phone: '(416) 555-0100' },
    badPhone: '416-555',
    badZip: '78701',
    badState: 'Texas',
    messages: {
      phone: 'Enter a valid phone number for Canada, for example (416) 555-0100.',
      zip: 'Enter a valid postal code for Canada, for example K1A 0B1.',
      state: 'Enter a Canadian province or territory, for example ON or Ontario.',
    },
  },
  {
    country: 'GB',
    valid: { state: '', zip: 'sw1a1aa', phone: '+44 20 7946 0958' },
    saved: { state: '', zip: 'SW1A 1AA', phone: '020 7946 0958' },
    badPhone: '020 7946',
    badZip: '78701',
    messages: {
      phone: 'Enter a valid phone number for the United Kingdom, for example 020 7946 0958.',
      zip: 'Enter a valid postcode for the United Kingdom, for example SW1A 1AA.',
    },
  },
  {
    country: 'AU',
    valid: { state: 'nsw', zip: '2000', phone: '02 9374 4000' },
    saved: { state: 'NSW', zip: '2000', phone: '(02) 9374 4000' },
    badPhone: '02 9374',
    badZip: '200',
    badState: 'Bavaria',
    messages: {
      phone: 'Enter a valid phone number for Australia, for example (02) 9374 4000.',
      zip: 'Enter a valid postcode for Australia, for example 2000.',
      state: 'Enter an Australian state or territory, for example NSW or New South Wales.',
    },
  },
  {
    country: 'DE',
    valid: { state: 'Berlin', zip: '10115', phone: '030 12345678' },
    saved: { state: 'Berlin', zip: '10115', phone: '030 12345678' },
    badPhone: '030',
    badZip: '1011',
    messages: {
      phone: 'Enter a valid phone number for Germany, for example 030 12345678.',
      zip: 'Enter a valid postal code for Germany, for example 10115.',
    },
  },
  {
    country: 'FR',
    valid: { state: '', zip: '75001', phone: '+33 1 42 68 53 00' },
    saved: { state: '', zip: '75001', phone: '01 42 68 53 00' },
    badPhone: '01 42',
    badZip: '7500',
    messages: {
      phone: 'Enter a valid phone number for France, for example 01 23 45 67 89.',
      zip: 'Enter a valid postal code for France, for example 75001.',
    },
  },
]

const business = (c: CountryCase, change: Partial<CountryCase['valid']> = {}) => ({
  name: 'Corner Bakery',
  category: 'Food & Restaurant',
  address: '1 High Street',
  city: 'Somewhere',
  country: c.country,
  ...c.valid,
  ...change,
})

const issues = (input: unknown) => {
  const result = businessInputSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe.each(CASES)('an address in $country', (c) => {
  test('a valid region, postcode and phone are saved in their usual form', () => {
    expect(businessInputSchema.parse(business(c))).toMatchObject({ country: c.country, ...c.saved })
    expect(locationInputSchema.parse({ ...business(c), name: 'Branch' })).toMatchObject(c.saved)
  })

  test('a phone that is not a number of the country is refused with an example', () => {
    expect(issues(business(c, { phone: c.badPhone }))).toEqual([`phone: ${c.messages.phone}`])
  })

  test('a postcode of another shape is refused, naming the country', () => {
    expect(issues(business(c, { zip: c.badZip }))).toEqual([`zip: ${c.messages.zip}`])
  })

  test('the region is a known code where the country has them, else optional', () => {
    if (c.badState === undefined) {
      expect(issues(business(c, { state: '' }))).toEqual([])
      expect(issues(business(c, { state: 'Any County' }))).toEqual([])
    } else {
      expect(issues(business(c, { state: c.badState }))).toEqual([`state: ${c.messages.state}`])
      expect(issues(business(c, { state: '' }))).toHaveLength(1)
    }
  })
})

describe('country and time zone', () => {
  const uk = CASES.find((c) => c.country === 'GB')!

  test('the country is a known ISO code, upper-cased; left out it is the US', () => {
    expect(businessInputSchema.parse(business(uk, {}))).toMatchObject({ country: 'GB' })
    expect(issues({ ...business(uk), country: 'gb' })).toEqual([])
    expect(issues({ ...business(uk), country: 'UK' })).toEqual([
      'country: Choose a country from the list.',
    ])
    const withoutCountry: Record<string, unknown> = { ...business(CASES[0]!) }
    delete withoutCountry['country']
    expect(businessInputSchema.parse(withoutCountry).country).toBe('US')
  })

  test('a time zone is an IANA name, canonical; anything else is refused', () => {
    const parse = (timeZone: string) => businessInputSchema.safeParse({ ...business(uk), timeZone })
    expect(parse('Europe/London').data?.timeZone).toBe('Europe/London')
    expect(parse('america/chicago').data?.timeZone).toBe('America/Chicago')
    for (const bad of ['Mars/Olympus', '+01:00', '', 'Europe/London; drop']) {
      expect(parse(bad).error?.issues.map((i) => i.message)).toEqual([
        'Choose a time zone from the list.',
      ])
    }
  })

  test('every message shows at once, the address ones beside the others', () => {
    expect(issues({ ...business(uk, { zip: '1' }), name: '' })).toEqual([
      'name: Business name is required.',
      `zip: ${uk.messages.zip}`,
    ])
  })

  test('a business without a chosen zone takes its state’s, else its country’s', () => {
    expect(defaultTimeZone('US', 'TX')).toBe('America/Chicago')
    expect(defaultTimeZone('US', '')).toBe('America/New_York')
    expect(defaultTimeZone('CA', 'British Columbia')).toBe('America/Vancouver')
    expect(defaultTimeZone('AU', 'WA')).toBe('Australia/Perth')
    expect(defaultTimeZone('GB', '')).toBe('Europe/London')
    expect(defaultTimeZone('NL', '')).toBe('UTC')
  })
})

import { describe, expect, test } from 'vitest'
import { businessInputSchema, locationInputSchema, locationUpdateSchema } from './business-input.js'

const valid = {
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0100',
}

const messages = (input: unknown) => {
  const result = businessInputSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('businessInputSchema', () => {
  test('accepts a complete business and normalises state, phone and website', () => {
    const parsed = businessInputSchema.parse({ ...valid, state: 'texas', website: 'example.com' })
    expect(parsed).toMatchObject({
      state: 'TX',
      phone: '(512) 555-0100',
      website: 'https://example.com',
    })
  })

  test('every required field is named when missing', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^name:/),
        expect.stringMatching(/^category:/),
        expect.stringMatching(/^address:/),
        expect.stringMatching(/^city:/),
        expect.stringMatching(/^state:/),
        expect.stringMatching(/^zip:/),
        expect.stringMatching(/^phone:/),
      ]),
    )
  })

  test('whitespace-only text counts as missing', () => {
    expect(messages({ ...valid, name: '   ' })).toEqual(['name: Business name is required.'])
  })

  test('the website is optional but must be an http(s) address', () => {
    expect(messages({ ...valid, website: '' })).toEqual([])
    expect(messages({ ...valid, website: 'javascript:alert(1)' })).toHaveLength(1)
    expect(messages({ ...valid, website: 'ftp://example.com' })).toHaveLength(1)
    expect(messages({ ...valid, website: 'not a site' })).toHaveLength(1)
  })

  test('unknown states, malformed ZIP codes and invalid phones are refused', () => {
    expect(messages({ ...valid, state: 'Atlantis' })).toHaveLength(1)
    expect(messages({ ...valid, zip: '7870' })).toHaveLength(1)
    expect(messages({ ...valid, zip: '78701-12' })).toHaveLength(1)
    expect(messages({ ...valid, phone: '555' })).toHaveLength(1)
    expect(messages({ ...valid, zip: '78701-1234' })).toEqual([])
  })

  test('categories are limited to the listed options', () => {
    expect(messages({ ...valid, category: 'Wizardry' })).toEqual([
      'category: Choose a business category.',
    ])
  })

  test('overlong fields are refused, not truncated', () => {
    expect(messages({ ...valid, name: 'x'.repeat(121) })).toEqual([
      'name: Business name must be at most 120 characters.',
    ])
  })
})

describe('locationInputSchema', () => {
  test('the phone is optional for a location', () => {
    const parsed = locationInputSchema.parse({
      name: 'Round Rock',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'tx',
      zip: '78664',
    })
    expect(parsed).toMatchObject({ state: 'TX', phone: '', pageUrl: '' })
  })

  const location = { name: 'Round Rock', address: '5 Main St', city: 'Round Rock', state: 'TX' }

  test('the location page URL is optional and follows the website rules', () => {
    const parse = (pageUrl: string) =>
      locationInputSchema.safeParse({ ...location, zip: '78664', pageUrl })
    expect(parse('example.com/round-rock').data?.pageUrl).toBe('https://example.com/round-rock')
    expect(parse('http://example.com/rr/').data?.pageUrl).toBe('http://example.com/rr')
    expect(parse('').data?.pageUrl).toBe('')
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/rr', 'not a page']) {
      expect(parse(bad).error?.issues.map((i) => i.message)).toEqual([
        'Enter a page address such as https://example.com/austin.',
      ])
    }
    expect(parse(`https://example.com/${'x'.repeat(300)}`).success).toBe(false)
  })

  test('an update changes only the fields it names', () => {
    expect(locationUpdateSchema.parse({ name: 'Round Rock North' })).toEqual({
      name: 'Round Rock North',
    })
    expect(locationUpdateSchema.parse({ pageUrl: '' })).toEqual({ pageUrl: '' })
  })
})

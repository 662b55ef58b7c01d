import { describe, expect, test } from 'vitest'
import { backlinkInputSchema } from './backlinks.js'
import {
  businessInputSchema,
  locationCreateSchema,
  locationUpdateSchema,
} from './business-input.js'
import { listingRecordInputSchema } from './listings.js'
import { trackKeywordInputSchema } from './rank-tracker.js'
import { isSingleLine, singleLineText } from './single-line.js'

const BREAKS = ['\n', '\r', '\r\n', '\v', '\f', '\u0085', '\u2028', '\u2029']

const business = {
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0100',
}
const location = {
  name: 'Round Rock',
  address: '1 Main St',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
}

/** The issues of a failed parse as `path: message`. */
function issues(
  schema: {
    safeParse(value: unknown): {
      success: boolean
      error?: { issues: { path: PropertyKey[]; message: string }[] }
    }
  },
  value: unknown,
) {
  const result = schema.safeParse(value)
  return result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('single-line text', () => {
  test.each(BREAKS)('a line break (%j) inside the text is refused', (lineBreak) => {
    expect(isSingleLine(`Bright${lineBreak}Smile`)).toBe(false)
    expect(singleLineText('Business name').safeParse(`Bright${lineBreak}Smile`).success).toBe(false)
  })

  test('a line break at either end is trimmed away; tabs and ordinary text pass', () => {
    expect(singleLineText('Business name').parse('\r\nBright Smile\n')).toBe('Bright Smile')
    expect(isSingleLine('Bright\tSmile — Café № 1')).toBe(true)
  })
})

describe('names with a line break are refused, with the field named', () => {
  test('business: name, address, city, phone and services', () => {
    expect(issues(businessInputSchema, { ...business, name: 'Bright\nSmile' })).toEqual([
      'name: Business name must be on one line.',
    ])
    expect(issues(businessInputSchema, { ...business, city: 'Aus\rtin' })).toEqual([
      'city: City must be on one line.',
    ])
    expect(issues(businessInputSchema, { ...business, address: '100 Congress\u2028Ave' })).toEqual([
      'address: Address must be on one line.',
    ])
    expect(
      issues(businessInputSchema, { ...business, services: ['Cleaning', 'Teeth\nwhitening'] }),
    ).toEqual(['services.1: Each service must be on one line.'])
    expect(businessInputSchema.parse(business).name).toBe('Bright Smile Dental')
  })

  test('location: a new one and a change', () => {
    expect(issues(locationCreateSchema, { ...location, name: 'Round\r\nRock' })).toEqual([
      'name: Location name must be on one line.',
    ])
    expect(issues(locationUpdateSchema, { name: 'Round\nRock' })).toEqual([
      'name: Location name must be on one line.',
    ])
    expect(locationCreateSchema.parse(location).name).toBe('Round Rock')
  })

  test('a tracked keyword, which is never quietly collapsed to one line', () => {
    expect(issues(trackKeywordInputSchema, { keyword: 'dentist\naustin' })).toEqual([
      'keyword: A keyword must be on one line.',
    ])
    expect(trackKeywordInputSchema.parse({ keyword: '  dentist   austin ' }).keyword).toBe(
      'dentist austin',
    )
  })

  test("a backlink's anchor text and a listing's name, address and phone", () => {
    expect(
      issues(backlinkInputSchema, { url: 'https://news.example/a', anchorText: 'Bright\nSmile' }),
    ).toEqual(['anchorText: Anchor text must be on one line.'])
    expect(issues(listingRecordInputSchema, { platform: 'Yelp', name: 'Bright\nSmile' })).toEqual([
      'name: Name must be on one line.',
    ])
    expect(issues(listingRecordInputSchema, { platform: 'Ye\nlp' })).toEqual([
      'platform: Platform must be on one line.',
    ])
  })
})

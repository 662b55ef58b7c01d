import { describe, expect, test } from 'vitest'
import { localWords } from './local-words.js'

describe('one lookup of the words each country searches with (issue 32 items 6 and 7)', () => {
  test('the UK says solicitor, estate agent, flat, postcode and garage', () => {
    expect(localWords('personal injury lawyer', 'GB')).toBe('personal injury solicitor')
    expect(localWords('real estate agent near me', 'GB')).toBe('estate agent near me')
    expect(localWords('apartments for rent', 'GB')).toBe('flats for rent')
    expect(localWords('auto repair shop', 'GB')).toBe('garage')
    expect(localWords('HVAC', 'GB')).toBe('heating')
    expect(localWords('AC repair', 'GB')).toBe('air conditioning repair')
  })

  test('Ireland and New Zealand follow the UK and Australia where they have no word of their own', () => {
    expect(localWords('attorney', 'IE')).toBe('solicitor')
    expect(localWords('movers', 'NZ')).toBe('removalists')
    expect(localWords('takeout', 'CA')).toBe('takeout')
    expect(localWords('hair coloring', 'CA')).toBe('hair colouring')
  })

  test('another country gets plain international English; the US and no country keep the text', () => {
    expect(localWords('DUI attorney', 'DE')).toBe('criminal defence lawyer')
    expect(localWords('lawyer', 'FR')).toBe('lawyer')
    expect(localWords('DUI attorney', 'US')).toBe('DUI attorney')
    expect(localWords('real estate agent', undefined)).toBe('real estate agent')
  })

  test('whole words only, once each, keeping a capital first letter', () => {
    expect(localWords('Storefront signs', 'GB')).toBe('Storefront signs')
    expect(localWords('Lawyer', 'GB')).toBe('Solicitor')
    expect(localWords('solicitor', 'GB')).toBe('solicitor')
  })
})

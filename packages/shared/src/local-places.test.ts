import { describe, expect, test } from 'vitest'
import { BUSINESS_CATEGORIES } from './business.js'
import { MAIN_COUNTRIES } from './countries.js'
import { categoryDirectories, citationSources, platformUrl } from './local-places.js'

/** Sites that serve the United States only. */
const US_ONLY = [
  'Yellow Pages',
  'BBB',
  'Better Business Bureau',
  'Angi',
  'HomeAdvisor',
  'Thumbtack',
  'Healthgrades',
  'Zocdoc',
  'ADA Find-a-Dentist',
  'WebMD Care',
  'Avvo',
  'Justia',
  'FindLaw',
  'Martindale-Hubbell',
  'Zillow agent profile',
  'Realtor.com',
  'AICPA and state CPA society directories',
]

describe('every country its own places (issue 32 item 6)', () => {
  test.each(MAIN_COUNTRIES.filter((c) => c !== 'US'))(
    '%s: no US-only directory in any category, and every site has a page to claim it',
    (country) => {
      for (const category of BUSINESS_CATEGORIES) {
        const named = [
          ...citationSources(category, country),
          ...categoryDirectories(category, country).map((d) => d.name),
        ]
        for (const us of US_ONLY) expect(named, `${country} ${category}`).not.toContain(us)
        for (const name of named) expect(platformUrl(name), name).toMatch(/^https:\/\//)
        expect(categoryDirectories(category, country).length).toBeGreaterThan(0)
      }
    },
  )

  test('the issue names them: UK, Canada, Australia, Germany, France', () => {
    expect(citationSources('Dental', 'GB')).toEqual(
      expect.arrayContaining(['Yell', 'Thomson Local', 'Scoot', 'NHS website (Find a service)']),
    )
    expect(citationSources('Home Services', 'GB')).toContain('Checkatrade')
    expect(citationSources('Home Services', 'CA')).toEqual(
      expect.arrayContaining(['Yellow Pages Canada', 'Canada411', 'HomeStars']),
    )
    expect(citationSources('Home Services', 'AU')).toEqual(
      expect.arrayContaining(['Yellow Pages Australia', 'True Local', 'hipages']),
    )
    expect(citationSources('Dental', 'AU')).toContain('Healthdirect')
    expect(citationSources('Dental', 'DE')).toEqual(
      expect.arrayContaining(['Gelbe Seiten', 'Das Örtliche', '11880', 'jameda']),
    )
    expect(citationSources('Dental', 'FR')).toEqual(
      expect.arrayContaining(['PagesJaunes', 'Doctolib France']),
    )
  })

  test('a UK dentist is pointed to the NHS website and Doctify, a UK plumber to Checkatrade', () => {
    expect(categoryDirectories('Dental', 'GB').map((d) => d.name)).toEqual([
      'NHS website (Find a service)',
      'Doctify',
    ])
    expect(categoryDirectories('Home Services', 'GB')[0]).toMatchObject({
      name: 'Checkatrade',
      domain: 'checkatrade.com',
    })
  })

  test('a category with no site of its own falls back to those of every country, then to the general ones', () => {
    expect(categoryDirectories('Travel & Hospitality', 'GB').map((d) => d.name)).toContain(
      'Booking.com',
    )
    expect(categoryDirectories('Manufacturing', 'GB').map((d) => d.name)).toEqual([
      'Yell',
      'Thomson Local',
    ])
  })

  test('a US business keeps its lists; a country without lists gets only worldwide sites', () => {
    expect(citationSources('Dental', 'US')).toEqual([
      'Yellow Pages',
      'Foursquare',
      'BBB',
      'Nextdoor',
      'Angi',
      'Healthgrades',
    ])
    expect(categoryDirectories('Home Services', 'US').map((d) => d.name)).toContain('Angi')
    expect(citationSources('Dental', 'JP')).toEqual(['Foursquare'])
    expect(categoryDirectories('Dental', 'JP').map((d) => d.name)).toEqual(['Foursquare'])
  })
})

import { describe, expect, test } from 'vitest'
import { BUSINESS_CATEGORIES, emptyBusiness, type Business } from '@localseo/shared/business'
import { generateKeywordIdeas } from '@localseo/shared/keyword-engine'
import { businessVocabulary } from '../features/keywords/keyword-data.js'
import { isPlausibleSearch, searchVocabulary } from './plausible-search.js'

const business = (category: string): Business => ({
  ...emptyBusiness,
  id: 'b1',
  name: 'Lopez Plumbing',
  city: 'Austin',
  state: 'TX',
  category,
  locations: [
    {
      id: 'loc_1',
      businessId: 'b1',
      name: 'Round Rock branch',
      address: '5 Main St',
      city: 'Round Rock',
      state: 'TX',
      zip: '78664',
      country: 'US',
      phone: '',
      pageUrl: '',
    },
  ],
})

describe('isPlausibleSearch', () => {
  test.each([
    ['emergency plumber near me', []],
    ['plumber austin', ['Austin']],
    ['lopez plumbing round rock', ['Lopez Plumbing', 'Round Rock']],
    ['plumbr near me', []],
    ['24 hour plumber', []],
    ['café near me', []],
    ['cafe near me', []],
    ['hvac repair prices', []],
    ['teeth whitening costs', []],
  ])('%s is a search', (keyword, vocabulary) => {
    expect(isPlausibleSearch(keyword, vocabulary)).toBe(true)
  })

  test.each([
    'zzzzqqq nothing',
    'asdf qwer',
    'qwerty uiop asdf',
    'zxcv bnm',
    'xkcdq vbnrt plumber',
    'hjkl hjkl',
    'ppppp',
    'lkjhg fdsa near',
    'bzzt krrk',
    'qqq www eee',
    '',
    '   ',
    '!!! ???',
    // Keyboard noise is not hidden by the words around it (issue 32 item 4).
    'what is the cost of zzqqxx unicorn grooming',
    'xkcdq plumber near me',
    'plumber near me austin zzzz',
  ])('%j is not a search', (keyword) => {
    expect(isPlausibleSearch(keyword)).toBe(false)
  })

  test('the business vocabulary makes its own words count', () => {
    expect(isPlausibleSearch('zzyzx lopez')).toBe(false)
    expect(isPlausibleSearch('zzyzx lopez plumbing', ['Lopez Plumbing'])).toBe(true)
  })

  test('a vocabulary made once answers as the list does', () => {
    const made = searchVocabulary(['Lopez Plumbing', 'Peñasco'])
    expect(isPlausibleSearch('zzyzx lopez plumbing', made)).toBe(true)
    expect(isPlausibleSearch('penasco plumbing', made)).toBe(true)
    expect(isPlausibleSearch('zzyzx qwrtp plumbing', made)).toBe(false)
  })

  test.each(BUSINESS_CATEGORIES)(
    'every idea the engine generates for %s is a search',
    (category) => {
      const owner = business(category)
      const vocabulary = businessVocabulary(owner)
      for (const locationId of ['main', 'loc_1']) {
        for (const idea of generateKeywordIdeas({ business: owner, locationId })) {
          expect(isPlausibleSearch(idea, vocabulary), idea).toBe(true)
        }
      }
    },
  )
})

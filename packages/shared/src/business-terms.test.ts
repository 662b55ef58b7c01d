import { describe, expect, test } from 'vitest'
import { searchExamples, serviceSuggestions, servicesFromName } from './business-terms.js'

const plumber = { name: 'Harbor Plumbing', category: 'Home Services', city: 'Austin' }
const dentist = { name: 'Clifton Dental', category: 'Dental', city: 'Bristol' }

describe('suggestions in the words of the trade (issue 32 item 7)', () => {
  test('a plumber is offered plumbing work, never electrician, roofing or HVAC', () => {
    const chips = serviceSuggestions(plumber).map((s) => s.toLowerCase())
    expect(chips).toEqual(expect.arrayContaining(['drain cleaning', 'water heater repair']))
    for (const other of ['electrician', 'electrical repair', 'roofing', 'hvac', 'ac repair'])
      expect(chips).not.toContain(other)
  })

  test('the trade is also read from the services the owner lists', () => {
    const chips = serviceSuggestions({
      name: 'J. Smith & Sons',
      category: 'Home Services',
      services: ['Drain cleaning'],
    })
    expect(chips).toContain('water heater repair')
    expect(chips).not.toContain('roofing')
  })

  test('a Home Services business of no known trade still sees everything its category covers', () => {
    const chips = serviceSuggestions({ name: 'Smith & Sons', category: 'Home Services' })
    expect(chips).toEqual(expect.arrayContaining(['plumbing', 'roofing', 'HVAC']))
  })

  test('a service named in capitals keeps them', () => {
    expect(servicesFromName('Austin HVAC Pros', 'Home Services')).toEqual(['HVAC'])
  })
})

describe('placeholders in the words of the business', () => {
  test('a plumber sees plumbing examples in Austin, never a dentist’s', () => {
    const examples = searchExamples(plumber)
    expect(examples).toEqual({
      keyword: 'plumbing near me',
      service: 'drain cleaning',
      nearMe: 'plumber near me',
      anchor: 'best plumber in Austin',
    })
    expect(JSON.stringify(examples)).not.toMatch(/dentist|teeth|dental/)
  })

  test('a dentist sees dental examples in Bristol, never drain cleaning', () => {
    const examples = searchExamples(dentist)
    expect(examples).toEqual({
      keyword: 'teeth cleaning near me',
      service: 'teeth cleaning',
      nearMe: 'dentist near me',
      anchor: 'best dentist in Bristol',
    })
  })

  test('the service example is one the owner has not listed yet', () => {
    expect(
      searchExamples({ ...dentist, services: ['Teeth cleaning', 'Teeth whitening'] }).service,
    ).toBe('dental implants')
  })
})

describe('the words of the business’s country (issue 32 items 6 and 7)', () => {
  const lawyer = { name: 'Harbourside Legal', category: 'Legal Services', city: 'Bristol' }
  const agent = { name: 'Clifton Homes', category: 'Real Estate', city: 'Bristol' }

  test('a UK law firm’s examples and suggestions say solicitor, never attorney or lawyer', () => {
    const examples = searchExamples({ ...lawyer, country: 'GB' })
    expect(examples).toEqual({
      // The first service short enough to fit the box on a phone.
      keyword: 'family law solicitor near me',
      service: 'family law solicitor',
      nearMe: 'solicitor near me',
      anchor: 'best solicitor in Bristol',
    })
    const chips = serviceSuggestions({ ...lawyer, country: 'GB' }).join(' ')
    expect(chips).toContain('drink driving solicitor')
    expect(chips).not.toMatch(/attorney|lawyer|DUI/i)
  })

  test('a UK estate agent’s examples say estate agent and houses for sale', () => {
    const examples = searchExamples({ ...agent, country: 'GB' })
    expect(examples.nearMe).toBe('estate agent near me')
    expect(examples.anchor).toBe('best estate agent in Bristol')
    expect(examples.keyword).toBe('houses for sale near me')
    expect(JSON.stringify(examples)).not.toMatch(/real estate|realtor|homes for sale/)
  })

  test('the same businesses in the US keep the American words', () => {
    expect(searchExamples({ ...lawyer, city: 'Austin', country: 'US' })).toEqual({
      keyword: 'family law attorney near me',
      service: 'family law attorney',
      nearMe: 'lawyer near me',
      anchor: 'best lawyer in Austin',
    })
    expect(searchExamples({ ...agent, city: 'Austin' }).nearMe).toBe('real estate agent near me')
  })

  test('a UK plumber is offered drain unblocking and boiler repair; an Australian mover is a removalist', () => {
    const chips = serviceSuggestions({ ...plumber, country: 'GB' })
    expect(chips).toEqual(expect.arrayContaining(['drain unblocking', 'boiler repair']))
    expect(chips).not.toContain('drain cleaning')
    // The owner's own words stay theirs, and still tell the trade.
    const own = serviceSuggestions({ ...plumber, country: 'GB', services: ['Drain unblocking'] })
    expect(own).toContain('burst pipe repair')
    expect(
      searchExamples({
        name: 'Swift Moving',
        category: 'Home Services',
        city: 'Perth',
        country: 'AU',
        services: ['Moving'],
      }).nearMe,
    ).toBe('removalists near me')
  })
})

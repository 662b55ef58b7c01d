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

import { describe, expect, test } from 'vitest'
import { emptyBusiness, type Business } from './business.js'
import { findIssues, positionTone } from './dashboard.js'

const business: Business = {
  ...emptyBusiness,
  id: 'b1',
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  website: 'https://brightsmile.example.com',
}

const location = {
  id: 'loc_1',
  businessId: 'b1',
  name: 'Round Rock',
  address: '5 Main St',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
  country: 'US',
  phone: '(512) 555-0101',
  pageUrl: '',
}

describe('positionTone', () => {
  test.each([
    [1, 'good'],
    [9, 'good'],
    [10, 'fair'],
    [20, 'fair'],
    [21, 'poor'],
  ])('position %i is %s', (position, tone) => {
    expect(positionTone(position)).toBe(tone)
  })
})

describe('findIssues', () => {
  test('a complete business has nothing to fix', () => {
    expect(findIssues({ ...business, locations: [location] })).toEqual([])
  })

  test('a missing website is a high-severity issue', () => {
    expect(findIssues({ ...business, website: '' })).toEqual([
      expect.objectContaining({ id: 'website-missing', severity: 'high' }),
    ])
  })

  test('a ZIP from another state is flagged for the business and for each location', () => {
    const issues = findIssues({
      ...business,
      zip: '10001',
      locations: [{ ...location, zip: '90210' }],
    })
    expect(issues.map((i) => i.id)).toEqual(['zip-state-mismatch:main', 'zip-state-mismatch:loc_1'])
  })

  test('a location without a phone is a medium issue, listed after the high ones', () => {
    const issues = findIssues({ ...business, website: '', locations: [{ ...location, phone: '' }] })
    expect(issues.map((i) => [i.id, i.severity])).toEqual([
      ['website-missing', 'high'],
      ['location-phone-missing:loc_1', 'medium'],
    ])
  })
})

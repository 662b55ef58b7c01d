import { describe, expect, test } from 'vitest'
import { relativeTime } from '@/lib/format'
import { websiteHref, websiteLabel } from './format'

describe('dashboard formatting', () => {
  test('a website without a scheme gets https, one with a scheme keeps it', () => {
    expect(websiteHref('sunrisedental.com')).toBe('https://sunrisedental.com')
    expect(websiteHref('http://example.com')).toBe('http://example.com')
    expect(websiteLabel('https://sunrisedental.com/')).toBe('sunrisedental.com')
  })

  test('activity times read as relative times', () => {
    const now = Date.parse('2025-06-10T12:00:00Z')
    expect(relativeTime('2025-06-10T11:59:30Z', now)).toBe('just now')
    expect(relativeTime('2025-06-10T11:55:00Z', now)).toBe('5 minutes ago')
    expect(relativeTime('2025-06-09T12:00:00Z', now)).toBe('yesterday')
    expect(relativeTime('2025-06-01T12:00:00Z', now)).toBe('last week')
  })
})

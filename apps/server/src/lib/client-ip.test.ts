// Who a per-IP limit counts (issue 31 item 5a): IPv6 clients by their /64.
import { describe, expect, test } from 'vitest'
import { rateLimitSubject } from './client-ip.js'

describe('rateLimitSubject', () => {
  test('every address of one IPv6 /64 is one subject, however it is written', () => {
    const subjects = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '[2001:db8:1:2::abcd]',
      '2001:db8:1:2::1%eth0',
    ].map(rateLimitSubject)
    expect(new Set(subjects)).toEqual(new Set(['2001:db8:1:2::/64']))
  })

  test('neighbouring /64s are different subjects', () => {
    expect(rateLimitSubject('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(rateLimitSubject('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64')
  })

  test('an IPv4-mapped IPv6 address counts as its IPv4 address', () => {
    expect(rateLimitSubject('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitSubject('::FFFF:cb00:7107')).toBe('203.0.113.7')
    expect(rateLimitSubject('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  test('an IPv6 address with an embedded IPv4 tail keeps its /64', () => {
    expect(rateLimitSubject('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64')
  })

  test('IPv4 addresses and anything unparseable are counted as they are', () => {
    expect(rateLimitSubject('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitSubject('unknown')).toBe('unknown')
    expect(rateLimitSubject('2001:db8::1::2')).toBe('2001:db8::1::2')
  })
})

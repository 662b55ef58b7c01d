// The local checks read a UK or German business's pages in its own country (issue 21 item 2):
// national phone numbers, local street abbreviations and postcode order are the same NAP.
import { describe, expect, test } from 'vitest'
import type { AuditProfile, ProfilePlace } from './checks/local.js'
import { berlinAddress, londonAddress } from '../../testing/factories.js'
import { runAudit, text } from './fixtures/audit-harness.js'
import { BUSINESS, localBusinessJsonLd, localPage } from './fixtures/golden-pages.js'

const ALLOW_ALL = text('User-agent: *\nDisallow:\n')

interface CountryCase {
  place: Omit<ProfilePlace, 'id'> & { country: string }
  /** The same place as the page writes it. */
  page: { address: string; zip: string; phone: string; tel: string }
  /** A markup that differs in one field, and the message for it. */
  wrong: { override: Record<string, unknown>; message: string }
}

const CASES: CountryCase[] = [
  {
    place: { name: BUSINESS.name, ...londonAddress },
    page: {
      address: '10 Downing St',
      zip: 'SW1A2AA',
      phone: '+44 20 7946 0958',
      tel: '+442079460958',
    },
    wrong: {
      override: { telephone: '020 7946 0959' },
      message: 'Phone differs: 020 7946 0959 on your page markup vs 020 7946 0958 in your profile',
    },
  },
  {
    place: { name: BUSINESS.name, ...berlinAddress },
    page: {
      address: 'Friedrichstr. 43',
      zip: '10117',
      phone: '030 12345678',
      tel: '+493012345678',
    },
    wrong: {
      override: {
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Friedrichstraße 45',
          addressLocality: 'Berlin',
          postalCode: '10117',
        },
      },
      message:
        'Address differs: Friedrichstraße 45, Berlin, 10117 on your page markup vs Friedrichstraße 43, 10117 Berlin in your profile',
    },
  },
]

function site(c: CountryCase, override: Record<string, unknown> = {}) {
  const shown = { ...c.place, address: c.page.address, zip: c.page.zip, phone: c.page.phone }
  const footer = `<footer><p>${BUSINESS.name}</p><p>${c.page.address}, ${c.page.zip} ${c.place.city}</p><p><a href="tel:${c.page.tel}">${c.page.phone}</a></p></footer>`
  return {
    '/robots.txt': ALLOW_ALL,
    '/': localPage(shown, { schema: localBusinessJsonLd(shown, override), footer }),
  }
}

const profile = (c: CountryCase): AuditProfile => ({
  name: BUSINESS.name,
  category: BUSINESS.category,
  website: '',
  places: [{ id: null, ...c.place }],
})

const NAP_CHECKS = [
  'schema-nap-mismatch',
  'nap-not-visible',
  'visible-phone-mismatch',
  'tel-link-missing',
  'location-page-missing',
]

describe.each(CASES)('a business in $place.country', (c) => {
  test('its page, written the local way, matches its profile', async () => {
    const { summary } = await runAudit(site(c), { profile: profile(c) })
    expect(Object.keys(summary).filter((id) => NAP_CHECKS.includes(id))).toEqual([])
  })

  test('markup that differs is named in the profile’s own format', async () => {
    const { summary } = await runAudit(site(c, c.wrong.override), { profile: profile(c) })
    expect(summary['schema-nap-mismatch']).toEqual([`/ — ${c.wrong.message}`])
  })
})

// Countries of an address and time zones of a business (docs/decisions/017-countries-and-addresses.md).
// The country list is the one libphonenumber-js keeps (ISO 3166-1 alpha-2 codes it has phone rules
// for); six countries have their own labels, region codes and examples, the rest share plain ones.
import { getCountries, isSupportedCountry, type CountryCode } from 'libphonenumber-js/max'

export type { CountryCode }

/** The countries the product knows best; listed first in the forms. */
export const MAIN_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'DE', 'FR'] as const

export const DEFAULT_COUNTRY = 'US'
export const DEFAULT_TIME_ZONE = 'America/New_York'

/** Every country an address may be in, as ISO 3166-1 alpha-2 codes. */
export function countryCodes(): readonly string[] {
  return getCountries()
}

/** 'gb' and ' GB ' give 'GB'; a code outside the list gives undefined. */
export function toCountryCode(input: string): CountryCode | undefined {
  const code = input.trim().toUpperCase()
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : undefined
}

export interface CountryForm {
  /** The label of the region field; '(optional)' when it may stay empty. */
  regionLabel: string
  /** The label of the postcode field, also used in messages ('Enter a valid postcode for ...'). */
  postcodeLabel: string
  regionPlaceholder: string
  postcodePlaceholder: string
  phonePlaceholder: string
}

const FORMS: Readonly<Record<string, CountryForm>> = {
  US: {
    regionLabel: 'State',
    postcodeLabel: 'ZIP Code',
    regionPlaceholder: 'TX',
    postcodePlaceholder: '78701',
    phonePlaceholder: '(512) 555-0100',
  },
  CA: {
    regionLabel: 'Province',
    postcodeLabel: 'Postal code',
    regionPlaceholder: 'ON',
    postcodePlaceholder: 'K1A 0B1',
    phonePlaceholder: '(416) 555-0100',
  },
  GB: {
    regionLabel: 'County (optional)',
    postcodeLabel: 'Postcode',
    regionPlaceholder: 'Greater London',
    postcodePlaceholder: 'SW1A 1AA',
    phonePlaceholder: '020 7946 0958',
  },
  AU: {
    regionLabel: 'State',
    postcodeLabel: 'Postcode',
    regionPlaceholder: 'NSW',
    postcodePlaceholder: '2000',
    phonePlaceholder: '(02) 9374 4000',
  },
  DE: {
    regionLabel: 'State (optional)',
    postcodeLabel: 'Postal code',
    regionPlaceholder: 'Berlin',
    postcodePlaceholder: '10115',
    phonePlaceholder: '030 12345678',
  },
  FR: {
    regionLabel: 'Region (optional)',
    postcodeLabel: 'Postal code',
    regionPlaceholder: 'Île-de-France',
    postcodePlaceholder: '75001',
    phonePlaceholder: '01 23 45 67 89',
  },
}

const OTHER_FORM: CountryForm = {
  regionLabel: 'Region (optional)',
  postcodeLabel: 'Postal code',
  regionPlaceholder: '',
  postcodePlaceholder: '',
  phonePlaceholder: '',
}

/** Labels and examples of the address fields for a country. */
export function countryForm(country: string): CountryForm {
  return FORMS[country] ?? OTHER_FORM
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
/** Names read with 'the' in a sentence ('for the United Kingdom'). */
const WITH_ARTICLE =
  /^(United |Netherlands|Philippines|Bahamas|Gambia|Maldives|Comoros|Seychelles|Dominican Republic|Central African Republic|Czech Republic)|Islands$/

/** 'United Kingdom' for 'GB'. */
export function countryName(country: string): string {
  const code = toCountryCode(country)
  return code ? (regionNames.of(code) ?? code) : country
}

/** The name as it reads after 'for': 'the United Kingdom', 'Canada'. */
export function countryNameInSentence(country: string): string {
  const name = countryName(country)
  return WITH_ARTICLE.test(name) ? `the ${name}` : name
}

/** The canonical IANA name of a time zone ('america/chicago' gives 'America/Chicago'), else undefined. */
export function toTimeZone(input: string): string | undefined {
  const value = input.trim()
  // Offsets ('+01:00') are accepted by newer engines but are not zones with daylight-saving rules.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return undefined
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Every IANA time zone the runtime knows, for the Time zone select. */
export function timeZoneNames(): readonly string[] {
  return Intl.supportedValuesOf('timeZone')
}

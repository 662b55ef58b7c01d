// Name, address and phone (NAP) comparison for listings (issue 9). Two listings match when they name
// the same business, place and number, however they are written: case, accents, punctuation and legal
// suffixes do not matter for names; USPS abbreviations, state names and ZIP+4 do not matter for US
// addresses, the country's own abbreviations for others (nap-international.ts); formatting does not
// matter for phones (compared in E.164, read in the record's country).
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { formatAddress } from './address-format.js'
import { toCountryCode } from './countries.js'
import { normalizeInternationalAddress, sameInternationalAddress } from './nap-international.js'
import { normalizeName, words } from './nap-name.js'
import { US_STATES, toStateCode } from './us-states.js'
import { boundedMemo } from './memo.js'
import { ownValue } from './own-key.js'

export interface Nap {
  name: string
  address: string
  phone: string
}

/** USPS Publication 28 abbreviations for the words that vary most between directories. */
const ADDRESS_WORDS: Readonly<Record<string, string>> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  boulevard: 'blvd',
  road: 'rd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  parkway: 'pkwy',
  highway: 'hwy',
  circle: 'cir',
  terrace: 'ter',
  square: 'sq',
  trail: 'trl',
  expressway: 'expy',
  freeway: 'fwy',
  plaza: 'plz',
  center: 'ctr',
  centre: 'ctr',
  crossing: 'xing',
  point: 'pt',
  mount: 'mt',
  fort: 'ft',
  saint: 'st',
  suite: 'ste',
  apartment: 'apt',
  building: 'bldg',
  floor: 'fl',
  room: 'rm',
  department: 'dept',
  unit: 'unit',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
}

const UNIT_WORDS = new Set(['ste', 'apt', 'bldg', 'fl', 'rm', 'dept', 'unit'])

/** A full state name right before the ZIP code (or at the end), longest names first, and its code. */
const stateNamePatterns = Object.values(US_STATES)
  .map((name) => name.toLowerCase().replace(/[^a-z ]/g, ''))
  .sort((a, b) => b.length - a.length)
  .map((name) => ({
    pattern: new RegExp(` ${name}(?= \\d{5}| $)`),
    code: ` ${toStateCode(name)?.toLowerCase() ?? name}`,
  }))

/**
 * The comparable forms already made: a listings view compares the profile's address and phone with
 * every platform's, for every place, on each dashboard and Local Listings read.
 */
const comparableForms = boundedMemo<string>(2000)

/**
 * A comparable form of a one-line address: '100 congress ave ste 200 austin tx 78701' in the US,
 * the words in their order elsewhere ('hauptstr 5 10115 berlin').
 */
export function normalizeAddress(address: string, country = 'US'): string {
  if (country !== 'US') return normalizeInternationalAddress(address, country)
  return comparableForms(`address\n${address}`, () => normalizeUsAddress(address))
}

function normalizeUsAddress(address: string): string {
  let text = ` ${words(address).join(' ')} `
  for (const { pattern, code } of stateNamePatterns) {
    if (pattern.test(text)) {
      text = text.replace(pattern, code)
      break
    }
  }
  const tokens = text.trim().split(' ').filter(Boolean)
  const out: string[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? ''
    const next = tokens[i + 1] ?? ''
    if (/^\d{5}$/.test(token) && /^\d{4}$/.test(next)) {
      out.push(token) // ZIP+4 compares as ZIP5
      i++
      continue
    }
    if (token === '#') {
      // '#200' names a unit without saying which kind: a business suite unless a designator came first.
      if (!UNIT_WORDS.has(out[out.length - 1] ?? '')) out.push('ste')
      continue
    }
    out.push(ownValue(ADDRESS_WORDS, token) ?? token)
  }
  return out.join(' ')
}

/** E.164 when the number parses (read in the record's country, US by default), otherwise its digits. */
export function normalizePhone(phone: string, country = 'US'): string {
  return comparableForms(`phone\n${country}\n${phone}`, () => {
    const parsed = parsePhoneNumberFromString(phone, toCountryCode(country) ?? 'US')
    if (parsed?.isValid()) return parsed.number
    return phone.replace(/\D/g, '')
  })
}

export { formatAddress, normalizeName }

export type NapField = 'name' | 'address' | 'phone'

export interface NapDifference {
  field: NapField
  /** As the platform shows it. */
  listed: string
  /** As the owner's profile has it. */
  profile: string
  message: string
}

const LABELS: Record<NapField, string> = { name: 'Name', address: 'Address', phone: 'Phone' }

/** Whether the two values name the same thing, read in the record's country. */
const same: Record<NapField, (a: string, b: string, country: string) => boolean> = {
  name: (a, b) => normalizeName(a) === normalizeName(b),
  address: (a, b, country) =>
    country === 'US'
      ? normalizeAddress(a) === normalizeAddress(b)
      : sameInternationalAddress(a, b, country),
  phone: (a, b, country) => normalizePhone(a, country) === normalizePhone(b, country),
}

/**
 * Each field where the listing differs from the profile, named in words, e.g.
 * 'Phone differs: (512) 555-0100 on Yelp vs (512) 555-0199 in your profile'. Empty fields on the
 * listing are reported as missing.
 */
export function compareNap(
  listed: Nap,
  profile: Nap,
  platform: string,
  country = 'US',
): NapDifference[] {
  const differences: NapDifference[] = []
  for (const field of ['name', 'address', 'phone'] as const) {
    const shown = listed[field].trim()
    const own = profile[field].trim()
    if (!own) continue
    if (!shown) {
      differences.push({
        field,
        listed: '',
        profile: own,
        message: `${LABELS[field]} missing on ${platform}: your profile has ${own}`,
      })
    } else if (!same[field](shown, own, country)) {
      differences.push({
        field,
        listed: shown,
        profile: own,
        message: `${LABELS[field]} differs: ${shown} on ${platform} vs ${own} in your profile`,
      })
    }
  }
  return differences
}

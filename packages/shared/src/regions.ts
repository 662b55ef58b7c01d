// Regions with known codes: US states, Canadian provinces and territories, Australian states and
// territories (docs/decisions/017-countries-and-addresses.md). Elsewhere the region is free text.
import { US_STATES, toStateCode } from './us-states.js'
import { ownValue } from './own-key.js'

export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
}

export const AU_STATES: Readonly<Record<string, string>> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
}

function codeFinder(table: Readonly<Record<string, string>>) {
  const byName = new Map(
    Object.entries(table).map(([code, name]) => [name.toLowerCase(), code] as const),
  )
  return (input: string): string | undefined => {
    const value = input.trim().replace(/\s+/g, ' ')
    const upper = value.toUpperCase().replace(/\./g, '')
    if (Object.hasOwn(table, upper)) return upper
    return byName.get(value.toLowerCase().replace(/^québec$/, 'quebec'))
  }
}

export interface RegionCodes {
  /** Code to name. */
  names: Readonly<Record<string, string>>
  toCode: (input: string) => string | undefined
  /** The message for a region that is not one of them. */
  message: string
}

const CODED: Readonly<Record<string, RegionCodes>> = {
  US: {
    names: US_STATES,
    toCode: toStateCode,
    message: 'Enter a US state, for example TX or Texas.',
  },
  CA: {
    names: CA_PROVINCES,
    toCode: codeFinder(CA_PROVINCES),
    message: 'Enter a Canadian province or territory, for example ON or Ontario.',
  },
  AU: {
    names: AU_STATES,
    toCode: codeFinder(AU_STATES),
    message: 'Enter an Australian state or territory, for example NSW or New South Wales.',
  },
}

/** The known region codes of a country, or undefined where the region is optional free text. */
export function regionCodes(country: string): RegionCodes | undefined {
  return ownValue(CODED, country)
}

/** The zone most of each US state keeps (the migration 0013 backfill uses the same table). */
const US_STATE_ZONES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'AL',
      'AR',
      'IA',
      'IL',
      'KS',
      'LA',
      'MN',
      'MO',
      'MS',
      'ND',
      'NE',
      'OK',
      'SD',
      'TN',
      'TX',
      'WI',
    ].map((s) => [s, 'America/Chicago']),
  ),
  ...Object.fromEntries(['CO', 'MT', 'NM', 'UT', 'WY'].map((s) => [s, 'America/Denver'])),
  ...Object.fromEntries(['CA', 'NV', 'OR', 'WA'].map((s) => [s, 'America/Los_Angeles'])),
  ID: 'America/Boise',
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
  MI: 'America/Detroit',
  IN: 'America/Indiana/Indianapolis',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan',
}

const CA_ZONES: Readonly<Record<string, string>> = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  PE: 'America/Halifax',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
}

const AU_ZONES: Readonly<Record<string, string>> = {
  NT: 'Australia/Darwin',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  VIC: 'Australia/Melbourne',
  WA: 'Australia/Perth',
}

const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
  GB: 'Europe/London',
  DE: 'Europe/Berlin',
  FR: 'Europe/Paris',
}

const REGION_ZONES = { US: US_STATE_ZONES, CA: CA_ZONES, AU: AU_ZONES }

/** A sensible time zone for an address when the owner chose none: its state's, else its country's. */
export function defaultTimeZone(country: string, region: string): string {
  const byRegion = ownValue(REGION_ZONES, country)
  const code = regionCodes(country)?.toCode(region)
  return (
    (byRegion && code ? ownValue(byRegion, code) : undefined) ??
    ownValue(COUNTRY_ZONES, country) ??
    'UTC'
  )
}

// What a new business starts with (docs/decisions/017-countries-and-addresses.md): the country of the
// browser's language ('en-GB' gives GB; none gives the US) and the browser's time zone.
import {
  DEFAULT_COUNTRY,
  DEFAULT_TIME_ZONE,
  toCountryCode,
  toTimeZone,
} from '@localseo/shared/countries'

export function browserCountry(language = navigator.language): string {
  let region: string | undefined
  try {
    region = new Intl.Locale(language).region
  } catch {
    region = undefined
  }
  return (region && toCountryCode(region)) || DEFAULT_COUNTRY
}

export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return (zone && toTimeZone(zone)) || DEFAULT_TIME_ZONE
}

// The rules of an address in its country (docs/decisions/017-countries-and-addresses.md): regions with
// known codes (US, CA, AU) or free text, postcodes by the postcode-validator rule set, phones by
// libphonenumber-js. The US keeps its own messages and the ZIP/state check of zip-state.ts.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator'
import { countryForm, countryNameInSentence, toCountryCode } from './countries.js'
import { regionCodes } from './regions.js'

export type Checked = { ok: true; value: string } | { ok: false; message: string }

const ok = (value: string): Checked => ({ ok: true, value })
const fail = (message: string): Checked => ({ ok: false, message })

/** How a message names the postcode: 'ZIP code' in the US, 'postcode' in the UK. */
export function postcodeNoun(country: string): string {
  if (country === 'US') return 'ZIP code'
  return countryForm(country).postcodeLabel.toLowerCase()
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** A coded region (US state, Canadian province, Australian state) becomes its code; elsewhere free text. */
export function checkRegion(country: string, value: string): Checked {
  const codes = regionCodes(country)
  if (!codes) return ok(value.trim())
  if (value.trim() === '') return fail(`${countryForm(country).regionLabel} is required.`)
  const code = codes.toCode(value)
  return code ? ok(code) : fail(codes.message)
}

/** 'sw1a1aa' gives 'SW1A 1AA' in the UK, 'k1a0b1' gives 'K1A 0B1' in Canada. */
function formatPostcode(country: string, value: string): string {
  const compact = value.toUpperCase().replace(/\s+/g, '')
  if (country === 'GB' || country === 'CA') return `${compact.slice(0, -3)} ${compact.slice(-3)}`
  return value.toUpperCase().replace(/\s+/g, ' ')
}

/** Required wherever the rule set knows the country's postcodes; elsewhere optional free text. */
export function checkPostcode(country: string, value: string): Checked {
  const postcode = value.trim()
  const noun = postcodeNoun(country)
  const known = postcodeValidatorExistsForCountry(country)
  if (postcode === '') return known ? fail(`${capitalised(noun)} is required.`) : ok('')
  if (country === 'US') {
    return /^\d{5}(-\d{4})?$/.test(postcode)
      ? ok(postcode)
      : fail('Enter a 5-digit ZIP code, for example 78701.')
  }
  if (!known) return ok(postcode)
  if (postcodeValidator(postcode, country)) return ok(formatPostcode(country, postcode))
  const example = countryForm(country).postcodePlaceholder
  const forCountry = `Enter a valid ${noun} for ${countryNameInSentence(country)}`
  return fail(example ? `${forCountry}, for example ${example}.` : `${forCountry}.`)
}

/**
 * A number of the country, or of another one written with its country code. Stored readable: the
 * national format for the address's own country, the international one otherwise; compared in E.164.
 */
export function checkPhone(country: string, value: string): Checked {
  const phone = value.trim()
  if (phone === '') return ok('')
  const code = toCountryCode(country) ?? 'US'
  const parsed = parsePhoneNumberFromString(phone, code)
  if (!parsed?.isValid()) {
    if (code === 'US') return fail('Enter a valid phone number, for example (512) 555-0100.')
    const example = countryForm(code).phonePlaceholder
    const forCountry = `Enter a valid phone number for ${countryNameInSentence(code)}`
    return fail(example ? `${forCountry}, for example ${example}.` : `${forCountry}.`)
  }
  return ok(parsed.country === code ? parsed.formatNational() : parsed.formatInternational())
}

/** Which address fields a country requires besides the street and city: the forms mark them. */
export function requiredAddressFields(country: string): { state: boolean; zip: boolean } {
  return {
    state: regionCodes(country) !== undefined,
    zip: postcodeValidatorExistsForCountry(country),
  }
}

export interface AddressValues {
  country: string
  state: string
  zip: string
  phone: string
}

export interface AddressIssue {
  path: 'country' | 'state' | 'zip' | 'phone'
  message: string
}

/** The address fields checked in their country: either the normalised values or the issues. */
export function checkAddress<T extends AddressValues>(
  values: T,
): { ok: true; value: T } | { ok: false; issues: AddressIssue[] } {
  const country = toCountryCode(values.country)
  if (!country) return { ok: false, issues: [{ path: 'country', message: 'Choose a country.' }] }
  const checks = {
    state: checkRegion(country, values.state),
    zip: checkPostcode(country, values.zip),
    phone: checkPhone(country, values.phone),
  }
  const issues: AddressIssue[] = []
  for (const [path, result] of Object.entries(checks) as [AddressIssue['path'], Checked][]) {
    if (!result.ok) issues.push({ path, message: result.message })
  }
  if (!checks.state.ok || !checks.zip.ok || !checks.phone.ok) return { ok: false, issues }
  return {
    ok: true,
    value: {
      ...values,
      country,
      state: checks.state.value,
      zip: checks.zip.value,
      phone: checks.phone.value,
    },
  }
}

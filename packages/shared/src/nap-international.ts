// Addresses outside the US compared as directories write them (docs/decisions/017-countries-and-addresses.md):
// case, accents, punctuation and the common abbreviations of the country do not matter, nor where
// the postcode stands or whether it has its space, nor a country name at the end.
import { countryName } from './countries.js'
import { foldText } from './nap-name.js'
import { ownValue } from './own-key.js'
import { regionCodes } from './regions.js'

export { foldText }

/** English street words (UK, Canada, Australia and, by default, elsewhere). */
const ENGLISH: Readonly<Record<string, string>> = {
  street: 'st',
  road: 'rd',
  avenue: 'ave',
  av: 'ave',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  crescent: 'cres',
  close: 'cl',
  terrace: 'ter',
  terr: 'ter',
  tce: 'ter',
  square: 'sq',
  parade: 'pde',
  highway: 'hwy',
  boulevard: 'blvd',
  gardens: 'gdns',
  grove: 'gr',
  circuit: 'cct',
  parkway: 'pkwy',
  saint: 'st',
  suite: 'ste',
  unit: 'unit',
  level: 'lvl',
  floor: 'fl',
  building: 'bldg',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
}

/** German: 'Straße', 'Strasse' and 'Str.' are one word, alone or at the end of a street's name. */
const GERMAN: Readonly<Record<string, string>> = {
  strasse: 'str',
  platz: 'pl',
  allee: 'al',
}

/** French: the abbreviations of the Poste's address norm that directories use most. */
const FRENCH: Readonly<Record<string, string>> = {
  boulevard: 'bd',
  blvd: 'bd',
  avenue: 'av',
  ave: 'av',
  place: 'pl',
  route: 'rte',
  chemin: 'ch',
  impasse: 'imp',
  faubourg: 'fbg',
  saint: 'st',
  sainte: 'ste',
}

const WORDS_BY_COUNTRY: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  DE: GERMAN,
  AT: GERMAN,
  CH: { ...GERMAN, ...FRENCH },
  FR: FRENCH,
  BE: FRENCH,
}

/** Names a listing may end an address with besides the country's own English name. */
const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['uk', 'great britain', 'england', 'scotland', 'wales', 'northern ireland'],
  DE: ['deutschland'],
  CA: [],
  AU: [],
  FR: [],
}

const postcodeJoins: Readonly<Record<string, RegExp>> = {
  // 'SW1A 1AA' and 'sw1a1aa' are one postcode; so are 'K1A 0B1' and 'K1A0B1'.
  GB: /\b([a-z]{1,2}\d[a-z\d]?)\s+(\d[a-z]{2})\b/g,
  CA: /\b([a-z]\d[a-z])[\s-]+(\d[a-z]\d)\b/g,
}

function withoutCountryName(text: string, country: string): string {
  const names = [countryName(country), ...(ownValue(COUNTRY_ALIASES, country) ?? [])]
  for (const name of names.map((n) => foldText(n).replace(/[^a-z ]/g, ''))) {
    if (name && text.endsWith(` ${name}`)) return text.slice(0, -name.length - 1)
  }
  return text
}

/** Province and state names become their codes ('Ontario' gives 'on'). */
function withRegionCodes(text: string, country: string): string {
  const codes = regionCodes(country)
  if (!codes) return text
  let out = ` ${text} `
  const names = Object.entries(codes.names).sort((a, b) => b[1].length - a[1].length)
  for (const [code, name] of names) {
    out = out.replace(` ${foldText(name)} `, ` ${code.toLowerCase()} `)
  }
  return out.trim()
}

function normalWord(token: string, words: Readonly<Record<string, string>>): string {
  const known = ownValue(words, token)
  if (known) return known
  // 'hauptstrasse' and 'hauptstr' name the same street.
  if (ownValue(words, 'strasse')) return token.replace(/(.)(strasse|str)$/, '$1 str')
  return token
}

/** A comparable form of an address outside the US: its words in their written order. */
export function normalizeInternationalAddress(address: string, country: string): string {
  let text = foldText(address).replace(/&/g, ' and ').replace(/[’'`]/g, '')
  const join = ownValue(postcodeJoins, country)
  if (join) text = text.replace(join, '$1$2')
  text = text.replace(/[^a-z0-9]+/g, ' ').trim()
  text = withRegionCodes(withoutCountryName(text, country), country)
  const words = ownValue(WORDS_BY_COUNTRY, country) ?? ENGLISH
  return text
    .split(' ')
    .filter(Boolean)
    .map((token) => normalWord(token, words))
    .join(' ')
}

/** The same words, in any order: '10115 Berlin' and 'Berlin 10115' are one place. */
export function sameInternationalAddress(a: string, b: string, country: string): boolean {
  const sorted = (text: string) =>
    normalizeInternationalAddress(text, country).split(' ').sort().join(' ')
  return sorted(a) === sorted(b)
}

// Title case for page titles and service names that keeps what must stay in capitals (issue 32
// item 6): 'nhs dentist bristol' reads 'NHS Dentist Bristol', 'hvac repair' 'HVAC Repair', and a
// word the owner wrote with capitals of their own ('iPhone repair') is left as written.

/** Abbreviations written in capitals wherever they appear in a search. */
const ACRONYMS = new Set([
  'ac',
  'bbb',
  'bmw',
  'cnc',
  'cpa',
  'diy',
  'dui',
  'ent',
  'er',
  'ev',
  'faq',
  'gcse',
  'gp',
  'hvac',
  'iso',
  'ivf',
  'mot',
  'nhs',
  'pc',
  'ppc',
  'sat',
  'seo',
  'suv',
  'tv',
  'uk',
  'usa',
  'vat',
])

/** 'it' is the abbreviation only before what an IT business offers ('IT support'), else the word. */
const IT_FOLLOWED_BY =
  /^[\s-]+(services?|support|consultants?|consulting|company|companies|solutions|managed|help)\b/i

export function titleCase(value: string): string {
  return value.replace(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu, (word: string, offset: number) => {
    const lower = word.toLowerCase()
    if (ACRONYMS.has(lower)) return lower.toUpperCase()
    if (lower === 'it' && IT_FOLLOWED_BY.test(value.slice(offset + word.length))) return 'IT'
    if (word !== lower) return word
    return word.charAt(0).toUpperCase() + word.slice(1)
  })
}

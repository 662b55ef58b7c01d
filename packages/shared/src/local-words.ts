// The words each country searches with (issue 32 items 6 and 7). The category terms, trade nouns
// and service suggestions are written as Americans search; this one table says what a searcher in
// another country types instead: a UK owner's ideas say 'solicitor' and 'estate agent', an
// Australian's 'takeaway' and 'removalists'. Everything that words a search (business-terms.ts,
// category-terms.ts, the keyword ideas, the advice) passes through localWords, so no list is copied
// per country. A term without an entry for a country is searched the same way there (docs/product.md
// "Settings" says which countries read which words).

/** The countries with words of their own; any other country outside the US reads `other`. */
type Dialect = 'GB' | 'IE' | 'AU' | 'NZ' | 'CA' | 'other'

/**
 * Where a dialect without an entry of its own looks next, before `other`. Canada searches with the
 * American words unless it has its own ('postal code', 'colour'), so it never reads `other`.
 */
const PARENT: Partial<Record<Dialect, Dialect>> = { IE: 'GB', NZ: 'AU' }

/**
 * US term (lower case) -> what each country says. `other` is the plain international English used
 * where a country has no entry (Germany, France, and the rest) and, after its parent, by the UK,
 * Ireland, Australia and New Zealand too.
 */
const WORDS: Readonly<Record<string, Partial<Record<Dialect, string>>>> = {
  // Legal services
  lawyer: { GB: 'solicitor' },
  attorney: { GB: 'solicitor', CA: 'lawyer', other: 'lawyer' },
  'family law attorney': {
    GB: 'family law solicitor',
    CA: 'family lawyer',
    other: 'family lawyer',
  },
  'dui attorney': {
    GB: 'drink driving solicitor',
    AU: 'drink driving lawyer',
    CA: 'impaired driving lawyer',
    other: 'criminal defence lawyer',
  },
  'estate planning': { GB: 'wills and probate', AU: 'wills and estates' },
  // Real estate
  'real estate agent': { GB: 'estate agent' },
  realtor: { GB: 'estate agent', other: 'real estate agent' },
  'homes for sale': { GB: 'houses for sale' },
  'home valuation': { GB: 'house valuation', AU: 'property appraisal' },
  'buyer agent': { GB: 'buying agent', other: "buyer's agent" },
  apartment: { GB: 'flat' },
  'zip code': { GB: 'postcode', AU: 'postcode', CA: 'postal code', other: 'postcode' },
  // Home services and building
  hvac: { GB: 'heating', AU: 'air conditioning', other: 'heating and cooling' },
  'hvac contractor': {
    GB: 'heating engineer',
    AU: 'air conditioning installer',
    other: 'heating and cooling company',
  },
  'ac repair': { GB: 'air conditioning repair', AU: 'air conditioning repair' },
  'ac installation': { GB: 'air conditioning installation', AU: 'air conditioning installation' },
  'ac repair company': { GB: 'air conditioning engineer', AU: 'air conditioning technician' },
  'furnace repair': { GB: 'boiler repair', AU: 'gas heater repair' },
  'water heater repair': { GB: 'boiler repair', AU: 'hot water system repair' },
  'drain cleaning': { GB: 'drain unblocking', AU: 'blocked drains' },
  'sewer line repair': { GB: 'drain repair', AU: 'sewer repair' },
  'outlet installation': { GB: 'socket installation', AU: 'power point installation' },
  'move out cleaning': { GB: 'end of tenancy cleaning', AU: 'end of lease cleaning' },
  'drywall repair': { GB: 'plastering', AU: 'plasterboard repair' },
  exterminator: { GB: 'pest control company', AU: 'pest control company' },
  movers: { GB: 'removals company', AU: 'removalists' },
  contractor: { GB: 'builder', AU: 'builder' },
  'remodeling contractor': { GB: 'renovation builder', AU: 'renovation builder' },
  'flooring contractor': { GB: 'flooring fitter', AU: 'flooring installer' },
  remodeling: { GB: 'renovation', AU: 'renovation' },
  'kitchen remodeling': { GB: 'kitchen renovation', AU: 'kitchen renovation' },
  'bathroom remodel': { GB: 'bathroom renovation', AU: 'bathroom renovation' },
  'home addition': { GB: 'house extension', AU: 'home extension' },
  // Automotive
  'auto repair shop': { GB: 'garage', AU: 'mechanic', other: 'car repair shop' },
  'auto repair': { GB: 'car repair', AU: 'car repair', other: 'car repair' },
  'car inspection': { GB: 'MOT', other: 'car servicing' },
  'transmission repair': { GB: 'gearbox repair' },
  // Health and dental
  'dentist office': { GB: 'dental practice', AU: 'dental clinic', other: 'dental clinic' },
  'urgent care': { GB: 'urgent treatment centre', AU: 'after hours doctor' },
  'walk-in clinic': { GB: 'walk-in centre' },
  'family medicine': { GB: 'GP surgery', AU: 'GP clinic', other: 'family doctor' },
  'physical exam': { GB: 'health check', AU: 'health check', other: 'health check' },
  veterinarian: { GB: 'vet', AU: 'vet' },
  'pet boarding': { GB: 'kennels', AU: 'boarding kennels' },
  // Education, food, travel, retail, accounting
  'sat prep': { GB: 'GCSE tutoring', other: 'exam preparation' },
  'math tutoring': { GB: 'maths tutoring', AU: 'maths tutoring', other: 'maths tutoring' },
  takeout: { GB: 'takeaway', AU: 'takeaway', other: 'takeaway' },
  'vacation rental': { GB: 'holiday let', AU: 'holiday rental', other: 'holiday rental' },
  'weekend getaway': { GB: 'weekend break' },
  'same day pickup': { GB: 'click and collect', AU: 'click and collect' },
  store: { GB: 'shop' },
  'tax preparation': { GB: 'tax returns', AU: 'tax returns' },
  // Spelling
  coloring: { GB: 'colouring', AU: 'colouring', CA: 'colouring', other: 'colouring' },
  center: { GB: 'centre', AU: 'centre', CA: 'centre', other: 'centre' },
}

const KNOWN: ReadonlySet<string> = new Set(['GB', 'IE', 'AU', 'NZ', 'CA'])

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every term at once, longest first, as whole words with an optional plural 's'. */
const PATTERN = new RegExp(
  `(?<![a-z0-9])(${Object.keys(WORDS)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(s?)(?![a-z0-9])`,
  'gi',
)

function wordFor(term: string, dialect: Dialect): string | undefined {
  const entry = WORDS[term]
  if (!entry) return undefined
  const parent = PARENT[dialect]
  return entry[dialect] ?? (parent && entry[parent]) ?? (dialect === 'CA' ? undefined : entry.other)
}

/**
 * `text` in the words of `country` (ISO code): 'personal injury lawyer' is 'personal injury
 * solicitor' in GB. US, unknown or missing countries keep the text. Each term is replaced once (one
 * pass); a capital first letter stays capital, and what replaces an acronym ('HVAC', 'AC repair')
 * reads as written.
 */
export function localWords(text: string, country: string | undefined): string {
  const code = (country ?? 'US').toUpperCase()
  if (code === 'US') return text
  const dialect: Dialect = KNOWN.has(code) ? (code as Dialect) : 'other'
  return text.replace(PATTERN, (match, term: string, plural: string) => {
    const word = wordFor(term.toLowerCase(), dialect)
    if (word === undefined) return match
    const first = term.split(' ')[0] ?? ''
    const acronym = first.length > 1 && first === first.toUpperCase()
    const capital = !acronym && /^[A-Z]/.test(term)
    const local = capital ? word.charAt(0).toUpperCase() + word.slice(1) : word
    return `${local}${plural}`
  })
}

// What local SEO looks like for each business category (docs/product.md §3 categories): the searches people
// make, the directories that matter, the schema.org type. The built-in engine builds its advice
// from this plus the owner's own data. `{noun}` is the category's search noun (categoryTerms).
// Searches and questions that only make sense in one country (insurance plans, Delta Dental,
// Medicare, the IRS) are that country's; the directories are the country's own (local-places.ts,
// issue 32 item 6), so a Bristol dentist never hears of Zocdoc or insurance plans.
import type { Business, BusinessCategory } from '@localseo/shared/business'
import type { Level } from '@localseo/shared/ai'
import { categoryDirectories, type LocalPlace } from '@localseo/shared/local-places'
import { localWords } from '@localseo/shared/local-words'
import { ownValue } from '@localseo/shared/own-key'

interface CategoryBasics {
  /** Who the business serves, for advice text: 'patients', 'clients'. */
  customers: string
  /** Keyword modifiers that fit the category anywhere, as templates with {noun}. */
  modifiers: readonly string[]
  /** The most specific schema.org LocalBusiness subtype. */
  schemaType: string
  /** How crowded local results usually are for the head term. */
  competition: Level
  /** A question customers ask before choosing, for FAQ and content ideas, true in any country. */
  question: string
  /** What one country searches and asks instead (ISO 3166-1 alpha-2 code). */
  countries?: Partial<Record<string, { modifiers?: readonly string[]; question?: string }>>
}

export interface CategoryPlaybook extends Omit<CategoryBasics, 'countries'> {
  /** Category directories and review sites of the business's country worth a profile and a link. */
  directories: readonly LocalPlace[]
}

const playbook = (p: CategoryBasics) => p

const CATEGORY_PLAYBOOKS: Readonly<Record<BusinessCategory, CategoryBasics>> = {
  'Accounting & Tax Services': playbook({
    customers: 'clients',
    modifiers: [
      '{noun} near me',
      'small business {noun}',
      'tax return help',
      '{noun} open Saturday',
      'bookkeeper for contractors',
    ],
    schemaType: 'AccountingService',
    competition: 'Medium',
    question: 'what an accountant charges and which documents to bring',
    countries: {
      US: {
        modifiers: [
          '{noun} near me',
          'CPA for small business',
          'tax preparer open Saturday',
          'IRS audit help',
          'bookkeeper for contractors',
        ],
        question: 'what a tax preparer costs and which documents to bring',
      },
      GB: {
        modifiers: [
          '{noun} near me',
          'self assessment tax return help',
          'small business {noun}',
          'chartered {noun}',
          'bookkeeper for tradespeople',
        ],
      },
    },
  }),
  Automotive: playbook({
    customers: 'drivers',
    modifiers: [
      '{noun} near me',
      'same day brake repair',
      'engine warning light diagnosis',
      'car service and inspection',
      'honest mechanic',
    ],
    countries: {
      US: {
        modifiers: [
          '{noun} near me',
          'same day brake repair',
          'check engine light diagnosis',
          'state inspection station',
          'honest mechanic',
        ],
      },
      GB: {
        modifiers: [
          'garage near me',
          'MOT test centre',
          'car service and MOT',
          'engine warning light diagnosis',
          'honest mechanic',
        ],
      },
    },
    schemaType: 'AutoRepair',
    competition: 'Medium',
    question: 'how much a common repair costs and how long it takes',
  }),
  'Beauty & Personal Care': playbook({
    customers: 'clients',
    modifiers: [
      '{noun} near me',
      'walk-in haircut',
      'balayage specialist',
      'bridal hair and makeup',
      '{noun} open Sunday',
    ],
    schemaType: 'BeautySalon',
    competition: 'Medium',
    question: 'how to prepare for a colour appointment and how long results last',
  }),
  'Construction & Home Improvement': playbook({
    customers: 'homeowners',
    modifiers: [
      'licensed {noun}',
      'kitchen remodel cost',
      'free estimate',
      'bathroom remodel contractor',
      'insured {noun} near me',
    ],
    schemaType: 'GeneralContractor',
    competition: 'High',
    question: 'what a remodel costs locally and which permits it needs',
  }),
  Dental: playbook({
    customers: 'patients',
    modifiers: [
      'emergency {noun}',
      '{noun} near me',
      '{noun} open Saturday',
      "children's {noun}",
      '{noun} accepting new patients',
      'dental implants cost',
    ],
    schemaType: 'Dentist',
    competition: 'High',
    question:
      'what treatments cost, whether new patients are taken and what counts as a dental emergency',
    countries: {
      US: {
        modifiers: [
          'emergency {noun}',
          '{noun} near me',
          '{noun} open Saturday',
          '{noun} that accepts Delta Dental',
          'pediatric {noun}',
          'same day crown',
          'dental implants cost',
        ],
        question: 'which insurance plans are accepted and what counts as a dental emergency',
      },
      GB: {
        modifiers: [
          'emergency {noun}',
          'NHS {noun} accepting new patients',
          '{noun} near me',
          'private {noun}',
          "children's {noun}",
          'dental implants cost',
        ],
        question:
          'whether NHS patients are taken, what NHS and private treatment costs and what counts as a dental emergency',
      },
    },
  }),
  'Education & Tutoring': playbook({
    customers: 'families',
    modifiers: [
      '{noun} near me',
      'exam preparation classes',
      'online maths {noun}',
      'reading {noun} for dyslexia',
      'summer tutoring',
    ],
    countries: {
      US: {
        modifiers: [
          '{noun} near me',
          'SAT prep classes',
          'online math {noun}',
          'reading {noun} for dyslexia',
          'summer tutoring program',
        ],
      },
      GB: {
        modifiers: [
          '{noun} near me',
          'GCSE maths {noun}',
          '11 plus {noun}',
          'A level {noun}',
          'reading {noun} for dyslexia',
        ],
      },
    },
    schemaType: 'EducationalOrganization',
    competition: 'Low',
    question: 'how many sessions a student needs before a test',
  }),
  'Fitness & Wellness': playbook({
    customers: 'members',
    modifiers: [
      '{noun} near me',
      '24 hour {noun}',
      'personal trainer for beginners',
      'yoga classes for seniors',
      '{noun} free trial',
    ],
    schemaType: 'ExerciseGym',
    competition: 'Medium',
    question: 'what membership costs and whether there is a free first class',
  }),
  'Food & Restaurant': playbook({
    customers: 'guests',
    modifiers: [
      'best {noun} near me',
      '{noun} open late',
      'brunch spots',
      'family friendly {noun}',
      'gluten free options',
      'private dining',
    ],
    schemaType: 'Restaurant',
    competition: 'High',
    question: 'what is on the menu, the opening hours and whether they take reservations',
  }),
  'Healthcare & Medical': playbook({
    customers: 'patients',
    modifiers: [
      'walk-in clinic',
      '{noun} accepting new patients',
      'same day appointment',
      '{noun} open Saturday',
      'private {noun}',
    ],
    schemaType: 'MedicalClinic',
    competition: 'High',
    question: 'how soon a new patient can be seen and what a visit costs',
    countries: {
      US: {
        modifiers: [
          'walk-in clinic',
          'urgent care open now',
          '{noun} accepting new patients',
          'same day appointment',
          '{noun} that takes Medicare',
        ],
        question: 'which insurance is accepted and how soon a new patient can be seen',
      },
      GB: {
        modifiers: [
          'private GP',
          'walk-in centre',
          'same day appointment',
          'private {noun} near me',
          'health check',
        ],
        question: 'how to register or book as a new patient, and what private appointments cost',
      },
      AU: {
        modifiers: [
          'bulk billing {noun}',
          'GP accepting new patients',
          'same day appointment',
          'after hours {noun}',
          'walk-in clinic',
        ],
        question: 'whether appointments are bulk billed and how soon a new patient can be seen',
      },
    },
  }),
  'Home Services': playbook({
    customers: 'homeowners',
    modifiers: [
      'emergency {noun}',
      '24 hour {noun}',
      '{noun} near me',
      'water heater replacement',
      'licensed and insured {noun}',
    ],
    schemaType: 'HomeAndConstructionBusiness',
    competition: 'High',
    question: 'how fast someone can come out and what a call-out costs',
  }),
  'Legal Services': playbook({
    customers: 'clients',
    modifiers: [
      '{noun} free consultation',
      'personal injury {noun}',
      'divorce {noun}',
      'employment {noun}',
      'bilingual {noun}',
      '{noun} near me',
    ],
    countries: {
      US: {
        modifiers: [
          '{noun} free consultation',
          'personal injury {noun}',
          'divorce {noun}',
          'DUI {noun}',
          'bilingual {noun}',
          '{noun} near me',
        ],
      },
      GB: {
        modifiers: [
          'solicitor free consultation',
          'conveyancing solicitor',
          'family solicitor',
          'will writing',
          'solicitor near me',
        ],
      },
    },
    schemaType: 'LegalService',
    competition: 'High',
    question: 'what a first consultation costs and how fees work',
  }),
  Manufacturing: playbook({
    customers: 'buyers',
    modifiers: [
      '{noun} near me',
      'custom metal fabrication',
      'CNC machine shop',
      'short run manufacturing',
      'ISO certified {noun}',
    ],
    schemaType: 'LocalBusiness',
    competition: 'Low',
    question: 'minimum order sizes, lead times and certifications',
  }),
  'Marketing & Advertising': playbook({
    customers: 'clients',
    modifiers: [
      '{noun} near me',
      'small business {noun}',
      'local SEO agency',
      'Google Ads management',
      'web design company',
    ],
    schemaType: 'ProfessionalService',
    competition: 'High',
    question: 'what a monthly retainer includes and how results are reported',
  }),
  'Pet Services': playbook({
    customers: 'pet owners',
    modifiers: [
      'emergency {noun}',
      '{noun} near me',
      'cat friendly {noun}',
      'dog grooming open Sunday',
      'low cost vaccinations',
    ],
    schemaType: 'VeterinaryCare',
    competition: 'Medium',
    question: 'which vaccinations a puppy needs and what a first visit costs',
  }),
  'Real Estate': playbook({
    customers: 'buyers and sellers',
    modifiers: [
      '{noun} near me',
      'homes for sale',
      'first time home buyer {noun}',
      'what is my home worth',
      'luxury homes',
    ],
    schemaType: 'RealEstateAgent',
    competition: 'High',
    question: 'what homes in each neighbourhood sell for and how long they take to sell',
  }),
  Retail: playbook({
    customers: 'shoppers',
    modifiers: [
      '{noun} near me',
      'open now',
      'same day pickup',
      'gift shop',
      'locally owned {noun}',
    ],
    schemaType: 'Store',
    competition: 'Medium',
    question: 'what is in stock, the opening hours and parking',
  }),
  Technology: playbook({
    customers: 'businesses',
    modifiers: [
      'computer repair near me',
      'managed IT services for small business',
      'same day laptop repair',
      'data recovery service',
      'IT support company',
    ],
    schemaType: 'ProfessionalService',
    competition: 'Medium',
    question: 'response times, contract terms and what a repair costs',
  }),
  'Travel & Hospitality': playbook({
    customers: 'guests',
    modifiers: [
      '{noun} near downtown',
      'pet friendly {noun}',
      '{noun} with free parking',
      'weekend getaway',
      'boutique {noun}',
    ],
    schemaType: 'LodgingBusiness',
    competition: 'High',
    question: 'what is nearby, parking and check-in times',
  }),
  Other: playbook({
    customers: 'customers',
    modifiers: ['{noun} near me', 'best {noun}', 'open now', 'reviews', 'prices'],
    schemaType: 'LocalBusiness',
    competition: 'Medium',
    question: 'prices, opening hours and how to book',
  }),
}

/** The playbook of the business's category, in the words and places of its country. */
export function categoryPlaybook(
  business: Pick<Business, 'category' | 'country'>,
): CategoryPlaybook {
  const { countries, ...basics } =
    ownValue<CategoryBasics>(CATEGORY_PLAYBOOKS, business.category) ?? CATEGORY_PLAYBOOKS.Other
  const own = countries ? ownValue(countries, business.country) : undefined
  return {
    ...basics,
    // The country's own searches, else the common ones in its words ('houses for sale' in the UK).
    modifiers: own?.modifiers ?? basics.modifiers.map((m) => localWords(m, business.country)),
    question: own?.question ?? basics.question,
    directories: categoryDirectories(business.category, business.country),
  }
}

/** Link sources every local business can earn, whatever its category. */
const LOCAL_LINK_SOURCES = [
  { key: 'chamber', pattern: /chamber/, label: 'the {city} Chamber of Commerce member directory' },
  {
    key: 'news',
    pattern:
      /news|patch\.com|times|herald|gazette|tribune|journal|chronicle|courier|statesman|post\./,
    label: 'local news and community sites (a story, an expert quote or an event listing)',
  },
  {
    key: 'community',
    pattern: /\.org$|\.edu$|school|league|foundation|club|church|charity/,
    label: 'sponsorships of {city} schools, youth sports leagues and charities',
  },
  { key: 'bbb', pattern: /bbb\.org/, label: 'the Better Business Bureau' },
] as const

/** The local link sources of the business's country: the Better Business Bureau is American. */
export function localLinkSources(country: string) {
  return LOCAL_LINK_SOURCES.filter((source) => source.key !== 'bbb' || country === 'US')
}

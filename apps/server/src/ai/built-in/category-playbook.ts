// What local SEO looks like for each business category (docs/product.md §3 categories): the searches people
// make, the directories that matter, the schema.org type. The built-in engine builds its advice
// from this plus the owner's own data. `{noun}` is the category's search noun (categoryTerms).
import type { BusinessCategory } from '@localseo/shared/business'
import type { Level } from '@localseo/shared/ai'
import { ownValue } from '@localseo/shared/own-key'

interface LinkSource {
  name: string
  /** Matched against backlink domains to see whether the business already has this source. */
  domain: string
}

export interface CategoryPlaybook {
  /** Who the business serves, for advice text: 'patients', 'clients'. */
  customers: string
  /** Keyword modifiers that fit the category, as templates with {noun}. */
  modifiers: readonly string[]
  /** Category directories and review sites worth a profile and a link. */
  directories: readonly LinkSource[]
  /** The most specific schema.org LocalBusiness subtype. */
  schemaType: string
  /** How crowded local results usually are for the head term. */
  competition: Level
  /** A question customers ask before choosing, for FAQ and content ideas. */
  question: string
}

const playbook = (p: CategoryPlaybook) => p
const dir = (name: string, domain: string): LinkSource => ({ name, domain })

const CATEGORY_PLAYBOOKS: Readonly<Record<BusinessCategory, CategoryPlaybook>> = {
  'Accounting & Tax Services': playbook({
    customers: 'clients',
    modifiers: [
      '{noun} near me',
      'CPA for small business',
      'tax preparer open Saturday',
      'IRS audit help',
      'bookkeeper for contractors',
    ],
    directories: [
      dir('AICPA and state CPA society directories', 'cpa'),
      dir('Expertise.com', 'expertise.com'),
    ],
    schemaType: 'AccountingService',
    competition: 'Medium',
    question: 'what a tax preparer costs and which documents to bring',
  }),
  Automotive: playbook({
    customers: 'drivers',
    modifiers: [
      '{noun} near me',
      'same day brake repair',
      'check engine light diagnosis',
      'state inspection station',
      'honest mechanic',
    ],
    directories: [
      dir('RepairPal', 'repairpal.com'),
      dir('AAA Approved Auto Repair', 'aaa.com'),
      dir('CarFax service shop listing', 'carfax.com'),
    ],
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
    directories: [
      dir('StyleSeat', 'styleseat.com'),
      dir('Booksy', 'booksy.com'),
      dir('Vagaro', 'vagaro.com'),
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
    directories: [
      dir('Houzz', 'houzz.com'),
      dir('Angi', 'angi.com'),
      dir('Better Business Bureau', 'bbb.org'),
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
      '{noun} that accepts Delta Dental',
      'pediatric {noun}',
      'same day crown',
      'dental implants cost',
    ],
    directories: [
      dir('Healthgrades', 'healthgrades.com'),
      dir('Zocdoc', 'zocdoc.com'),
      dir('ADA Find-a-Dentist', 'ada.org'),
    ],
    schemaType: 'Dentist',
    competition: 'High',
    question: 'which insurance plans are accepted and what counts as a dental emergency',
  }),
  'Education & Tutoring': playbook({
    customers: 'families',
    modifiers: [
      '{noun} near me',
      'SAT prep classes',
      'online math {noun}',
      'reading {noun} for dyslexia',
      'summer tutoring program',
    ],
    directories: [
      dir('Wyzant', 'wyzant.com'),
      dir('Care.com', 'care.com'),
      dir('Varsity Tutors', 'varsitytutors.com'),
    ],
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
    directories: [dir('ClassPass', 'classpass.com'), dir('Mindbody', 'mindbodyonline.com')],
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
    directories: [
      dir('TripAdvisor', 'tripadvisor.com'),
      dir('OpenTable', 'opentable.com'),
      dir('Yelp', 'yelp.com'),
    ],
    schemaType: 'Restaurant',
    competition: 'High',
    question: 'what is on the menu, the opening hours and whether they take reservations',
  }),
  'Healthcare & Medical': playbook({
    customers: 'patients',
    modifiers: [
      'walk-in clinic',
      'urgent care open now',
      '{noun} accepting new patients',
      'same day appointment',
      '{noun} that takes Medicare',
    ],
    directories: [
      dir('Healthgrades', 'healthgrades.com'),
      dir('Zocdoc', 'zocdoc.com'),
      dir('WebMD Care', 'webmd.com'),
    ],
    schemaType: 'MedicalClinic',
    competition: 'High',
    question: 'which insurance is accepted and how soon a new patient can be seen',
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
    directories: [
      dir('Angi', 'angi.com'),
      dir('HomeAdvisor', 'homeadvisor.com'),
      dir('Thumbtack', 'thumbtack.com'),
      dir('Better Business Bureau', 'bbb.org'),
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
      'DUI {noun}',
      'bilingual {noun}',
      '{noun} near me',
    ],
    directories: [
      dir('Avvo', 'avvo.com'),
      dir('Justia', 'justia.com'),
      dir('FindLaw', 'findlaw.com'),
      dir('Martindale-Hubbell', 'martindale.com'),
    ],
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
    directories: [dir('Thomasnet', 'thomasnet.com'), dir('MFG.com', 'mfg.com')],
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
    directories: [
      dir('Clutch', 'clutch.co'),
      dir('UpCity', 'upcity.com'),
      dir('DesignRush', 'designrush.com'),
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
    directories: [
      dir('Rover', 'rover.com'),
      dir('AAHA hospital locator', 'aaha.org'),
      dir('Yelp', 'yelp.com'),
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
    directories: [
      dir('Zillow agent profile', 'zillow.com'),
      dir('Realtor.com', 'realtor.com'),
      dir('Homes.com', 'homes.com'),
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
    directories: [dir('Yelp', 'yelp.com'), dir('Nextdoor business page', 'nextdoor.com')],
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
    directories: [dir('Clutch', 'clutch.co'), dir('Better Business Bureau', 'bbb.org')],
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
    directories: [
      dir('TripAdvisor', 'tripadvisor.com'),
      dir('Booking.com', 'booking.com'),
      dir('Expedia', 'expedia.com'),
    ],
    schemaType: 'LodgingBusiness',
    competition: 'High',
    question: 'what is nearby, parking and check-in times',
  }),
  Other: playbook({
    customers: 'customers',
    modifiers: ['{noun} near me', 'best {noun}', 'open now', 'reviews', 'prices'],
    directories: [dir('Better Business Bureau', 'bbb.org'), dir('Yelp', 'yelp.com')],
    schemaType: 'LocalBusiness',
    competition: 'Medium',
    question: 'prices, opening hours and how to book',
  }),
}

export function categoryPlaybook(category: string): CategoryPlaybook {
  return ownValue<CategoryPlaybook>(CATEGORY_PLAYBOOKS, category) ?? CATEGORY_PLAYBOOKS.Other
}

/** Link sources every local business can earn, whatever its category. */
export const LOCAL_LINK_SOURCES = [
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

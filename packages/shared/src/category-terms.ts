// How people search for each business category (docs/product.md §3 categories): the noun they type and the
// services they look for, as Americans search; categoryTerms gives them in a country's own words
// (local-words.ts). Used by the simulations and the keyword engine.
import type { BusinessCategory } from './business.js'
import { localWords } from './local-words.js'
import { ownValue } from './own-key.js'

export interface CategoryTerms {
  /** What a searcher calls the business: 'dentist', 'plumber'. */
  noun: string
  services: readonly string[]
}

export const CATEGORY_TERMS: Readonly<Record<BusinessCategory, CategoryTerms>> = {
  'Accounting & Tax Services': {
    noun: 'accountant',
    services: ['tax preparation', 'bookkeeping', 'payroll services', 'small business accounting'],
  },
  Automotive: {
    noun: 'auto repair shop',
    services: ['oil change', 'brake repair', 'car inspection', 'transmission repair'],
  },
  'Beauty & Personal Care': {
    noun: 'salon',
    services: ['haircut', 'hair coloring', 'manicure', 'facial'],
  },
  'Construction & Home Improvement': {
    noun: 'contractor',
    services: ['kitchen remodeling', 'bathroom remodel', 'roof repair', 'home addition'],
  },
  Dental: {
    noun: 'dentist',
    services: ['teeth cleaning', 'teeth whitening', 'dental implants', 'emergency dental care'],
  },
  'Education & Tutoring': {
    noun: 'tutor',
    services: ['math tutoring', 'SAT prep', 'reading tutor', 'homework help'],
  },
  'Fitness & Wellness': {
    noun: 'gym',
    services: ['personal training', 'yoga classes', 'group fitness', 'massage therapy'],
  },
  'Food & Restaurant': {
    noun: 'restaurant',
    services: ['takeout', 'catering', 'brunch', 'food delivery'],
  },
  'Healthcare & Medical': {
    noun: 'doctor',
    services: ['urgent care', 'physical exam', 'family medicine', 'walk-in clinic'],
  },
  'Home Services': {
    noun: 'plumber',
    services: ['drain cleaning', 'water heater repair', 'AC repair', 'electrician'],
  },
  'Legal Services': {
    noun: 'lawyer',
    services: ['personal injury lawyer', 'family law attorney', 'estate planning', 'DUI attorney'],
  },
  Manufacturing: {
    noun: 'manufacturer',
    services: [
      'custom fabrication',
      'CNC machining',
      'metal fabrication',
      'contract manufacturing',
    ],
  },
  'Marketing & Advertising': {
    noun: 'marketing agency',
    services: ['SEO services', 'social media marketing', 'web design', 'PPC management'],
  },
  'Pet Services': {
    noun: 'veterinarian',
    services: ['dog grooming', 'pet boarding', 'dog training', 'pet vaccinations'],
  },
  'Real Estate': {
    noun: 'real estate agent',
    services: ['homes for sale', 'home valuation', 'property management', 'buyer agent'],
  },
  Retail: {
    noun: 'store',
    services: ['gift shop', 'local boutique', 'same day pickup', 'sale'],
  },
  Technology: {
    noun: 'IT services company',
    services: ['computer repair', 'managed IT services', 'network setup', 'data recovery'],
  },
  'Travel & Hospitality': {
    noun: 'hotel',
    services: ['hotel deals', 'vacation rental', 'bed and breakfast', 'weekend getaway'],
  },
  Other: {
    noun: 'local business',
    services: ['services', 'consultation', 'appointments', 'pricing'],
  },
}

const fallback: CategoryTerms = CATEGORY_TERMS.Other

/** The category's noun and services in the words of `country` (local-words.ts); US without one. */
export function categoryTerms(category: string, country?: string): CategoryTerms {
  const terms = ownValue<CategoryTerms>(CATEGORY_TERMS, category) ?? fallback
  if (country === undefined) return terms
  return {
    noun: localWords(terms.noun, country),
    services: terms.services.map((s) => localWords(s, country)),
  }
}

// The share of High relevance among the first 50 keyword ideas (the planner's default order) for
// three sample profiles (issue 15 item 5), and whether any idea names another trade. Run with
// `npx tsx --conditions=source bench/keywords/relevance-share.ts`. No build needed.
import { emptyBusiness, type Business } from '@localseo/shared/business'
import {
  describeKeyword,
  generateKeywordIdeas,
  sortKeywords,
} from '@localseo/shared/keyword-engine'

const branch = (id: string, city: string) => ({
  id,
  businessId: 'b',
  name: city,
  address: '1 Main St',
  city,
  state: 'TX',
  zip: '78000',
  country: 'US',
  phone: '',
  pageUrl: '',
})

const profiles: Business[] = [
  {
    ...emptyBusiness,
    id: 'b',
    name: 'Lopez Plumbing',
    category: 'Home Services',
    city: 'Austin',
    state: 'TX',
    services: ['Plumbing', 'Drain Cleaning', 'Water Heater Repair'],
    locations: [branch('l1', 'Round Rock'), branch('l2', 'Pflugerville')],
  },
  {
    ...emptyBusiness,
    id: 'b',
    name: 'Bright Smile Dental',
    category: 'Dental',
    city: 'Austin',
    state: 'TX',
  },
  {
    ...emptyBusiness,
    id: 'b',
    name: 'Denver Family Law',
    category: 'Legal Services',
    city: 'Denver',
    state: 'CO',
    services: ['Divorce Lawyer', 'Child Custody', 'Family Law Attorney'],
  },
]

for (const business of profiles) {
  const ideas = sortKeywords(
    generateKeywordIdeas({ business }).map((k) => describeKeyword(k, business)),
    'volume',
  ).slice(0, 50)
  const high = ideas.filter((k) => k.relevance === 'high').length
  const otherTrade = ideas.filter((k) => /electric|\bac\b|hvac/.test(k.keyword)).length
  console.log(
    `${business.name} (${business.category}): ${high} of ${ideas.length} High (${Math.round((high / ideas.length) * 100)}%), ${otherTrade} naming another trade`,
  )
}

// Built-in content ideas: location-specific, from the category's services and customer questions
// and the chosen location (issue 5).
import type { Business } from '@localseo/shared/business'
import { businessTerms } from '@localseo/shared/business-terms'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { categoryPlaybook } from './category-playbook.js'
import { capitalise, fillTemplate, listPhrase } from './search-terms.js'

export function generateContentIdeasBuiltIn({
  business,
  location,
}: {
  business: Business
  location: ResolvedLocation
}): string[] {
  // The location's country: a UK branch of a US business gets UK words, searches and questions.
  const { noun, services } = businessTerms({ ...business, country: location.country })
  const playbook = categoryPlaybook({ category: business.category, country: location.country })
  const city = location.city || business.city
  const [first, second] = services
  const ideas = [
    `An FAQ page for ${city} ${playbook.customers} answering ${playbook.question}, in the words they use when they call.`,
  ]
  if (first) {
    ideas.push(
      `"${capitalise(first)} in ${city}: what it costs and how to choose a ${noun}": a service page with your prices or price ranges and photos of your own work.`,
    )
  }
  if (second) {
    ideas.push(
      `A short ${city} guide to "${second}": what ${playbook.customers} should know before booking, ending with how to book at ${location.isMain ? business.name : location.name}.`,
    )
  }
  if (!location.isMain) {
    ideas.push(
      `A page for the ${location.name} location: directions from nearby neighbourhoods, parking near ${location.address}, opening hours and the team who works there.`,
    )
  } else if (business.locations.length > 0) {
    const names = business.locations.slice(0, 3).map((l) => l.name)
    ideas.push(
      `One page per location (${listPhrase(names)}), each with its own address, phone, directions and photos, so every branch can rank in its own area.`,
    )
  } else {
    ideas.push(
      `A "Visit us" page with directions, parking and landmarks near ${business.address || 'your address'} in ${city}.`,
    )
  }
  const urgent = playbook.modifiers
    .map((m) => fillTemplate(m, business))
    .find((m) => /emergency|24 hour|same day|open/.test(m))
  if (urgent) {
    ideas.push(
      `A page for people searching "${urgent}" in ${city}: when to call, what happens next and how quickly you can help.`,
    )
  }
  ideas.push(
    `Stories from ${city} ${playbook.customers} (with their permission) about a problem you solved, with before-and-after photos where they fit.`,
  )
  ideas.push(
    `A post about a community event, school or team you support in ${city}, shared with the organisers so they can link back.`,
  )
  return ideas.slice(0, 7)
}

// Tasks that come from real gaps the product already knows about (issue 10 item 5), the spec's fixed
// FAQ task (docs/product.md §4), and a guide for AI suggestions, which arrive without one.
import type { SeoTaskSuggestion } from '@localseo/shared/ai'
import { scoreBacklinks, type ScoredBacklink } from '@localseo/shared/backlink-scores'
import type { Business, Location } from '@localseo/shared/business'
import { findIssues } from '@localseo/shared/dashboard'
import type { TaskCategory } from '@localseo/shared/progress'

export type NewTask = SeoTaskSuggestion & { implementationGuide: string }

const steps = (...lines: string[]) => lines.join('\n')

/** docs/product.md §4: appended when the AI gives nothing usable (a local business FAQ page, medium, content, 35). */
export const FAQ_TASK: NewTask = {
  title: 'Create a local business FAQ page',
  description:
    'Answer the questions customers ask before they choose you (prices, opening hours, areas you serve, parking, how to book) on one page of your website.',
  priority: 'medium',
  category: 'content',
  impact: 'Catches question searches and voice search, and saves you time on the phone.',
  points: 35,
  implementationGuide: steps(
    'For one week, write down every question customers ask by phone, email or at the counter.',
    'Pick the 8-12 most common ones and answer each in two to four plain sentences.',
    'Include local details where they help: the neighbourhoods you serve, parking and the nearest landmarks.',
    'Publish the answers on one page called "Frequently asked questions" and link it from your menu and contact page.',
    'Add FAQPage structured data (schema.org/FAQPage) and test it at search.google.com/test/rich-results.',
    'Review the page every three months and add the new questions you keep hearing.',
  ),
}

/** A starting guide for each category, for suggestions the AI made without one. */
const CATEGORY_GUIDES: Record<TaskCategory, string> = {
  technical: steps(
    'Read the task above and note which pages of your website it affects.',
    'Make the change on one page first (or ask whoever manages your website to), and keep a copy of what it was before.',
    'Check the page on a phone and a computer, and test it at pagespeed.web.dev or search.google.com/test/rich-results where relevant.',
    'Apply the same change to the other pages it affects.',
    'In Google Search Console, request indexing of the changed pages so search engines see them soon.',
  ),
  content: steps(
    'Write down the questions customers ask you about this topic, in their own words.',
    'Draft the page or post with a clear title that names the topic and your city.',
    'Answer plainly, add your own photos, and end with one next step (call, book or visit).',
    'Publish it, link to it from a related page of your website, and share it on your Google Business Profile.',
    'After a month, check in Search Console which searches find it, and improve the answer they were looking for.',
  ),
  listings: steps(
    'Write down your official name, address and phone exactly as on your website.',
    'Sign in to the listing (claim it first if needed; most sites verify by phone or post).',
    'Fill in every field, using exactly that name, address and phone, and add categories, hours and photos.',
    'Save, then view the public listing signed out to check it shows what you entered.',
    'Add the site to your list of listings to re-check every three months.',
  ),
  reputation: steps(
    'Decide who to ask or approach and write a short, friendly message you can reuse.',
    'Send it at a good moment (just after a job well done, or when you can offer something useful).',
    'Follow up once after a week if there is no answer.',
    'Thank everyone who helps, publicly where you can, and reply to every review.',
    'Keep a simple log of what you sent and what came of it, and repeat what works.',
  ),
}

export function withGuide(task: SeoTaskSuggestion): NewTask {
  return { ...task, implementationGuide: CATEGORY_GUIDES[task.category] }
}

/** The owner has no website: one page is enough to start. */
function websiteTask(business: Business): NewTask {
  // Same title as the AI engine's task, so the two never both appear.
  return {
    title: 'Give your business a website',
    description: `A one-page site with your services, ${business.city} address, phone and hours is enough to start; add it to your Google Business Profile.`,
    priority: 'high',
    category: 'technical',
    impact: 'Most local rankings need a website to point to.',
    points: 60,
    implementationGuide: steps(
      'Register a domain that matches your business name (for example at your website builder or a registrar).',
      'Pick a simple website builder and a plain template; one page is enough to start.',
      `Add what you do, the services you offer, your ${business.city} address, phone, opening hours and a few real photos.`,
      'Make the phone number a tap-to-call link and add a Google Map of your address.',
      'Add the website address to your business information in Settings and to your Google Business Profile.',
    ),
  }
}

/** A branch without its own number shows the main one everywhere. */
function locationPhoneTask(location: Location): NewTask {
  return {
    title: `Add a phone number for ${location.name}`,
    description: `${location.name} has no phone number of its own, so listings show your main number. Give the branch its own number and use it everywhere it is listed.`,
    priority: 'medium',
    category: 'listings',
    impact: 'Each branch can be called directly and ranks as its own place.',
    points: 30,
    implementationGuide: steps(
      `Get a local phone number for ${location.name} that staff at that branch answer.`,
      'Add it to the location in Settings so every screen uses the same number.',
      `Put it on the Google Business Profile of ${location.name} and on its page of your website.`,
      'Update the branch on Yelp, Bing Places, Apple Business Connect and any other listing.',
      'Call the number yourself from a listing to check it rings at the right place.',
    ),
  }
}

/** A ZIP code that does not belong to the state: listings disagree and the map pin moves. */
function addressTask(business: Business, issue: { description: string }, placeId: string): NewTask {
  const name =
    placeId === 'main'
      ? business.name
      : (business.locations.find((l) => l.id === placeId)?.name ?? business.name)
  return {
    title: `Correct the address of ${name}`,
    description: `${issue.description} A wrong address makes your listings disagree with each other and can put you in the wrong place on the map.`,
    priority: 'high',
    category: 'listings',
    impact: 'Correct, consistent addresses build trust with search engines.',
    points: 40,
    implementationGuide: steps(
      'Look the address up on the postal service website to get the official ZIP code and state.',
      'Correct it in Settings.',
      'Correct it on your Google Business Profile and on your website.',
      'Search for your business name and fix every directory that still shows the old address.',
    ),
  }
}

/** Few or no links from the business's own city. */
function localLinksTask(
  business: Business,
  linkCount: number,
  localRelevanceScore: number,
): NewTask {
  return {
    // Same title as the AI engine's task for weak local links.
    title: `Earn links from ${business.city} organisations`,
    description:
      linkCount === 0
        ? `No website links to you yet. Start with local organisations in ${business.city}: the chamber of commerce, business associations, charities and events you support.`
        : `Your local relevance score is ${localRelevanceScore}/100: few of your links come from ${business.city} sites. Ask local organisations you work with to link to you.`,
    priority: 'medium',
    category: 'reputation',
    impact: 'Local links tell search engines where you belong.',
    points: 50,
    implementationGuide: steps(
      `List ${business.city} organisations you already have a relationship with: suppliers, charities, schools, sports clubs, event organisers.`,
      'Check which of them have a website page listing partners, members or sponsors.',
      'Ask for a listing with a link to your website, offering something in return where it fits (a sponsorship, a testimonial, a useful article).',
      'Join the local chamber of commerce or a business association whose directory links to members.',
      'Add each new link in the Backlink Monitor so you can see your local relevance score grow.',
    ),
  }
}

/** Tasks for gaps in the owner's own data: the dashboard's issues and weak local backlinks. */
export function gapTasks(business: Business, backlinks: readonly ScoredBacklink[]): NewTask[] {
  const tasks: NewTask[] = []
  for (const issue of findIssues(business)) {
    if (issue.id === 'website-missing') tasks.push(websiteTask(business))
    const phoneGap = /^location-phone-missing:(.+)$/.exec(issue.id)
    const location = business.locations.find((l) => l.id === phoneGap?.[1])
    if (location) tasks.push(locationPhoneTask(location))
    const zipGap = /^zip-state-mismatch:(.+)$/.exec(issue.id)
    if (zipGap?.[1]) tasks.push(addressTask(business, issue, zipGap[1]))
  }
  const scores = scoreBacklinks({
    backlinks,
    city: business.city,
    state: business.state,
    category: business.category,
  })
  if (backlinks.length === 0 || scores.localRelevanceScore < 40) {
    tasks.push(localLinksTask(business, backlinks.length, scores.localRelevanceScore))
  }
  return tasks
}

// The starter tasks a new business gets (docs/product.md §7 "Seed on app load"): the five the product
// names plus four more, each with a step-by-step guide.
import { businessTerms } from '@localseo/shared/business-terms'
import { citationSources } from '@localseo/shared/local-places'
import type { Tx } from '../../db/client.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { businessHasRows } from '../../lib/tenant.js'

interface StarterBusiness {
  id: string
  name: string
  city: string
  category: string
  country: string
  services: readonly string[]
}

// A data table: the nine starter tasks with their guides, in the order they are shown.
// eslint-disable-next-line max-lines-per-function
function starterTasks(business: StarterBusiness) {
  // The business's own words and its country's directories (issue 32 items 6 and 7).
  const { noun, services } = businessTerms(business)
  const service = services[0] ?? 'your main service'
  const directories = citationSources(business.category, business.country).slice(0, 3)
  // Issue 10: the 5 docs/product.md §7 rows (50, 75, 50, 40, 60) plus 4 more (45, 35, 30, 25), each with a
  // step-by-step guide an owner can follow without an agency. One step per line.
  return [
    {
      title: 'Complete your Google Business Profile',
      description:
        'Fill in every field of your Google Business Profile: categories, hours, services, photos and a description that says what you do and where.',
      priority: 'high' as const,
      category: 'listings' as const,
      impact: 'Complete profiles show up more often in the local map results.',
      points: 50,
      guide: [
        'Sign in at business.google.com with the Google account that owns your profile (claim and verify it first if you have not).',
        `Set the most specific primary category you can (for example "${noun}"), then add up to a few secondary categories for other services you really offer.`,
        'Enter your opening hours, including special hours for public holidays, so Google never shows you as open when you are closed.',
        `Add each service you offer, such as ${service}, with a one-line description and a price range if you can.`,
        `Write a 500-750 character description that says what you do, who you help and that you serve ${business.city}. No links or offers in it.`,
        'Upload at least ten real photos: outside the building (so people recognise it), inside, your team and your work. Add new ones every month.',
        'Check the website and phone fields match your website exactly, then review the profile in Google Maps on your phone.',
      ],
    },
    {
      title: 'Ask happy customers for Google reviews',
      description:
        'Send a short review link to customers after each visit and reply to every review, good or bad, within a few days.',
      priority: 'high' as const,
      category: 'reputation' as const,
      impact: 'Review count and rating are among the strongest local ranking signals.',
      points: 75,
      guide: [
        'In your Google Business Profile choose "Ask for reviews" and copy your short review link.',
        'Save the link as a text snippet on your phone and in your email signature, and put it on a QR code at the counter.',
        'Ask in person at the moment the customer is happiest (a finished job, a thank-you), then send the link the same day.',
        `Suggest they mention the service they had and ${business.city}; never write reviews for them or offer rewards for reviews, which breaks Google's rules.`,
        'Reply to every review within two business days: thank people by name, and answer complaints calmly with an offer to fix things offline.',
        'Set a goal (for example two new reviews a week) and check it every Friday.',
      ],
    },
    {
      title: 'Add LocalBusiness schema markup to your website',
      description:
        'Add structured data with your name, address, phone, hours and geo-coordinates to your home and contact pages.',
      priority: 'medium' as const,
      category: 'technical' as const,
      impact: 'Helps search engines connect your website to your business profile.',
      points: 50,
      guide: [
        'Open schema.org/LocalBusiness and pick the most specific type for your business (for example Dentist, Plumber or Restaurant).',
        'Write a JSON-LD block with your exact business name, street address, city, state or region, ZIP or postcode, phone, opening hours, website URL and logo.',
        'Add your latitude and longitude (right-click your building in Google Maps to copy them) and links to your profiles under "sameAs".',
        'Paste the block into the <head> of your home page and contact page; most website builders have a "custom code" or "header scripts" box.',
        'Test the page at search.google.com/test/rich-results and fix every error it lists.',
        'Whenever your hours, phone or address change, update the markup on the same day.',
      ],
    },
    {
      // Same title as the AI engine's task, so generating never adds it a second time.
      title: 'Keep name, address and phone identical everywhere',
      description:
        'Check that directories such as Yelp, Bing Places and Apple Business Connect show exactly the same name, address and phone as your website.',
      priority: 'medium' as const,
      category: 'listings' as const,
      impact: 'Consistent citations build trust with search engines.',
      points: 40,
      guide: [
        'Write down your official name, address and phone exactly as they appear on your website (this is your "NAP").',
        `Search Google for your business name plus ${business.city} and list every directory that shows you: Yelp, Bing Places, Apple Business Connect, Facebook, ${directories.join(', ')} and industry sites.`,
        'Open each listing and compare it letter by letter: "St" versus "Street", suite numbers, old phone numbers and old names all count as differences.',
        'Claim the listings you do not control yet (most send a code by phone or post) and correct them.',
        'Keep a simple spreadsheet of each site, its login and the date you checked it, and repeat the check every three months.',
      ],
    },
    {
      title: `Write a page for customers in ${business.city}`,
      description: `Create a page about your services for people in ${business.city}: mention neighbourhoods you serve, directions, parking and local questions people ask a ${noun}.`,
      priority: 'medium' as const,
      category: 'content' as const,
      impact: 'Location pages help you rank for searches that name your city.',
      points: 60,
      guide: [
        `Create a new page with a title such as "${noun.charAt(0).toUpperCase()}${noun.slice(1)} in ${business.city}" and a matching address (URL) on your website.`,
        `Open with two or three sentences on what you offer people in ${business.city} and which neighbourhoods or nearby towns you serve.`,
        'Add practical details only a local business knows: landmarks near you, parking, public transport and the best route in.',
        `Answer three or four questions locals ask a ${noun}, in your own words, and add real photos taken in the area.`,
        'Embed a Google Map of your address and repeat your name, address and phone exactly as on your listings.',
        'Link to the page from your home page and menu, then submit it in Google Search Console so it is found quickly.',
      ],
    },
    {
      title: 'Make your website fast on mobile phones',
      description:
        'Most local searches happen on a phone. Test your home page on mobile and fix what makes it slow or awkward to use.',
      priority: 'medium' as const,
      category: 'technical' as const,
      impact: 'Fast, easy pages keep visitors and are favoured in mobile results.',
      points: 45,
      guide: [
        'Run your home page through pagespeed.web.dev and note the mobile score and the top three suggestions.',
        'Compress large photos (squoosh.app is free) and resize them to the width they are shown at; images are usually the biggest cost.',
        'Remove plugins, pop-ups, chat widgets and sliders you do not need; each one adds code every visitor downloads.',
        'Make your phone number a tap-to-call link and your address a link to Google Maps.',
        'Open the site on your own phone: text should be readable without zooming and buttons big enough to tap.',
        'Run the test again and keep a note of the score so you can check it after every redesign.',
      ],
    },
    {
      title: `Publish a seasonal tips article for ${business.city} customers`,
      description: `Write a short, genuinely useful article on what ${noun} customers in ${business.city} should know this season, and share it on your profile and social pages.`,
      priority: 'low' as const,
      category: 'content' as const,
      impact: 'Fresh, local content earns visits, links and trust.',
      points: 35,
      guide: [
        'List the questions customers ask you most at this time of year; pick the one you hear most often.',
        `Write 500-800 words answering it plainly, with a tip or two that only someone working in ${business.city} would know.`,
        'Add one or two of your own photos and a clear next step at the end (call, book or visit).',
        'Give it a descriptive title that contains the topic and your city, and link to it from your services page.',
        'Share it as a Google Business Profile update and on your social pages, and note the date to write the next one in three months.',
      ],
    },
    {
      title: `Join the ${business.city} chamber of commerce or a local business group`,
      description:
        'Membership in local organisations usually comes with a directory listing that links to your website, plus referrals from other members.',
      priority: 'low' as const,
      category: 'reputation' as const,
      impact: 'Local links tell search engines which area you belong to.',
      points: 30,
      guide: [
        `Search for "${business.city} chamber of commerce", local business associations and trade groups for your industry.`,
        "Check each member directory: choose groups whose listings link to members' websites.",
        'Join one, and fill in the member profile with the same name, address and phone as everywhere else plus your website address.',
        'Offer something useful to the group (a talk, a sponsorship of a local event, a guest article) to earn mentions on their site.',
        'Check a month later that the link to your website works, and add the group to your list of listings to review.',
      ],
    },
    {
      title: 'Post a weekly update on your Google Business Profile',
      description:
        'Share offers, news, events or recent work as posts with a photo once a week, so your profile stays fresh and gives people a reason to call.',
      priority: 'low' as const,
      category: 'listings' as const,
      impact: 'Active profiles get more views and more calls.',
      points: 25,
      guide: [
        'Pick a day and a time each week for your post, and put it in your calendar.',
        'In your Google Business Profile choose "Add update" and add a real photo of your work, team or premises.',
        'Write 2-4 short sentences: what is new, why it matters to the customer, and what to do next.',
        'Add a button such as "Call now" or "Book", pointing to the right page.',
        'Once a month look at the profile performance report and repeat the kind of post that brought the most calls.',
      ],
    },
  ].map(({ guide, ...task }) => ({
    ...task,
    implementationGuide: guide.join('\n'),
    businessId: business.id,
    status: 'pending' as const,
  }))
}

/** Adds the starter tasks when the business has none yet; inside the caller's transaction. */
export async function seedStarterTasks(tx: Tx, business: StarterBusiness, now: Date) {
  if (await businessHasRows(tx, recommendations, business.id)) return
  // Milliseconds apart, so tasks of equal priority list in the order written here.
  await tx.insert(recommendations).values(
    starterTasks(business).map((task, i) => ({
      ...task,
      createdAt: new Date(now.getTime() + i),
    })),
  )
}

import { Lightbulb, Swords } from 'lucide-react'
import { TipCard } from './tip-card'

const linkBuildingTips = [
  'Claim and complete your profiles on local directories and your chamber of commerce; each is a trusted local link.',
  'Sponsor a school team, charity run or community event: organisers usually thank sponsors with a link.',
  'Offer a short expert quote or guide to local news sites and bloggers writing about your field.',
  'Partner with nearby businesses you already refer customers to and link to each other’s pages.',
  'Publish something worth citing: a local price guide, a seasonal checklist, or answers to common questions.',
  'Ask suppliers and manufacturers whose products you use to list you as a local stockist or installer.',
]

const competitorTips = [
  'Search for your main service and city; note the top three competitors you see in the map pack.',
  'Look up which directories, associations and local news sites list those competitors, then get listed there too.',
  'Check whose events, sponsorships and community pages mention competitors but not you yet.',
  'Read the anchor texts competitors earn: they show which services and places to mention in your outreach.',
  'Re-check every few months: new competitor links point to fresh opportunities in your area.',
]

/** docs/product.md §2: static link-building tips and competitor analysis tips for a local business. */
export function BacklinkTips() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <TipCard icon={Lightbulb} title="Link Building Tips" tips={linkBuildingTips} />
      <TipCard icon={Swords} title="Competitor Analysis Tips" tips={competitorTips} />
    </div>
  )
}

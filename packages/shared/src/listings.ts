// Local listings and citations (docs/product.md §2 Local Listings, §3 Listing/Citation; issue 9). The starting
// data is a deterministic sample that reproduces the spec's warning (3 inconsistent platforms for the
// main business, 4 for a location); every platform the owner records replaces its sample, and the
// consistency is then computed for real with the NAP rules of nap.ts.
import { z } from 'zod'
import { singleLineText } from './single-line.js'
import type { Business } from './business.js'
import { resolveLocation } from './location-selection.js'
import { compareNap, formatAddress, type Nap } from './nap.js'
import { seededRandom } from './random.js'
import { citationSources, platformUrl } from './local-places.js'

export const LISTING_PLATFORMS = [
  'Google Business Profile',
  'Yelp',
  'Facebook',
  'Bing Places',
  'Apple Business Connect',
] as const

/** Every platform Local Listings shows for a business or location of this category in this country. */
export function platformsFor(category: string, country: string): string[] {
  return [...LISTING_PLATFORMS, ...citationSources(category, country)]
}

export const LISTING_STATUSES = ['verified', 'claimed', 'unclaimed'] as const
export type ListingStatus = (typeof LISTING_STATUSES)[number]

/** What the owner records for one platform, exactly as the platform shows it. */
export const listingRecordInputSchema = z.object({
  platform: singleLineText('Platform').min(1).max(60),
  location: z.string().trim().max(100).optional(),
  url: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), {
      message: 'Enter the listing address, starting with https://',
    })
    .default(''),
  status: z.enum(LISTING_STATUSES).optional(),
  listed: z.boolean().default(true),
  name: singleLineText('Name').max(200).default(''),
  address: singleLineText('Address').max(300).default(''),
  phone: singleLineText('Phone').max(40).default(''),
})
export type ListingRecordInput = z.input<typeof listingRecordInputSchema>

export interface ListingRecord {
  platform: string
  url: string
  status: ListingStatus | null
  listed: boolean
  name: string
  address: string
  phone: string
  /** YYYY-MM-DD */
  updatedOn: string
}

const napSchema = z.object({ name: z.string(), address: z.string(), phone: z.string() })

export const listingEntrySchema = z.object({
  platform: z.string(),
  kind: z.enum(['listing', 'citation']),
  /** 'none': nothing recorded and the owner removed the sample data (issue 15 item 2). */
  source: z.enum(['sample', 'recorded', 'none']),
  /** Listings only. */
  status: z.enum(LISTING_STATUSES).nullable(),
  /** Citations: listed or not. Listings are always listed. */
  listed: z.boolean(),
  napConsistency: z.enum(['consistent', 'inconsistent', 'n/a']),
  /** The NAP differences in words, plus a note when a listing is not claimed. */
  issues: z.array(z.string()),
  lastUpdated: z.string(),
  url: z.string(),
  shown: napSchema,
})
export type ListingEntry = z.infer<typeof listingEntrySchema>

export const listingsViewSchema = z.object({
  profile: napSchema.extend({ label: z.string() }),
  listings: z.array(listingEntrySchema),
  citations: z.array(listingEntrySchema),
  /** How many platforms show a name, address or phone that differs from the profile. */
  inconsistentCount: z.number(),
  /** True while any platform still shows sample data. */
  hasSampleData: z.boolean(),
})
export type ListingsView = z.infer<typeof listingsViewSchema>

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/** A realistic wrong value for one field: an old number, a different suite, a longer name. */
function driftedNap(profile: Nap, field: keyof Nap, pick: number): Nap {
  if (field === 'phone') {
    const digits = profile.phone.replace(/\D/g, '')
    const last = digits.slice(-2)
    const changed = String((Number(last) + 11 + pick) % 100).padStart(2, '0')
    return { ...profile, phone: `${profile.phone.slice(0, -2)}${changed}` }
  }
  if (field === 'address') {
    const moved = profile.address.replace(/^(\d+)/, (n) => String(Number(n) + 10 + pick))
    return {
      ...profile,
      address: moved === profile.address ? `Suite ${100 + pick}, ${moved}` : moved,
    }
  }
  return {
    ...profile,
    name: `${profile.name} ${['Office', 'Clinic', 'Center', 'Studio'][pick % 4]}`,
  }
}

function sampleEntries(opts: {
  businessId: string
  locationId: string
  category: string
  country: string
  profile: Nap
  today: string
}): Map<string, { shown: Nap; status: ListingStatus; listed: boolean; lastUpdated: string }> {
  const random = seededRandom('listings', opts.businessId, opts.locationId)
  const citations = citationSources(opts.category, opts.country)
  const listedCitations = new Set(citations.filter((_, i) => i < 3 || random.next() < 0.6))
  // docs/product.md §2: the warning names 3 platforms for the business itself and 4 for a location.
  const candidates = [...LISTING_PLATFORMS, ...citations.filter((c) => listedCitations.has(c))]
  const inconsistentCount = opts.locationId === 'main' ? 3 : 4
  const shuffled = [...candidates]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    ;[shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string]
  }
  const inconsistent = new Set(shuffled.slice(0, inconsistentCount))

  const result = new Map<
    string,
    { shown: Nap; status: ListingStatus; listed: boolean; lastUpdated: string }
  >()
  for (const platform of [...LISTING_PLATFORMS, ...citations]) {
    const field = random.pick(['phone', 'address', 'name'] as const)
    result.set(platform, {
      shown: inconsistent.has(platform)
        ? driftedNap(opts.profile, field, random.int(0, 9))
        : opts.profile,
      status: platform === 'Google Business Profile' ? 'verified' : random.pick(LISTING_STATUSES),
      listed:
        (LISTING_PLATFORMS as readonly string[]).includes(platform) ||
        listedCitations.has(platform),
      lastUpdated: addDays(opts.today, -random.int(3, 150)),
    })
  }
  return result
}

/** A platform with nothing recorded and no sample: no status, no NAP, nothing to compare. */
function unrecorded(platform: string, kind: ListingEntry['kind']): ListingEntry {
  return {
    platform,
    kind,
    source: 'none',
    status: null,
    listed: false,
    napConsistency: 'n/a',
    issues: [],
    lastUpdated: '',
    url: platformUrl(platform),
    shown: { name: '', address: '', phone: '' },
  }
}

/** The Local Listings screen for the business or one of its locations. */
export function buildListingsView(opts: {
  business: Business
  locationId?: string | null
  records: ListingRecord[]
  /** YYYY-MM-DD */
  today: string
  /** False once the owner removed the sample data: unrecorded platforms show nothing invented. */
  samples?: boolean
}): ListingsView {
  const { business } = opts
  const location = resolveLocation(business, opts.locationId)
  const profile: Nap = {
    // Directories list the brand, so the NAP name is the business name for every location.
    name: business.name,
    address: formatAddress(location),
    phone: location.phone,
  }
  const samples = sampleEntries({
    businessId: business.id,
    locationId: location.id,
    category: business.category,
    country: location.country,
    profile,
    today: opts.today,
  })
  const recorded = new Map(opts.records.map((r) => [r.platform, r]))

  const entry = (platform: string, kind: ListingEntry['kind']): ListingEntry => {
    const record = recorded.get(platform)
    if (!record && opts.samples === false) return unrecorded(platform, kind)
    const sample = samples.get(platform)
    const shown = record
      ? { name: record.name, address: record.address, phone: record.phone }
      : sample!.shown
    const listed = kind === 'listing' ? true : (record?.listed ?? sample!.listed)
    const status = kind === 'listing' ? (record?.status ?? sample!.status) : null
    const differences = listed ? compareNap(shown, profile, platform, location.country) : []
    const issues = differences.map((d) => d.message)
    if (status === 'unclaimed') issues.push(`${platform} listing is not claimed yet`)
    return {
      platform,
      kind,
      source: record ? 'recorded' : 'sample',
      status,
      listed,
      napConsistency: !listed ? 'n/a' : differences.length > 0 ? 'inconsistent' : 'consistent',
      issues,
      lastUpdated: record?.updatedOn ?? sample!.lastUpdated,
      url: record?.url || platformUrl(platform),
      shown,
    }
  }

  const listings = LISTING_PLATFORMS.map((p) => entry(p, 'listing'))
  const citations = citationSources(business.category, location.country).map((c) =>
    entry(c, 'citation'),
  )
  const all = [...listings, ...citations]
  return {
    profile: { ...profile, label: location.label },
    listings,
    citations,
    inconsistentCount: all.filter((e) => e.napConsistency === 'inconsistent').length,
    hasSampleData: all.some((e) => e.source === 'sample'),
  }
}

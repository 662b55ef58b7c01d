// Local checks: the home page and each location's page against the business profile, compared the
// way the listings screen compares NAP (packages/shared/src/nap.ts).
import { businessTerms } from '@localseo/shared/business-terms'
import { CATEGORY_TERMS } from '@localseo/shared/category-terms'
import type { Business } from '@localseo/shared/business'
import { ownValue } from '@localseo/shared/own-key'
import {
  compareNap,
  formatAddress,
  normalizeAddress,
  normalizeName,
  normalizePhone,
} from '@localseo/shared/nap'
import { toCountryCode } from '@localseo/shared/countries'
import { findPhoneNumbersInText } from 'libphonenumber-js/max'
import type { CrawledPage, CrawlResult } from '../crawl-result.js'
import type { PageFacts } from '../html.js'
import type { LocalBusinessMarkup } from '../structured-data.js'
import type { CheckId, Findings, IssuePage } from './catalogue.js'

export interface ProfilePlace {
  /** null for the business itself. */
  id: string | null
  name: string
  address: string
  city: string
  state: string
  zip: string
  /** ISO 3166-1 alpha-2: phones and addresses are read in it. */
  country: string
  phone: string
}

export interface AuditProfile {
  name: string
  category: string
  /** 'Services you offer' (issue 15 item 5): the title/H1 check looks for one of them. */
  services?: readonly string[]
  website: string
  /** The business's own address first, then each extra location. */
  places: ProfilePlace[]
}

export function auditProfileFrom(business: Business): AuditProfile {
  const main: ProfilePlace = {
    id: null,
    name: business.name,
    address: business.address,
    city: business.city,
    state: business.state,
    zip: business.zip,
    country: business.country,
    phone: business.phone,
  }
  return {
    name: business.name,
    category: business.category,
    services: business.services,
    website: business.website,
    places: [
      main,
      ...business.locations.map((l) => ({
        id: l.id,
        name: l.name,
        address: l.address,
        city: l.city,
        state: l.state,
        zip: l.zip,
        country: l.country,
        // docs/product.md §4: a location without a phone uses the business phone.
        phone: l.phone || business.phone,
      })),
    ],
  }
}

/** Near-duplicate location pages share at least this much of their text (3-word shingles). */
const NEAR_DUPLICATE_SIMILARITY = 0.8
const SCHEMA_SOURCE = 'your page markup'

type ReadablePage = CrawledPage & { facts: PageFacts }

const push = (findings: Findings, id: CheckId, page: IssuePage) => {
  ;(findings[id] ??= []).push(page)
}

const padded = (text: string) => ` ${text} `

/** Whether the text names the place's street, both read in the place's country. */
function namesStreet(text: string, place: ProfilePlace): boolean {
  const street = normalizeAddress(place.address, place.country)
  return street !== '' && padded(normalizeAddress(text, place.country)).includes(padded(street))
}

function showsAddress(facts: PageFacts, place: ProfilePlace): boolean {
  return namesStreet(facts.text, place)
}

/** The numbers a page shows, national ones read in the place's country. */
function phonesIn(facts: PageFacts, country: string): string[] {
  const code = toCountryCode(country) ?? 'US'
  return findPhoneNumbersInText(facts.text, code).map((found) => found.number.number)
}

/**
 * What a title or H1 may name: the search noun and services of the business (business-terms.ts) in
 * the words of the place's country first, then the American ones ('solicitor', then 'lawyer').
 */
function serviceTerms(profile: AuditProfile, country: string): string[] {
  if (!ownValue(CATEGORY_TERMS, profile.category)) return []
  const terms = [businessTerms({ ...profile, country }), businessTerms(profile)]
  const words = profile.category
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 3)
  const all = [...terms.flatMap((t) => [t.noun, ...t.services]), ...words]
  return [...new Set(all.map((t) => t.toLowerCase()))]
}

function mentions(text: string, term: string): boolean {
  return padded(normalizeName(text)).includes(padded(normalizeName(term)))
}

/** The markup that describes this place: the one with its address, else the first. */
function markupFor(markups: LocalBusinessMarkup[], place: ProfilePlace) {
  return markups.find((m) => namesStreet(m.address, place)) ?? markups[0]
}

function schemaFindings(
  page: ReadablePage,
  place: ProfilePlace,
  profile: AuditProfile,
  findings: Findings,
) {
  const url = page.finalUrl
  const markup = markupFor(page.facts.structuredData.localBusinesses, place)
  if (!markup) {
    push(findings, 'local-schema-missing', { url })
    return
  }
  const missing = [!markup.name && 'name', !markup.address && 'address'].filter(Boolean)
  if (missing.length > 0)
    push(findings, 'local-schema-required', { url, detail: `missing: ${missing.join(', ')}` })
  const recommended = [
    !markup.telephone && 'telephone',
    !markup.url && 'url',
    !markup.hasGeo && 'geo',
    !markup.hasHours && 'opening hours',
  ].filter(Boolean)
  if (recommended.length > 0) {
    push(findings, 'local-schema-recommended', {
      url,
      detail: `missing: ${recommended.join(', ')}`,
    })
  }
  schemaNapFindings(url, markup, place, profile, findings)
}

/** The name, address and phone of the markup against the place's, each difference named. */
function schemaNapFindings(
  url: string,
  markup: LocalBusinessMarkup,
  place: ProfilePlace,
  profile: AuditProfile,
  findings: Findings,
) {
  const profileNap = { name: place.name, address: formatAddress(place), phone: place.phone }
  const differences = compareNap(
    { name: markup.name, address: markup.address, phone: markup.telephone },
    profileNap,
    SCHEMA_SOURCE,
    place.country,
  ).filter((d) => d.listed !== '')
  // A location page may name the business itself rather than the branch.
  const named = [place.name, profile.name].some(
    (n) => normalizeName(n) === normalizeName(markup.name),
  )
  const real = differences.filter((d) => d.field !== 'name' || !named)
  if (real.length > 0) {
    push(findings, 'schema-nap-mismatch', { url, detail: real.map((d) => d.message).join('; ') })
  }
}

/**
 * Every other crawled page with LocalBusiness markup (a footer on each page, a branch page found by
 * the crawl) is held to the profile too (issue 15 item 6): its markup is read against the place
 * whose street it names, else the business itself.
 */
function otherPagesSchemaNap(
  pages: ReadablePage[],
  checked: Set<ReadablePage>,
  profile: AuditProfile,
  findings: Findings,
) {
  const main = profile.places.find((place) => place.id === null)
  for (const page of pages) {
    if (checked.has(page)) continue
    for (const markup of page.facts.structuredData.localBusinesses) {
      const place = profile.places.find((p) => namesStreet(markup.address, p)) ?? main
      if (place) schemaNapFindings(page.finalUrl, markup, place, profile, findings)
    }
  }
}

function visibleNapFindings(
  page: ReadablePage,
  place: ProfilePlace,
  profile: AuditProfile,
  findings: Findings,
) {
  const url = page.finalUrl
  const { facts } = page
  const missing: string[] = []
  if (![place.name, profile.name].some((n) => n.trim() && mentions(facts.text, n)))
    missing.push('name')
  if (place.address.trim() && !showsAddress(facts, place)) missing.push('address')
  const phone = place.phone.trim() ? normalizePhone(place.phone, place.country) : ''
  if (phone) {
    const shown = phonesIn(facts, place.country)
    if (shown.length === 0) missing.push('phone')
    else if (!shown.includes(phone)) {
      const others = [...new Set(shown)].join(', ')
      push(findings, 'visible-phone-mismatch', {
        url,
        detail: `shows ${others}; your profile has ${place.phone}`,
      })
    }
    const tels = facts.telLinks.map((href) =>
      normalizePhone(decodeURIComponent(href.slice(4)), place.country),
    )
    if (!tels.includes(phone)) {
      const detail =
        tels.length === 0
          ? 'no tel: link'
          : `tel: link calls ${tels.join(', ')}, not ${place.phone}`
      push(findings, 'tel-link-missing', { url, detail })
    }
  }
  if (missing.length > 0)
    push(findings, 'nap-not-visible', { url, detail: `not found: ${missing.join(', ')}` })
  if (!facts.hasMap && !facts.hasDirectionsLink) push(findings, 'map-missing', { url })
}

function cityCategoryFindings(
  page: ReadablePage,
  place: ProfilePlace,
  profile: AuditProfile,
  findings: Findings,
) {
  const terms = serviceTerms(profile, place.country)
  const problems: string[] = []
  const parts = { title: page.facts.titles[0] ?? '', H1: page.facts.h1s.join(' ') }
  for (const [label, text] of Object.entries(parts)) {
    if (place.city.trim() && !mentions(text, place.city))
      problems.push(`${label} lacks the city "${place.city}"`)
    if (terms.length > 0 && !terms.some((t) => mentions(text, t))) {
      problems.push(`${label} lacks a service such as "${terms[0]}"`)
    }
  }
  if (problems.length > 0)
    push(findings, 'city-category-missing', { url: page.finalUrl, detail: problems.join('; ') })
}

function shingles(text: string, stopWords: Set<string>): Set<string> {
  const words = normalizeName(text)
    .split(' ')
    .filter((w) => w && !stopWords.has(w))
  const out = new Set<string>()
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
  return out
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let shared = 0
  for (const s of a) if (b.has(s)) shared++
  return shared / (a.size + b.size - shared)
}

export function localChecks(crawl: CrawlResult, profile: AuditProfile): Findings {
  const findings: Findings = {}
  const readable = crawl.pages.filter((p): p is ReadablePage =>
    Boolean(p.facts && !p.facts.needsJavaScript),
  )
  const startPage = (id: string | null) => readable.find((p) => p.startFor.includes(id))
  const withAddress = (place: ProfilePlace) => readable.filter((p) => showsAddress(p.facts, place))
  const extraPlaces = profile.places.filter((p) => p.id !== null)

  // The page of each place: its start page, else a page showing its address and no other branch's.
  const pageOf = new Map<string | null, ReadablePage>()
  for (const place of profile.places) {
    const start = startPage(place.id)
    const byAddress = withAddress(place).filter(
      (p) =>
        place.id === null ||
        !extraPlaces.some((o) => o.id !== place.id && showsAddress(p.facts, o)),
    )
    const found = start ?? byAddress[0]
    if (found) pageOf.set(place.id, found)
    if (!place.address.trim()) continue
    if (withAddress(place).length === 0) {
      push(findings, 'location-page-missing', {
        url: profile.website || crawl.startUrls[0]?.url || '',
        detail: `${place.name}: no page shows ${formatAddress(place)}`,
      })
    }
  }

  const checked = new Set<ReadablePage>()
  for (const place of profile.places) {
    const page = startPage(place.id)
    if (!page) continue
    checked.add(page)
    schemaFindings(page, place, profile, findings)
    visibleNapFindings(page, place, profile, findings)
    cityCategoryFindings(page, place, profile, findings)
  }
  otherPagesSchemaNap(readable, checked, profile, findings)

  // Near-duplicate branch pages: compare their text with every place's own words taken out.
  const placeWords = new Set(
    profile.places.flatMap((p) =>
      normalizeName(`${p.name} ${p.city} ${p.address} ${p.zip} ${p.state}`).split(' '),
    ),
  )
  const branchPages = extraPlaces
    .map((place) => pageOf.get(place.id))
    .filter((p, i, all): p is ReadablePage => Boolean(p) && all.indexOf(p) === i)
  const sets = branchPages.map((p) => shingles(p.facts.text, placeWords))
  for (let i = 0; i < branchPages.length; i++) {
    for (let j = i + 1; j < branchPages.length; j++) {
      const score = similarity(sets[i]!, sets[j]!)
      if (score >= NEAR_DUPLICATE_SIMILARITY) {
        const a = branchPages[i]!.finalUrl
        const b = branchPages[j]!.finalUrl
        const percent = Math.round(score * 100)
        push(findings, 'location-pages-duplicate', {
          url: a,
          detail: `${percent}% the same as ${b}`,
        })
        push(findings, 'location-pages-duplicate', {
          url: b,
          detail: `${percent}% the same as ${a}`,
        })
      }
    }
  }
  return findings
}

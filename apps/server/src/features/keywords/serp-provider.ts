// A rank provider backed by a search-results API (issue 17 item 1): the adapter (serpapi.ts,
// serper.ts) says how to ask for one page of organic results or one map search and how to read the
// answer; this module does the rest the same way for both: one query per request taken from the
// business's daily budget, a timeout, the provider's errors as failed checks with their reason, the
// organic results paged through to the first 100 and the business found in them by its registrable
// domain, and the business found on the map by place id, else by name with its phone or address.
import { countryName } from '@localseo/shared/countries'
import { normalizeAddress, normalizeName, normalizePhone } from '@localseo/shared/nap'
import { regionCodes } from '@localseo/shared/regions'
import { getDomain } from 'tldts'
import type { AppMetrics } from '../../lib/metrics.js'
import { BUDGET_REACHED, type QueryMeter } from './query-budget.js'
import type {
  MapPackPlace,
  MapPackQuery,
  MapPackResult,
  RankProvider,
  RankQuery,
  RankResult,
} from './rank-provider.js'

/** Organic results are read to this depth; past it the website is 'Not in the top 100'. */
const ORGANIC_DEPTH = 100
export const RESULTS_PER_PAGE = 10

/** One HTTP request the adapter wants made; the key is added by the adapter itself. */
export interface SerpRequest {
  url: URL
  init?: RequestInit
}

/** A place of a map search as the adapter read it, with what the match needs. */
export interface FoundPlace extends MapPackPlace {
  phone: string | null
  address: string | null
}

export interface SerpAdapter {
  readonly label: string
  /** The request for one page (0-based) of organic results of the query. */
  organicRequest(query: RankQuery, page: number, base: string, key: string): SerpRequest
  /** The result links of a page, with their absolute positions; throws on an unexpected shape. */
  readOrganic(body: unknown): { position: number; link: string }[]
  mapRequest(query: MapPackQuery, base: string, key: string): SerpRequest
  readPlaces(body: unknown): FoundPlace[]
  /** An error the provider reports inside a 200 answer (SerpApi's `error`), else null. */
  reportedError(body: unknown): string | null
}

/** A check that failed for a reason the owner can read (never the key). */
class ProviderFailure extends Error {}

export interface SerpProviderOptions {
  adapter: SerpAdapter
  key: string
  baseUrl: string
  timeoutMs: number
  meter: QueryMeter
  /** Told the outcome of every request: 'connected', or the failure's reason (Settings shows it). */
  onOutcome?: (failure: string | null) => Promise<void> | void
  /** Counts every request by provider and outcome (GET /metrics, lib/metrics.ts). */
  metrics?: Pick<AppMetrics, 'providerCall'>
}

const DEFERRED = Symbol('deferred')

function statusReason(label: string, status: number): string {
  if (status === 401 || status === 403) {
    return `${label} refused the key (HTTP ${status}): check it in Settings → API Settings.`
  }
  if (status === 429) {
    return `${label} says the account's searches are used up or too many were made at once (HTTP 429).`
  }
  if (status >= 500) return `${label} had an error (HTTP ${status}); the check runs again tomorrow.`
  return `${label} refused the search (HTTP ${status}).`
}

/** The message an error answer carries (`error` or `message`), short, or null. */
function providerMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown }
    const said = typeof body.error === 'string' ? body.error : body.message
    return typeof said === 'string' && said.trim() ? said.trim().slice(0, 200) : null
  } catch {
    return null
  }
}

/** The request, answered as JSON, or a ProviderFailure with a reason that never contains the key. */
async function requestJson(options: SerpProviderOptions, request: SerpRequest): Promise<unknown> {
  const { adapter, key, timeoutMs } = options
  const scrub = (text: string) => (key ? text.split(key).join('…') : text)
  let response: Response
  try {
    response = await fetch(request.url, {
      ...request.init,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ProviderFailure(
        `${adapter.label} did not answer within ${Math.round(timeoutMs / 100) / 10} s.`,
      )
    }
    throw new ProviderFailure(`${adapter.label} could not be reached.`)
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) {
    const said = providerMessage(text)
    const reason = statusReason(adapter.label, response.status)
    throw new ProviderFailure(scrub(said ? `${reason} It said: ${said}` : reason))
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ProviderFailure(`${adapter.label} answered something that is not JSON.`)
  }
  const reported = adapter.reportedError(body)
  if (reported !== null) throw new ProviderFailure(scrub(`${adapter.label}: ${reported}`))
  return body
}

/**
 * One request under the budget: DEFERRED when the day's queries are spent. A request that failed
 * (no answer, an error status, not JSON, an error inside the answer) gives its query back: a failed
 * call uses none of the day's budget (issue 32 item 4; README "Budget").
 */
async function metered(options: SerpProviderOptions, request: SerpRequest) {
  if ((await options.meter.take(1)) < 1) return DEFERRED
  try {
    const body = await requestJson(options, request)
    options.metrics?.providerCall(options.adapter.label.toLowerCase(), 'ok')
    await options.onOutcome?.(null)
    return body
  } catch (error) {
    if (error instanceof ProviderFailure) {
      options.metrics?.providerCall(options.adapter.label.toLowerCase(), 'failed')
      await options.meter.giveBack?.(1)
      await options.onOutcome?.(error.message)
    }
    throw error
  }
}

function shape<T>(label: string, read: () => T): T {
  try {
    return read()
  } catch {
    throw new ProviderFailure(`${label} answered in a shape we do not know.`)
  }
}

/** 'example.com' for 'https://www.example.com/about', null for what is not a web address. */
export function registrableDomain(url: string): string | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`
  return getDomain(text)?.toLowerCase() ?? null
}

async function organicPosition(options: SerpProviderOptions, query: RankQuery) {
  const { adapter, baseUrl, key } = options
  const domain = query.website ? registrableDomain(query.website) : null
  if (!domain) {
    throw new ProviderFailure(
      'Add your website in Settings: the check looks for it in the results.',
    )
  }
  for (let page = 0; page * RESULTS_PER_PAGE < ORGANIC_DEPTH; page++) {
    const body = await metered(options, adapter.organicRequest(query, page, baseUrl, key))
    if (body === DEFERRED) return BUDGET_REACHED
    const links = shape(adapter.label, () => adapter.readOrganic(body))
    const offset = page * RESULTS_PER_PAGE
    const found = links.find((r) => registrableDomain(r.link) === domain)
    // Positions count from the first page; a provider that counts each page from 1 is shifted.
    const position = found && (found.position > offset ? found.position : offset + found.position)
    if (position && position <= ORGANIC_DEPTH) return { status: 'ok', position } as const
    // A short page is the last one: Google had no more results.
    if (links.length < RESULTS_PER_PAGE) break
  }
  return { status: 'ok', position: null } as const
}

const sameStart = (a: string, b: string) =>
  a.length > 0 && b.length > 0 && (a.startsWith(b) || b.startsWith(a))

/**
 * The business among map results: by place id when known; else by normalised name, confirmed by
 * phone or address when the place shows them (a place that shows neither is taken on its name).
 */
function findBusiness(places: readonly FoundPlace[], query: MapPackQuery) {
  const { match, country } = query
  if (match.placeId) {
    const byId = places.find((p) => p.placeId === match.placeId)
    if (byId) return byId
  }
  const name = normalizeName(match.name)
  const phone = match.phone ? normalizePhone(match.phone, country) : ''
  const address = match.address ? normalizeAddress(match.address, country) : ''
  return places.find((place) => {
    if (!name || normalizeName(place.name) !== name) return false
    const placePhone = place.phone ? normalizePhone(place.phone, country) : ''
    const placeAddress = place.address ? normalizeAddress(place.address, country) : ''
    if (!placePhone && !placeAddress) return true
    return (phone !== '' && placePhone === phone) || sameStart(placeAddress, address)
  })
}

async function mapPosition(
  options: SerpProviderOptions,
  query: MapPackQuery,
): Promise<MapPackResult> {
  const { adapter, baseUrl, key } = options
  const body = await metered(options, adapter.mapRequest(query, baseUrl, key))
  if (body === DEFERRED) return BUDGET_REACHED
  const found = shape(adapter.label, () => adapter.readPlaces(body)).slice(0, 20)
  const places = found.map(({ phone: _phone, address: _address, ...place }) => place)
  const business = findBusiness(found, query)
  const place = business ? (places.find((p) => p.position === business.position) ?? null) : null
  return { status: 'ok', position: place?.position ?? null, business: place, places }
}

const failed = (error: unknown) => {
  if (error instanceof ProviderFailure) return { status: 'failed', reason: error.message } as const
  throw error
}

export function createSerpProvider(options: SerpProviderOptions): RankProvider {
  return {
    simulated: false,
    label: options.adapter.label,
    // One query after another: a provider's rate limit is per account, and a budget past its end
    // leaves the rest deferred in order.
    async check(queries) {
      const results: RankResult[] = []
      for (const query of queries) {
        results.push(await organicPosition(options, query).catch(failed))
      }
      return results
    },
    async checkMapPack(queries) {
      const results: MapPackResult[] = []
      for (const query of queries) results.push(await mapPosition(options, query).catch(failed))
      return results
    },
  }
}

/**
 * 'Test connection' (issue 17 item 2): one real search (the first page of organic results for the
 * query), one query of the budget. Answers whether the provider took the key.
 */
export async function testSearch(
  options: SerpProviderOptions,
  query: RankQuery,
): Promise<{ status: 'connected' | 'failing' | 'deferred'; reason: string | null }> {
  const { adapter, baseUrl, key } = options
  try {
    const body = await metered(options, adapter.organicRequest(query, 0, baseUrl, key))
    if (body === DEFERRED) return { status: 'deferred', reason: BUDGET_REACHED.reason }
    shape(adapter.label, () => adapter.readOrganic(body))
    return { status: 'connected', reason: null }
  } catch (error) {
    if (error instanceof ProviderFailure) return { status: 'failing', reason: error.message }
    throw error
  }
}

/** A provider whose every check fails for one reason (a saved key this server cannot open). */
export function failingProvider(label: string, reason: string): RankProvider {
  const fail = { status: 'failed', reason } as const
  return {
    simulated: false,
    label,
    check: (queries) => Promise.resolve(queries.map(() => fail)),
    checkMapPack: (queries) => Promise.resolve(queries.map(() => fail)),
  }
}

/** Google's country code for a search from the country ('uk' for GB), lower case. */
export function googleCountry(country: string): string {
  const code = country.toLowerCase()
  return code === 'gb' ? 'uk' : code
}

/** 'Austin, Texas, United States': the place a provider's `location` parameter understands. */
export function searchLocation(query: Pick<RankQuery, 'city' | 'region' | 'country'>): string {
  const region = query.region
    ? (regionCodes(query.country)?.names[query.region] ?? query.region)
    : ''
  return [query.city, region, countryName(query.country)].filter(Boolean).join(', ')
}

/** `@lat,lng,zoomz`, the map search's point. */
export function mapPoint(query: Pick<MapPackQuery, 'lat' | 'lng' | 'zoom'>): string {
  return `@${query.lat.toFixed(7)},${query.lng.toFixed(7)},${query.zoom}z`
}

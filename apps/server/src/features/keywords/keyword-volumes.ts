// Keyword figures from a real keyword data source (issue 18 item 4, ADR 024), behind the same
// KeywordDataProvider as the estimate engine, so every screen reads them through
// keywordData.describe. Answers are stored per place, keyword and month (keyword_volumes). Two faces
// share them: `stored`, for the screens, reads what is stored (this month's answer, else the latest
// month's) and never asks DataForSEO (a GET asks no paid provider, issue 30 item 8); `asking`, for
// a request that writes a keyword, a planner search and the jobs, asks for the keywords this month
// has not stored, together in one request per place (at most 1,000 keywords), gathered in one tick.
// A failure falls back to the estimate with its reason, and its keywords are not asked again for a
// while, so a failing provider is not asked on every search.
import type { Business } from '@localseo/shared/business'
import { countryName } from '@localseo/shared/countries'
import type { FigureSource } from '@localseo/shared/figure-source'
import type { KeywordLevel } from '@localseo/shared/keyword-figures'
import type {
  KeywordDataProvider,
  KeywordTrend,
  PlannerKeyword,
} from '@localseo/shared/keyword-engine'
import { resolveLocation } from '@localseo/shared/location-selection'
import { regionCodes } from '@localseo/shared/regions'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { keywordVolumes } from '../../db/schema/keyword-volumes.js'
import type { Clock } from '../../lib/clock.js'
import {
  DATAFORSEO_LABEL,
  KeywordDataFailure,
  MAX_KEYWORDS_PER_REQUEST,
  askable,
  searchVolumes,
  type DataForSeoOptions,
  type KeywordFigures,
} from './dataforseo.js'

const PROVIDER = 'dataforseo'
/** A keyword whose request failed is not asked again before this. */
const RETRY_AFTER_FAILURE_MS = 10 * 60_000

type VolumeRow = typeof keywordVolumes.$inferSelect

/** The place searches are counted in, as Google Ads names it, and the language. */
interface SearchPlace {
  /** 'Austin,Texas,United States|en': the cache key. */
  key: string
  locationName: string
  country: string
  city: string
  languageCode: string
}

const LANGUAGES: Record<string, string> = { DE: 'de', FR: 'fr' }

/** The chosen location's city, region and country ('Austin,Texas,United States'), or the country. */
function searchPlace(business: Business, locationId?: string | null): SearchPlace {
  const location = resolveLocation(business, locationId)
  const country = countryName(location.country)
  const region = location.state
    ? (regionCodes(location.country)?.names[location.state] ?? location.state)
    : ''
  const parts = [location.city, region, country].map((p) => p.trim()).filter(Boolean)
  const locationName = parts.join(',')
  const languageCode = LANGUAGES[location.country] ?? 'en'
  return {
    key: `${locationName}|${languageCode}`,
    locationName,
    country,
    city: location.city.trim(),
    languageCode,
  }
}

type Outcome = { row: VolumeRow } | { failed: string } | { unaskable: true } | { notAsked: true }

const monthOf = (date: Date) => date.toISOString().slice(0, 7)
const pad = (n: number) => String(n).padStart(2, '0')

function toRow(figures: KeywordFigures, place: SearchPlace, answeredFor: string, now: Date) {
  const monthly = [...figures.monthly].sort((a, b) => a.year - b.year || a.month - b.month)
  const last = monthly.at(-1)
  return {
    provider: PROVIDER,
    place: place.key,
    keyword: figures.keyword,
    month: monthOf(now),
    answeredFor,
    searchVolume: figures.searchVolume,
    competition: figures.searchVolume === null ? null : figures.competition,
    cpc: figures.searchVolume === null ? null : figures.cpc,
    monthly,
    dataMonth: last ? `${last.year}-${pad(last.month)}` : null,
    fetchedAt: now,
  }
}

/** Asks for the place; a place DataForSEO does not know is asked again as its country. */
async function ask(options: DataForSeoOptions, place: SearchPlace, keywords: string[]) {
  const request = { keywords, languageCode: place.languageCode }
  try {
    const figures = await searchVolumes(options, { ...request, locationName: place.locationName })
    return { figures, answeredFor: place.locationName }
  } catch (error) {
    const retry =
      error instanceof KeywordDataFailure && error.location && place.locationName !== place.country
    if (!retry) throw error
    const figures = await searchVolumes(options, { ...request, locationName: place.country })
    return { figures, answeredFor: place.country }
  }
}

export interface MeasuredProviderOptions {
  db: Db
  clock: Clock
  dataforseo: DataForSeoOptions
  /** The estimate engine: relevance and intent always, the figures when there is no answer. */
  estimate: KeywordDataProvider
}

const NO_FIGURES = { searchVolume: null, competition: null, cpc: null, monthly: [] }

/** Asks DataForSEO for the keywords and stores the answers; a failure is every keyword's outcome. */
async function fetchAndStore(
  { db, clock, dataforseo }: MeasuredProviderOptions,
  place: SearchPlace,
  keywords: string[],
): Promise<Map<string, Outcome>> {
  const now = clock.now()
  try {
    const { figures, answeredFor } = await ask(dataforseo, place, keywords)
    const byKeyword = new Map(figures.map((f) => [f.keyword.toLowerCase(), f]))
    // A keyword Google Ads leaves out of the answer has no data: stored as such, not asked again.
    const rows = keywords.map((keyword) =>
      toRow(byKeyword.get(keyword) ?? { keyword, ...NO_FIGURES }, place, answeredFor, now),
    )
    // Another instance may have stored the same month first: its row and this one agree.
    await db.insert(keywordVolumes).values(rows).onConflictDoNothing()
    return new Map(rows.map((row) => [row.keyword, { row }]))
  } catch (error) {
    if (!(error instanceof KeywordDataFailure)) throw error
    return new Map(keywords.map((k) => [k, { failed: error.message }]))
  }
}

/** The stored answers for the keywords of a place, the latest month first. */
async function storedRows({ db }: MeasuredProviderOptions, place: SearchPlace, keywords: string[]) {
  return db
    .select()
    .from(keywordVolumes)
    .where(
      and(
        eq(keywordVolumes.provider, PROVIDER),
        eq(keywordVolumes.place, place.key),
        inArray(keywordVolumes.keyword, keywords),
      ),
    )
    .orderBy(desc(keywordVolumes.month))
}

const DID_NOT_ANSWER: Outcome = { failed: 'DataForSEO did not answer.' }
const NOT_ASKED =
  'DataForSEO (Google Ads) has not been asked for this keyword yet. It is asked when you search the Keyword Planner for it, or analyse, track or save it.'

/** Gathers the keywords asked in one tick by place, and resolves them together. */
function batched(
  resolve: (place: SearchPlace, keywords: string[]) => Promise<Map<string, Outcome>>,
) {
  let queued = new Map<string, { place: SearchPlace; keywords: Set<string> }>()
  let flush: Promise<Map<string, Outcome>> | null = null

  async function run(batch: typeof queued) {
    const all = new Map<string, Outcome>()
    for (const { place, keywords } of batch.values()) {
      const outcomes = await resolve(place, [...keywords])
      for (const [k, o] of outcomes) all.set(`${place.key}|${k}`, o)
    }
    return all
  }

  return async function load(place: SearchPlace, keyword: string): Promise<Outcome> {
    const group = queued.get(place.key) ?? { place, keywords: new Set<string>() }
    group.keywords.add(keyword)
    queued.set(place.key, group)
    flush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const batch = queued
      queued = new Map()
      flush = null
      return run(batch)
    })
    const outcomes = await flush
    return outcomes.get(`${place.key}|${keyword}`) ?? DID_NOT_ANSWER
  }
}

/** The two loaders, stored and asking, sharing the pause after a failure and the requests in flight. */
function createVolumeLoaders(options: MeasuredProviderOptions) {
  const failures = new Map<string, { reason: string; until: number }>()
  const inFlight = new Map<string, Promise<Outcome>>()

  /** One request per batch of keywords nobody is asking yet; the others wait for theirs. */
  function request(place: SearchPlace, keywords: string[]): Promise<Outcome>[] {
    const waits: Promise<Outcome>[] = []
    const ask = keywords.filter((k) => !inFlight.has(`${place.key}|${k}`))
    for (let i = 0; i < ask.length; i += MAX_KEYWORDS_PER_REQUEST) {
      const batch = ask.slice(i, i + MAX_KEYWORDS_PER_REQUEST)
      const answered = fetchAndStore(options, place, batch)
      for (const k of batch) {
        const key = `${place.key}|${k}`
        const one = answered.then((m) => m.get(k) ?? DID_NOT_ANSWER)
        inFlight.set(key, one)
        const done = () => inFlight.delete(key)
        void one.then(done, done)
      }
    }
    for (const k of keywords)
      waits.push(inFlight.get(`${place.key}|${k}`) ?? Promise.resolve(DID_NOT_ANSWER))
    return waits
  }

  /**
   * Each keyword's outcome: its stored answer (asking: this month's only), unaskable, paused after a
   * failure, asked now (asking) or not asked (stored).
   */
  async function resolvePlace(place: SearchPlace, keywords: string[], ask: boolean) {
    const outcomes = new Map<string, Outcome>()
    const month = monthOf(options.clock.now())
    for (const row of await storedRows(options, place, keywords)) {
      if (!outcomes.has(row.keyword) && (!ask || row.month === month))
        outcomes.set(row.keyword, { row })
    }
    const now = options.clock.now().getTime()
    const missing: string[] = []
    for (const k of keywords) {
      const failure = failures.get(`${place.key}|${k}`)
      if (outcomes.has(k)) continue
      if (!askable(k)) outcomes.set(k, { unaskable: true })
      else if (failure && failure.until > now) outcomes.set(k, { failed: failure.reason })
      else if (ask) missing.push(k)
      else outcomes.set(k, { notAsked: true })
    }
    const answers = await Promise.all(request(place, missing))
    missing.forEach((k, i) => {
      const outcome = answers[i] ?? DID_NOT_ANSWER
      // A failed keyword is not asked again for a while, whatever asks.
      if ('failed' in outcome)
        failures.set(`${place.key}|${k}`, {
          reason: outcome.failed,
          until: now + RETRY_AFTER_FAILURE_MS,
        })
      outcomes.set(k, outcome)
    })
    return outcomes
  }

  return {
    stored: batched((place, keywords) => resolvePlace(place, keywords, false)),
    asking: batched((place, keywords) => resolvePlace(place, keywords, true)),
  }
}

/** Google Ads' competition levels: LOW below 34, MEDIUM below 67, HIGH from 67 (of 100). */
function levelOf(competition: number | null): KeywordLevel | null {
  if (competition === null) return null
  return competition < 0.34 ? 'low' : competition < 0.67 ? 'medium' : 'high'
}

/** The last three months against the three before: up or down by more than a tenth, else stable. */
function trendOf(monthly: readonly { volume: number | null }[]): KeywordTrend | null {
  const volumes = monthly.map((m) => m.volume).filter((v): v is number => v !== null)
  if (volumes.length < 6) return null
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  const recent = sum(volumes.slice(-3))
  const before = sum(volumes.slice(-6, -3))
  if (before === 0) return recent > 0 ? 'up' : 'stable'
  const change = (recent - before) / before
  return change > 0.1 ? 'up' : change < -0.1 ? 'down' : 'stable'
}

function measuredSource(row: VolumeRow, place: SearchPlace): FigureSource {
  const elsewhere = row.answeredFor !== place.locationName
  return {
    kind: 'measured',
    at: row.fetchedAt.toISOString(),
    provider: DATAFORSEO_LABEL,
    month: row.dataMonth ?? row.month,
    ...(elsewhere
      ? {
          note: `Searches in ${row.answeredFor}: Google Ads has no figures for ${place.city || 'the city'} alone.`,
        }
      : {}),
  }
}

/** The estimate's relevance and intent with the provider's figures, or the estimate with its reason. */
function merge(base: PlannerKeyword, outcome: Outcome, place: SearchPlace): PlannerKeyword {
  if ('unaskable' in outcome) {
    const reason = 'Google Ads takes searches of up to 80 characters and 10 words.'
    return { ...base, volumeSource: { kind: 'estimate', reason } }
  }
  if ('failed' in outcome) {
    return { ...base, volumeSource: { kind: 'estimate', reason: outcome.failed } }
  }
  if ('notAsked' in outcome) {
    return { ...base, volumeSource: { kind: 'estimate', reason: NOT_ASKED } }
  }
  const { row } = outcome
  const monthly = row.monthly ?? []
  return {
    ...base,
    volume: row.searchVolume,
    competition: row.competition,
    difficulty: levelOf(row.competition),
    cpc: row.cpc,
    trend: row.searchVolume === null ? null : trendOf(monthly),
    volumeSource: measuredSource(row, place),
    monthlySearches: monthly.map((m) => ({ month: `${m.year}-${pad(m.month)}`, volume: m.volume })),
  }
}

/**
 * The keyword data providers of an instance with DataForSEO configured: the estimate engine's
 * relevance and intent, DataForSEO's volume, competition, CPC and months.
 */
export interface MeasuredKeywords {
  /** For the screens: the stored figures, the latest month's; DataForSEO is never asked. */
  stored: KeywordDataProvider
  /** For a request that writes a keyword and the jobs: asks what is missing. */
  asking: KeywordDataProvider
  /**
   * Of the keywords, those `asking` would ask: askable, and without this month's stored answer for
   * the place (a planner search answers with `stored` and leaves them to a job, issue 36 item 3).
   */
  unasked(
    business: Business,
    locationId: string | null | undefined,
    keywords: string[],
  ): Promise<string[]>
}

export function createMeasuredKeywordProvider(options: MeasuredProviderOptions): MeasuredKeywords {
  const loaders = createVolumeLoaders(options)
  const { estimate } = options
  const provider = (load: ReturnType<typeof batched>): KeywordDataProvider => ({
    async describe(keyword, business, locationId) {
      const base = await estimate.describe(keyword, business, locationId)
      const place = searchPlace(business, locationId)
      return merge(base, await load(place, base.keyword), place)
    },
    async ideas(request) {
      const ideas = await estimate.ideas(request)
      const place = searchPlace(request.business, request.locationId)
      const outcomes = await Promise.all(ideas.map((idea) => load(place, idea.keyword)))
      return ideas.map((idea, i) => merge(idea, outcomes[i] ?? DID_NOT_ANSWER, place))
    },
  })
  return {
    stored: provider(loaders.stored),
    asking: provider(loaders.asking),
    async unasked(business, locationId, keywords) {
      const candidates = keywords.filter(askable)
      if (candidates.length === 0) return []
      const month = monthOf(options.clock.now())
      const rows = await storedRows(options, searchPlace(business, locationId), candidates)
      const stored = new Set(rows.filter((r) => r.month === month).map((r) => r.keyword))
      return candidates.filter((k) => !stored.has(k))
    },
  }
}

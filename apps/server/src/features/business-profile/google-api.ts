// Google Business Profile's four APIs over the owner's access token (issue 33, ADR 034): Account
// Management v1 (accounts), Business Information v1 (locations, with a readMask), My Business v4
// (reviews and their replies) and Business Profile Performance v1 (daily metrics, monthly search
// keywords). Each base address is configurable (env.ts) so a proxy or the tests' fake stands in.
// Google's refusals become a typed ProfileRefused with Google's words and what the owner can do:
// never a 5xx to our client. A 401 is GoogleTokenRefused, which the caller's withGoogleToken turns
// into one renewal, then 'Reconnect' (ADR 021). The token goes in the Authorization header only.
import {
  REVIEW_REPLY_STATES,
  type ProfileRefusal,
  type ReviewReplyState,
} from '@localseo/shared/business-profile'
import { z } from 'zod'
import type { Env } from '../../env.js'
import { AppError } from '../../lib/errors.js'
import { GoogleTokenRefused } from '../integrations/public.js'

const REQUEST_TIMEOUT_MS = 20_000
/** Pages asked at most: a listing is never endless (20 accounts, 100 locations, 50 reviews a page). */
const MAX_ACCOUNT_PAGES = 10
const MAX_LOCATION_PAGES = 10
const MAX_REVIEW_PAGES = 400
const MAX_KEYWORD_PAGES = 20

/** The fields of a location we read (Business Information v1 requires a readMask). */
export const LOCATION_READ_MASK =
  'name,title,storefrontAddress,phoneNumbers,metadata.placeId,websiteUri'

/** The daily metrics the Performance card shows (issue 33 item 5; BUSINESS_CONVERSATIONS is deprecated). */
export const DAILY_METRICS = [
  'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
  'CALL_CLICKS',
  'WEBSITE_CLICKS',
  'BUSINESS_DIRECTION_REQUESTS',
] as const
export type DailyMetric = (typeof DAILY_METRICS)[number]

export interface BusinessProfileApis {
  accounts: string
  information: string
  myBusiness: string
  performance: string
}

export function businessProfileApis(
  env: Pick<
    Env,
    | 'GOOGLE_ACCOUNT_MANAGEMENT_URL'
    | 'GOOGLE_BUSINESS_INFORMATION_URL'
    | 'GOOGLE_MY_BUSINESS_URL'
    | 'GOOGLE_BUSINESS_PERFORMANCE_URL'
  >,
): BusinessProfileApis {
  const base = (url: string) => url.replace(/\/+$/, '')
  return {
    accounts: base(env.GOOGLE_ACCOUNT_MANAGEMENT_URL),
    information: base(env.GOOGLE_BUSINESS_INFORMATION_URL),
    myBusiness: base(env.GOOGLE_MY_BUSINESS_URL),
    performance: base(env.GOOGLE_BUSINESS_PERFORMANCE_URL),
  }
}

const ACTIONS: Record<ProfileRefusal['kind'], string> = {
  quota:
    'Google\'s Business Profile APIs allow this server\'s Google Cloud project no requests right now. A project Google has not approved has a quota of 0: its owner requests Business Profile API access (README "Google Business Profile"). Once approved, wait a minute and try again.',
  api_disabled:
    'The Business Profile APIs are turned off in this server\'s Google Cloud project: its owner enables them (README "Google Business Profile") and requests access if not done yet.',
  no_access:
    'This Google account cannot manage that Business Profile: connect with an owner or manager of the profile, or ask its owner to add you as a manager.',
  unavailable: 'Google could not be asked right now. Try again in a few minutes.',
  rejected: 'Change what Google objects to, then send it again.',
}

/** Google refused or could not answer: its words and what to do, never a 5xx to our client. */
export class ProfileRefused extends AppError {
  constructor(readonly refusal: ProfileRefusal) {
    super(
      refusal.kind === 'quota' ? 'rate_limited' : 'conflict',
      refusal.google
        ? `Google Business Profile refused: ${refusal.google} ${refusal.action}`
        : `Google Business Profile: ${refusal.action}`,
    )
  }
}

/** A refusal of the given kind with Google's words, and the action the owner can take. */
export const refused = (kind: ProfileRefusal['kind'], google = '') =>
  new ProfileRefused({ kind, google, action: ACTIONS[kind] })

const googleErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(
        z
          .object({
            reason: z.string().optional(),
            fieldViolations: z
              .array(z.object({ description: z.string().optional() }).passthrough())
              .optional(),
          })
          .passthrough(),
      )
      .optional(),
  }),
})

/** A 400's words: Google's message and each field's violation (e.g. a reply against its policy). */
function rejectionOf(error: z.infer<typeof googleErrorSchema>['error']): string {
  const fields = (error.details ?? []).flatMap((d) =>
    (d.fieldViolations ?? []).map((v) => v.description ?? ''),
  )
  return [error.message ?? '', ...fields].filter(Boolean).join(' ')
}

/** Google's answer to a failed call, sorted into what the owner can act on. */
function refusalOf(status: number, body: unknown): AppError {
  const parsed = googleErrorSchema.safeParse(body)
  const message = parsed.success ? (parsed.data.error.message ?? '') : ''
  if (status === 429) return refused('quota', message)
  if (status === 400)
    return refused('rejected', parsed.success ? rejectionOf(parsed.data.error) : '')
  if (status === 403) {
    const disabled =
      parsed.success &&
      ((parsed.data.error.details ?? []).some((d) => d.reason === 'SERVICE_DISABLED') ||
        /has not been used in project|is disabled/i.test(message))
    return refused(disabled ? 'api_disabled' : 'no_access', message)
  }
  if (status === 404) {
    return new AppError('not_found', 'Google no longer has this item: it may have been deleted.')
  }
  return refused('unavailable', message || `Google answered ${status}.`)
}

interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
}

async function callGoogle(url: URL | string, token: string, call: Call = {}): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method: call.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError'
    throw refused('unavailable', timedOut ? 'Google did not answer in time.' : '')
  }
  const body: unknown = await response.json().catch(() => null)
  if (response.status === 401) throw new GoogleTokenRefused('Google Business Profile')
  if (!response.ok) throw refusalOf(response.status, body)
  return body
}

function read<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) throw refused('unavailable', 'Google sent an answer we could not read.')
  return parsed.data
}

// ---- Account Management v1: accounts.list -----------------------------------------------------

const accountsSchema = z.object({
  accounts: z
    .array(
      z.object({
        name: z.string().regex(/^accounts\/[\w-]+$/),
        accountName: z.string().optional(),
        type: z.string().optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
})

export interface GoogleAccountSummary {
  name: string
  title: string
  type: string
}

/** Every account the Google account can reach, over all pages. */
export async function listAccounts(
  apis: BusinessProfileApis,
  token: string,
): Promise<GoogleAccountSummary[]> {
  const accounts: GoogleAccountSummary[] = []
  let pageToken: string | undefined
  for (let page = 0; page < MAX_ACCOUNT_PAGES; page++) {
    const url = new URL(`${apis.accounts}/accounts`)
    url.searchParams.set('pageSize', '20')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const answer = read(accountsSchema, await callGoogle(url, token))
    for (const account of answer.accounts ?? []) {
      accounts.push({
        name: account.name,
        title: account.accountName ?? account.name,
        type: account.type ?? 'ACCOUNT_TYPE_UNSPECIFIED',
      })
    }
    pageToken = answer.nextPageToken
    if (!pageToken) break
  }
  return accounts
}

// ---- Business Information v1: accounts.locations.list -----------------------------------------

const locationSchema = z.object({
  name: z.string().regex(/^locations\/[\w-]+$/),
  title: z.string().optional(),
  storefrontAddress: z
    .object({
      regionCode: z.string().optional(),
      postalCode: z.string().optional(),
      administrativeArea: z.string().optional(),
      locality: z.string().optional(),
      addressLines: z.array(z.string()).optional(),
    })
    .optional(),
  phoneNumbers: z.object({ primaryPhone: z.string().optional() }).optional(),
  metadata: z.object({ placeId: z.string().optional() }).optional(),
  websiteUri: z.string().optional(),
})

const locationsSchema = z.object({
  locations: z.array(locationSchema).optional(),
  nextPageToken: z.string().optional(),
})

/** A profile location as we keep it: the storefront address in parts, for matching. */
export interface GoogleLocation {
  name: string
  account: string
  title: string
  addressLines: string[]
  locality: string
  administrativeArea: string
  postalCode: string
  regionCode: string
  phone: string
  placeId: string | null
  websiteUri: string | null
}

/** The account's locations with the fields of LOCATION_READ_MASK, over all pages. */
export async function listLocations(
  apis: BusinessProfileApis,
  token: string,
  account: string,
): Promise<GoogleLocation[]> {
  const locations: GoogleLocation[] = []
  let pageToken: string | undefined
  for (let page = 0; page < MAX_LOCATION_PAGES; page++) {
    const url = new URL(`${apis.information}/${account}/locations`)
    url.searchParams.set('readMask', LOCATION_READ_MASK)
    url.searchParams.set('pageSize', '100')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const answer = read(locationsSchema, await callGoogle(url, token))
    for (const location of answer.locations ?? []) {
      const address = location.storefrontAddress
      locations.push({
        name: location.name,
        account,
        title: location.title ?? location.name,
        addressLines: address?.addressLines ?? [],
        locality: address?.locality ?? '',
        administrativeArea: address?.administrativeArea ?? '',
        postalCode: address?.postalCode ?? '',
        regionCode: address?.regionCode ?? '',
        phone: location.phoneNumbers?.primaryPhone ?? '',
        placeId: location.metadata?.placeId ?? null,
        websiteUri: location.websiteUri ?? null,
      })
    }
    pageToken = answer.nextPageToken
    if (!pageToken) break
  }
  return locations
}

// ---- My Business v4: reviews.list, updateReply, deleteReply -----------------------------------

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const

const replySchema = z.object({
  comment: z.string(),
  updateTime: z.string().optional(),
  // Newer fields (ADR 037): optional, and read leniently so an unknown value never fails a read.
  reviewReplyState: z.string().optional(),
  policyViolation: z.unknown().optional(),
})

/** The reply as we keep it, with Google's moderation state and its policy refusal in words. */
export interface GoogleReply {
  comment: string
  updateTime: string | null
  state: ReviewReplyState | null
  policyViolation: string | null
}

/** 'OFF_TOPIC' reads 'Off topic'; an object gives its description (or reason, or type). */
function violationWords(value: unknown): string | null {
  const words = (code: string) => {
    const spaced = code.replace(/_/g, ' ').trim().toLowerCase()
    return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : null
  }
  if (typeof value === 'string') return /^[A-Z_]+$/.test(value) ? words(value) : value || null
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>
    for (const key of ['description', 'reason', 'type', 'policyViolation']) {
      const found = violationWords(v[key])
      if (found) return found
    }
  }
  return null
}

function toReply(reply: z.infer<typeof replySchema>): GoogleReply {
  const state = (REVIEW_REPLY_STATES as readonly string[]).includes(reply.reviewReplyState ?? '')
    ? (reply.reviewReplyState as ReviewReplyState)
    : null
  return {
    comment: reply.comment,
    updateTime: reply.updateTime ?? null,
    state,
    policyViolation: violationWords(reply.policyViolation),
  }
}

const reviewSchema = z.object({
  name: z.string(),
  reviewId: z.string().optional(),
  reviewer: z
    .object({
      displayName: z.string().optional(),
      isAnonymous: z.boolean().optional(),
      profilePhotoUrl: z.string().optional(),
    })
    .optional(),
  starRating: z.string().optional(),
  comment: z.string().optional(),
  createTime: z.string(),
  updateTime: z.string(),
  reviewReply: replySchema.optional(),
})

const reviewsSchema = z.object({
  reviews: z.array(reviewSchema).optional(),
  averageRating: z.number().optional(),
  totalReviewCount: z.number().optional(),
  nextPageToken: z.string().optional(),
})

export interface GoogleReview {
  /** 'accounts/…/locations/…/reviews/…' */
  name: string
  reviewer: string
  /** The reviewer chose to stay anonymous (Google then sends no name or photo). */
  reviewerAnonymous: boolean
  reviewerPhotoUrl: string | null
  /** 1-5; null when Google sent STAR_RATING_UNSPECIFIED. */
  rating: number | null
  comment: string
  createTime: string
  updateTime: string
  reply: GoogleReply | null
}

/** v4 names a location under its account: 'accounts/1/locations/2'. */
export const v4Location = (account: string, location: string) => `${account}/${location}`

/**
 * A location's reviews, newest change first (pageSize 50, orderBy updateTime desc), over all pages;
 * with `changedSince` the paging stops at the first page reaching reviews not changed since then.
 * `complete` says every page was read (no `changedSince` stop, no page cap): only then does a review
 * missing from the list mean Google no longer has it.
 */
export async function listReviews(
  apis: BusinessProfileApis,
  token: string,
  location: string,
  { changedSince }: { changedSince?: Date } = {},
): Promise<{
  reviews: GoogleReview[]
  averageRating: number | null
  totalReviewCount: number
  complete: boolean
  /** Requests made: a page each. */
  pages: number
}> {
  const reviews: GoogleReview[] = []
  let complete = false
  let pages = 0
  let averageRating: number | null = null
  let totalReviewCount = 0
  let pageToken: string | undefined
  for (let page = 0; page < MAX_REVIEW_PAGES; page++) {
    const url = new URL(`${apis.myBusiness}/${location}/reviews`)
    url.searchParams.set('pageSize', '50')
    url.searchParams.set('orderBy', 'updateTime desc')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const answer = read(reviewsSchema, await callGoogle(url, token))
    pages++
    averageRating = answer.averageRating ?? averageRating
    totalReviewCount = answer.totalReviewCount ?? totalReviewCount
    let reachedOld = false
    for (const review of answer.reviews ?? []) {
      if (changedSince && new Date(review.updateTime) <= changedSince) {
        reachedOld = true
        continue
      }
      reviews.push({
        name: review.name,
        reviewer: review.reviewer?.isAnonymous
          ? 'A Google user'
          : (review.reviewer?.displayName ?? 'A Google user'),
        reviewerAnonymous: review.reviewer?.isAnonymous ?? false,
        reviewerPhotoUrl: review.reviewer?.isAnonymous
          ? null
          : (review.reviewer?.profilePhotoUrl ?? null),
        rating: STARS[review.starRating as keyof typeof STARS] ?? null,
        comment: review.comment ?? '',
        createTime: review.createTime,
        updateTime: review.updateTime,
        reply: review.reviewReply ? toReply(review.reviewReply) : null,
      })
    }
    pageToken = answer.nextPageToken
    if (reachedOld) break
    if (!pageToken) {
      complete = true
      break
    }
  }
  return { reviews, averageRating, totalReviewCount, complete, pages }
}

/** Creates or replaces the owner's reply to a review (PUT …/reviews/*\/reply). */
export async function updateReply(
  apis: BusinessProfileApis,
  token: string,
  review: string,
  comment: string,
): Promise<GoogleReply> {
  const answer = read(
    replySchema,
    await callGoogle(`${apis.myBusiness}/${review}/reply`, token, {
      method: 'PUT',
      body: { comment },
    }),
  )
  return toReply(answer)
}

/** Removes the owner's reply to a review (DELETE …/reviews/*\/reply). */
export async function deleteReply(
  apis: BusinessProfileApis,
  token: string,
  review: string,
): Promise<void> {
  await callGoogle(`${apis.myBusiness}/${review}/reply`, token, { method: 'DELETE' })
}

// ---- Business Profile Performance v1 ----------------------------------------------------------

const googleDate = z.object({ year: z.number(), month: z.number(), day: z.number().optional() })

const timeSeriesSchema = z.object({
  multiDailyMetricTimeSeries: z
    .array(
      z.object({
        dailyMetricTimeSeries: z
          .array(
            z.object({
              dailyMetric: z.string(),
              timeSeries: z
                .object({
                  datedValues: z
                    .array(z.object({ date: googleDate, value: z.string().optional() }))
                    .optional(),
                })
                .optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
})

const pad = (n: number) => String(n).padStart(2, '0')
const isoDay = (d: { year: number; month: number; day?: number }) =>
  `${d.year}-${pad(d.month)}-${pad(d.day ?? 1)}`

function setDate(url: URL, prefix: string, day: string) {
  const [year, month, date] = day.split('-')
  url.searchParams.set(`${prefix}.year`, String(Number(year)))
  url.searchParams.set(`${prefix}.month`, String(Number(month)))
  if (date !== undefined) url.searchParams.set(`${prefix}.day`, String(Number(date)))
}

/**
 * The 7 daily metrics of a profile location from `start` to `end` (YYYY-MM-DD, both included), one
 * request. A day Google leaves without a value counts 0, as Google documents.
 */
export async function fetchDailyMetrics(
  apis: BusinessProfileApis,
  token: string,
  location: string,
  { start, end }: { start: string; end: string },
): Promise<Record<DailyMetric, { day: string; value: number }[]>> {
  const url = new URL(`${apis.performance}/${location}:fetchMultiDailyMetricsTimeSeries`)
  for (const metric of DAILY_METRICS) url.searchParams.append('dailyMetrics', metric)
  setDate(url, 'dailyRange.startDate', start)
  setDate(url, 'dailyRange.endDate', end)
  const answer = read(timeSeriesSchema, await callGoogle(url, token))
  const out = Object.fromEntries(DAILY_METRICS.map((m) => [m, []])) as unknown as Record<
    DailyMetric,
    { day: string; value: number }[]
  >
  for (const group of answer.multiDailyMetricTimeSeries ?? []) {
    for (const series of group.dailyMetricTimeSeries ?? []) {
      if (!(DAILY_METRICS as readonly string[]).includes(series.dailyMetric)) continue
      for (const point of series.timeSeries?.datedValues ?? []) {
        const value = Number(point.value ?? 0)
        out[series.dailyMetric as DailyMetric].push({
          day: isoDay(point.date),
          value: Number.isFinite(value) ? value : 0,
        })
      }
    }
  }
  return out
}

const keywordsSchema = z.object({
  searchKeywordsCounts: z
    .array(
      z.object({
        searchKeyword: z.string(),
        insightsValue: z
          .object({ value: z.string().optional(), threshold: z.string().optional() })
          .optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
})

export interface SearchKeywordImpressions {
  keyword: string
  /** Impressions over the months asked; null when Google gives only a threshold. */
  impressions: number | null
  /** Google's 'fewer than N' for rare terms, else null. */
  below: number | null
}

/** The search terms that showed the profile, from `startMonth` to `endMonth` (YYYY-MM), all pages. */
export async function listSearchKeywords(
  apis: BusinessProfileApis,
  token: string,
  location: string,
  { startMonth, endMonth }: { startMonth: string; endMonth: string },
): Promise<SearchKeywordImpressions[]> {
  const keywords: SearchKeywordImpressions[] = []
  let pageToken: string | undefined
  for (let page = 0; page < MAX_KEYWORD_PAGES; page++) {
    const url = new URL(`${apis.performance}/${location}/searchkeywords/impressions/monthly`)
    setDate(url, 'monthlyRange.startMonth', startMonth)
    setDate(url, 'monthlyRange.endMonth', endMonth)
    url.searchParams.set('pageSize', '100')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const answer = read(keywordsSchema, await callGoogle(url, token))
    for (const count of answer.searchKeywordsCounts ?? []) {
      const value = count.insightsValue?.value
      const threshold = count.insightsValue?.threshold
      keywords.push({
        keyword: count.searchKeyword,
        impressions: value !== undefined ? Number(value) : null,
        below: value === undefined && threshold !== undefined ? Number(threshold) : null,
      })
    }
    pageToken = answer.nextPageToken
    if (!pageToken) break
  }
  return keywords
}

// ---- My Business v4: localPosts ---------------------------------------------------------------

const MAX_POST_PAGES = 20

const localPostSchema = z.object({
  name: z.string(),
  summary: z.string().optional(),
  topicType: z.string().optional(),
  state: z.string().optional(),
  searchUrl: z.string().optional(),
  createTime: z.string().optional(),
  updateTime: z.string().optional(),
})

const localPostsSchema = z.object({
  localPosts: z.array(localPostSchema).optional(),
  nextPageToken: z.string().optional(),
})

/** A LocalPost as Google answers it: what we keep of it. */
export interface GoogleLocalPost {
  /** 'accounts/…/locations/…/localPosts/…' */
  name: string
  summary: string
  topicType: string
  /** LIVE, PROCESSING, REJECTED or LOCAL_POST_STATE_UNSPECIFIED. */
  state: string
  searchUrl: string | null
  createTime: string | null
}

/** The LocalPost body we send (Google's documented fields; output-only ones are never sent). */
export interface LocalPostBody {
  languageCode: string
  summary?: string
  topicType: 'STANDARD' | 'EVENT' | 'OFFER'
  callToAction?: { actionType: string; url?: string }
  event?: {
    title: string
    schedule: {
      startDate: { year: number; month: number; day: number }
      startTime: { hours: number; minutes: number }
      endDate: { year: number; month: number; day: number }
      endTime: { hours: number; minutes: number }
    }
  }
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string }
  media?: { mediaFormat: 'PHOTO'; sourceUrl: string }[]
}

function toLocalPost(post: z.infer<typeof localPostSchema>): GoogleLocalPost {
  return {
    name: post.name,
    summary: post.summary ?? '',
    topicType: post.topicType ?? 'STANDARD',
    state: post.state ?? 'LOCAL_POST_STATE_UNSPECIFIED',
    searchUrl: post.searchUrl ?? null,
    createTime: post.createTime ?? null,
  }
}

/** Creates a post on a profile location (POST accounts/…/locations/…/localPosts). */
export async function createLocalPost(
  apis: BusinessProfileApis,
  token: string,
  location: string,
  body: LocalPostBody,
): Promise<GoogleLocalPost> {
  const answer = await callGoogle(`${apis.myBusiness}/${location}/localPosts`, token, {
    method: 'POST',
    body,
  })
  return toLocalPost(read(localPostSchema, answer))
}

/** The location's posts, every page (pageSize 100, Google's most). */
export async function listLocalPosts(
  apis: BusinessProfileApis,
  token: string,
  location: string,
): Promise<GoogleLocalPost[]> {
  const posts: GoogleLocalPost[] = []
  let pageToken: string | undefined
  for (let page = 0; page < MAX_POST_PAGES; page++) {
    const url = new URL(`${apis.myBusiness}/${location}/localPosts`)
    url.searchParams.set('pageSize', '100')
    if (pageToken) url.searchParams.set('pageToken', pageToken)
    const answer = read(localPostsSchema, await callGoogle(url, token))
    posts.push(...(answer.localPosts ?? []).map(toLocalPost))
    pageToken = answer.nextPageToken
    if (!pageToken) break
  }
  return posts
}

/** Changes the fields named in `updateMask` (PATCH …/localPosts/*?updateMask=…). */
export async function patchLocalPost(
  apis: BusinessProfileApis,
  token: string,
  post: string,
  body: Partial<LocalPostBody>,
  updateMask: string[],
): Promise<GoogleLocalPost> {
  const url = new URL(`${apis.myBusiness}/${post}`)
  url.searchParams.set('updateMask', updateMask.join(','))
  const answer = await callGoogle(url, token, { method: 'PATCH', body })
  return toLocalPost(read(localPostSchema, answer))
}

/** Deletes a post (DELETE …/localPosts/*). */
export async function deleteLocalPost(
  apis: BusinessProfileApis,
  token: string,
  post: string,
): Promise<void> {
  await callGoogle(`${apis.myBusiness}/${post}`, token, { method: 'DELETE' })
}

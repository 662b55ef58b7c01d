// The Google Business Profile part of the fake Google (issue 33 item 8, ADR 034), replaying the
// recorded answers in fixtures/business-profile/, shaped as Google documents them:
//   GET    {accounts}/accounts                     Account Management v1: two pages (pageSize ≤ 20)
//   GET    {information}/accounts/{id}/locations   Business Information v1: readMask required (400
//                                                  without), applied to the answer; paged (≤ 100)
//   GET    {mybusiness}/accounts/{a}/locations/{l}/reviews   My Business v4: two pages (≤ 50),
//                                                  orderBy one of Google's three
//   PUT    {mybusiness}/…/reviews/{r}/reply        the reply's comment; answers the ReviewReply,
//                                                  with `moderateReplies`'s reviewReplyState and
//                                                  policyViolation, or Google's 400 for a reply
//                                                  against its policy (`refuseReplies`); after
//                                                  `delayReplies` it answers that much later
//   DELETE {mybusiness}/…/reviews/{r}/reply        answers {}
//   GET    {performance}/locations/{l}:fetchMultiDailyMetricsTimeSeries  the 7 daily metrics,
//                                                  filtered to the asked range (or, after
//                                                  `generateDailyMetrics`, every day of the range
//                                                  with its value, absent when 0 as Google does)
//   GET    {performance}/locations/{l}/searchkeywords/impressions/monthly  two pages
//   POST, GET, PATCH, DELETE {mybusiness}/…/localPosts: fake-business-profile-posts.ts (`localPosts`)
// A valid access token is needed (401 otherwise). `failBusinessProfile` makes every call answer
// Google's recorded refusals: 'quota' (429, an unapproved project's quota of 0), 'disabled' (403,
// the API is off in the project), 'denied' (403, the account cannot manage the profile) or
// 'unauthenticated' (401 whatever the token). `addReview` puts a new review first in the recorded
// location's list; `generateReviews` gives every other location that many reviews (for the bench).
// `performanceCalls` records the Performance requests' location and dates, so a test can see which
// days an import asked for.
import { readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createFakeLocalPosts } from './fake-business-profile-posts.js'
import { readJson } from './fixture-server.js'

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/business-profile/${name}.json`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>

/** Where each of the four APIs lives on the fake (its path prefix, version included). */
export const BUSINESS_PROFILE_PATHS = {
  GOOGLE_ACCOUNT_MANAGEMENT_URL: '/gbp-accounts/v1',
  GOOGLE_BUSINESS_INFORMATION_URL: '/gbp-information/v1',
  GOOGLE_MY_BUSINESS_URL: '/gbp/v4',
  GOOGLE_BUSINESS_PERFORMANCE_URL: '/gbp-performance/v1',
} as const

/** The recorded accounts, and the location whose reviews and figures are recorded. */
export const GBP_ACCOUNT = 'accounts/112358132134'
export const GBP_PERSONAL_ACCOUNT = 'accounts/314159265358'
export const GBP_LOCATION = 'locations/4815162342'

const FAILURES = {
  quota: { status: 429, file: 'error-quota-zero' },
  disabled: { status: 403, file: 'error-service-disabled' },
  denied: { status: 403, file: 'error-permission-denied' },
  /** 401 even to a token just renewed (Google's own fault): never a 5xx to our client. */
  unauthenticated: { status: 401, file: 'error-unauthenticated' },
} as const
export type BusinessProfileFailure = keyof typeof FAILURES

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const googleError = (res: ServerResponse, code: number, status: string, message: string) =>
  json(res, code, { error: { code, message, status } })

const invalid = (res: ServerResponse, message: string) =>
  googleError(res, 400, 'INVALID_ARGUMENT', message)

/** Only the fields the readMask names, as Google answers ('metadata.placeId' keeps that one). */
function masked(location: Record<string, unknown>, mask: string[]) {
  const out: Record<string, unknown> = {}
  for (const path of mask) {
    const [top, sub] = path.split('.') as [string, string | undefined]
    const value = location[top]
    if (value === undefined) continue
    if (!sub) out[top] = value
    else if (typeof value === 'object' && value && sub in value) {
      out[top] = { ...(out[top] as object), [sub]: (value as Record<string, unknown>)[sub] }
    }
  }
  return out
}

const pageSizeOk = (url: URL, max: number) => {
  const size = url.searchParams.get('pageSize')
  return size === null || (/^\d+$/.test(size) && Number(size) >= 1 && Number(size) <= max)
}

type DatedValue = { date: { year: number; month: number; day: number }; value?: string }
/** A location's figure of one metric on one day (YYYY-MM-DD); 0 or undefined leaves `value` out. */
export type DailySeries = (location: string, metric: string, day: string) => number | undefined

export function createFakeBusinessProfile(authorized: (req: IncomingMessage) => boolean) {
  const settings = {
    failure: null as BusinessProfileFailure | null,
    generated: null as { perLocation: number; newest: Date } | null,
    dailySeries: null as DailySeries | null,
    /** What a sent reply answers beyond its comment (ADR 037): Google's moderation fields. */
    moderation: {} as { reviewReplyState?: string; policyViolation?: unknown },
    refuseReplies: false,
    replyDelayMs: 0,
  }
  /** The Performance calls received: the location and the days or months asked. */
  const performanceCalls: { location: string; from: string; to: string }[] = []
  /** Reviews written since the recording, newest first, before the recorded page 1. */
  const added: Record<string, unknown>[] = []
  /** The reply of each review as it stands now: the recorded ones, then what was sent. */
  const replies = new Map<string, { comment: string; updateTime: string } | null>()
  /** The reply calls received, e.g. 'PUT accounts/…/reviews/…' with the comment sent. */
  const replyCalls: { method: string; review: string; comment?: string }[] = []

  function accounts(url: URL, res: ServerResponse) {
    if (!pageSizeOk(url, 20)) return invalid(res, 'Invalid page size.')
    const page = url.searchParams.get('pageToken') === 'CAEQAhoMYWNjb3VudHMtcC0y' ? 2 : 1
    json(res, 200, fixture(`accounts-${page}`))
  }

  function locations(account: string, url: URL, res: ServerResponse) {
    const mask = (url.searchParams.get('readMask') ?? '').split(',').filter(Boolean)
    if (mask.length === 0) return invalid(res, 'Request contains an invalid argument.')
    if (!pageSizeOk(url, 100)) return invalid(res, 'Invalid page size.')
    const id = account.slice('accounts/'.length)
    const page = url.searchParams.get('pageToken') === 'locations-page-2' ? 2 : 1
    let answer: Record<string, unknown>
    try {
      answer = fixture(`locations-${id}-${page}`)
    } catch {
      return googleError(res, 403, 'PERMISSION_DENIED', 'The caller does not have permission')
    }
    const list = (answer.locations as Record<string, unknown>[]).map((l) => masked(l, mask))
    json(res, 200, { ...answer, locations: list })
  }

  function withReplies(review: Record<string, unknown>) {
    const name = review.name as string
    if (!replies.has(name)) return review
    const reply = replies.get(name)
    const rest = { ...review }
    delete rest.reviewReply
    return reply ? { ...rest, reviewReply: reply } : rest
  }

  function reviews(location: string, url: URL, res: ServerResponse) {
    if (!pageSizeOk(url, 50)) return invalid(res, 'Invalid page size.')
    const orderBy = url.searchParams.get('orderBy')
    if (orderBy && !['rating', 'rating desc', 'updateTime desc'].includes(orderBy)) {
      return invalid(res, 'Invalid order by.')
    }
    if (!location.endsWith(`/${GBP_LOCATION}`)) {
      return settings.generated ? generatedPage(location, url, res) : json(res, 200, {})
    }
    const page = url.searchParams.get('pageToken') === 'reviews-page-2' ? 2 : 1
    const answer = fixture(`reviews-${page}`)
    const recorded = answer.reviews as Record<string, unknown>[]
    const list = (page === 1 ? [...added, ...recorded] : recorded).map(withReplies)
    json(res, 200, {
      ...answer,
      totalReviewCount: (answer.totalReviewCount as number) + added.length,
      reviews: list,
    })
  }

  const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE']

  /** `perLocation` reviews a location, one an hour back from `newest`, 50 a page (the bench's). */
  function generatedPage(location: string, url: URL, res: ServerResponse) {
    const { perLocation, newest } = settings.generated!
    const size = Number(url.searchParams.get('pageSize') ?? 50)
    const from = Number(/^gen-(\d+)$/.exec(url.searchParams.get('pageToken') ?? '')?.[1] ?? 0)
    const reviews = []
    for (let i = from; i < Math.min(from + size, perLocation); i++) {
      const time = new Date(newest.getTime() - i * 3_600_000).toISOString()
      reviews.push({
        name: `${location}/reviews/gen${i}`,
        reviewId: `gen${i}`,
        reviewer: { displayName: `Customer ${i}` },
        starRating: STARS[(i * 7) % 5],
        comment: `Review ${i}: the plumber came on time and fixed the leak under the sink.`,
        createTime: time,
        updateTime: time,
        ...(i % 3 === 0 ? { reviewReply: { comment: 'Thank you!', updateTime: time } } : {}),
      })
    }
    const next = from + size < perLocation ? { nextPageToken: `gen-${from + size}` } : {}
    json(res, 200, { reviews, averageRating: 3, totalReviewCount: perLocation, ...next })
  }

  function knownReview(review: string) {
    return [1, 2].some((page) =>
      (fixture(`reviews-${page}`).reviews as { name: string }[]).some((r) => r.name === review),
    )
  }

  async function reply(method: string, review: string, req: IncomingMessage, res: ServerResponse) {
    if (!knownReview(review))
      return googleError(res, 404, 'NOT_FOUND', 'Requested entity was not found.')
    if (method === 'DELETE') {
      replyCalls.push({ method, review })
      replies.set(review, null)
      return json(res, 200, {})
    }
    const body = (await readJson(req)) as { comment?: unknown } | null
    if (typeof body?.comment !== 'string' || body.comment.trim() === '') {
      return invalid(res, 'Request contains an invalid argument.')
    }
    replyCalls.push({ method, review, comment: body.comment })
    if (settings.replyDelayMs) await new Promise((done) => setTimeout(done, settings.replyDelayMs))
    if (settings.refuseReplies) return json(res, 400, fixture('error-reply-policy'))
    const answer = {
      comment: body.comment,
      updateTime: new Date().toISOString(),
      ...settings.moderation,
    }
    replies.set(review, answer)
    json(res, 200, answer)
  }

  function date(url: URL, prefix: string) {
    const part = (name: string) => Number(url.searchParams.get(`${prefix}.${name}`))
    const [year, month, day] = [part('year'), part('month'), part('day')]
    if (!Number.isInteger(year) || year < 2000 || month < 1 || month > 12) return null
    return { year, month, day }
  }

  const iso = (d: { year: number; month: number; day?: number }) =>
    [d.year, d.month, ...(d.day ? [d.day] : [])].map((n) => String(n).padStart(2, '0')).join('-')

  /** Every day of the range with the generated value of each metric asked. */
  function generatedMetrics(location: string, metrics: string[], start: string, end: string) {
    const days: string[] = []
    for (let at = Date.parse(`${start}T00:00:00Z`); at <= Date.parse(`${end}T00:00:00Z`);) {
      days.push(new Date(at).toISOString().slice(0, 10))
      at += 86_400_000
    }
    return metrics.map((metric) => ({
      dailyMetric: metric,
      timeSeries: {
        datedValues: days.map((day) => {
          const [year, month, date] = day.split('-').map(Number) as [number, number, number]
          const value = settings.dailySeries!(location, metric, day)
          return { date: { year, month, day: date }, ...(value ? { value: String(value) } : {}) }
        }),
      },
    }))
  }

  function dailyMetrics(location: string, url: URL, res: ServerResponse) {
    const metrics = url.searchParams.getAll('dailyMetrics')
    const start = date(url, 'dailyRange.startDate')
    const end = date(url, 'dailyRange.endDate')
    if (metrics.length === 0 || !start || !end || !start.day || !end.day) {
      return invalid(res, 'Request contains an invalid argument.')
    }
    performanceCalls.push({ location, from: iso(start), to: iso(end) })
    if (settings.dailySeries) {
      const series = generatedMetrics(location, metrics, iso(start), iso(end))
      return json(res, 200, { multiDailyMetricTimeSeries: [{ dailyMetricTimeSeries: series }] })
    }
    const key = (d: { year: number; month: number; day: number }) =>
      d.year * 10_000 + d.month * 100 + d.day
    const recorded = fixture('daily-metrics').multiDailyMetricTimeSeries as {
      dailyMetricTimeSeries: { dailyMetric: string; timeSeries: { datedValues: DatedValue[] } }[]
    }[]
    const series = recorded[0]!.dailyMetricTimeSeries.filter((s) => metrics.includes(s.dailyMetric))
    json(res, 200, {
      multiDailyMetricTimeSeries: [
        {
          dailyMetricTimeSeries: series.map((s) => ({
            dailyMetric: s.dailyMetric,
            timeSeries: {
              datedValues: s.timeSeries.datedValues.filter(
                (v) => key(v.date) >= key(start) && key(v.date) <= key(end),
              ),
            },
          })),
        },
      ],
    })
  }

  function searchKeywords(location: string, url: URL, res: ServerResponse) {
    const start = date(url, 'monthlyRange.startMonth')
    const end = date(url, 'monthlyRange.endMonth')
    if (!start || !end) return invalid(res, 'Request contains an invalid argument.')
    if (!pageSizeOk(url, 100)) return invalid(res, 'Invalid page size.')
    performanceCalls.push({ location, from: iso(start), to: iso(end) })
    const page = url.searchParams.get('pageToken') === 'c2VhcmNoLWtleXdvcmRzLXBhZ2UtMg==' ? 2 : 1
    json(res, 200, fixture(`search-keywords-${page}`))
  }

  /** Local posts (fake-business-profile-posts.ts): created, listed, patched, deleted. */
  const localPosts = createFakeLocalPosts(BUSINESS_PROFILE_PATHS.GOOGLE_MY_BUSINESS_URL)

  function route(req: IncomingMessage, url: URL) {
    const p = BUSINESS_PROFILE_PATHS
    const path = url.pathname
    const method = req.method ?? 'GET'
    const post = localPosts.route(method, url)
    if (post) return post
    if (method === 'GET' && path === `${p.GOOGLE_ACCOUNT_MANAGEMENT_URL}/accounts`) {
      return (res: ServerResponse) => accounts(url, res)
    }
    const info = new RegExp(`^${p.GOOGLE_BUSINESS_INFORMATION_URL}/(accounts/[^/]+)/locations$`)
    const infoMatch = method === 'GET' ? info.exec(path) : null
    if (infoMatch) return (res: ServerResponse) => locations(infoMatch[1]!, url, res)
    const list = new RegExp(
      `^${p.GOOGLE_MY_BUSINESS_URL}/(accounts/[^/]+/locations/[^/]+)/reviews$`,
    )
    const listMatch = method === 'GET' ? list.exec(path) : null
    if (listMatch) return (res: ServerResponse) => reviews(listMatch[1]!, url, res)
    const replyPath = new RegExp(
      `^${p.GOOGLE_MY_BUSINESS_URL}/(accounts/[^/]+/locations/[^/]+/reviews/[^/]+)/reply$`,
    )
    const replyMatch = method === 'PUT' || method === 'DELETE' ? replyPath.exec(path) : null
    if (replyMatch) {
      return (res: ServerResponse, r: IncomingMessage) => void reply(method, replyMatch[1]!, r, res)
    }
    const perf = p.GOOGLE_BUSINESS_PERFORMANCE_URL
    const daily = new RegExp(`^${perf}/(locations/[^/]+):fetchMultiDailyMetricsTimeSeries$`)
    const dailyMatch = method === 'GET' ? daily.exec(path) : null
    if (dailyMatch) return (res: ServerResponse) => dailyMetrics(dailyMatch[1]!, url, res)
    const terms = new RegExp(`^${perf}/(locations/[^/]+)/searchkeywords/impressions/monthly$`)
    const termsMatch = method === 'GET' ? terms.exec(path) : null
    if (termsMatch) return (res: ServerResponse) => searchKeywords(termsMatch[1]!, url, res)
    return null
  }

  return {
    localPosts,
    replyCalls,
    performanceCalls,
    /** Answers the Business Profile routes; false for any other. */
    handle(req: IncomingMessage, res: ServerResponse, url: URL, calls: string[]): boolean {
      const handler = route(req, url)
      if (!handler) return false
      calls.push(`${req.method} ${url.pathname}`)
      if (!authorized(req)) {
        googleError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')
        return true
      }
      if (settings.failure) {
        const failure = FAILURES[settings.failure]
        json(res, failure.status, fixture(failure.file))
        return true
      }
      handler(res, req)
      return true
    },
    /** From now on every Business Profile call answers Google's refusal; null ends it. */
    failBusinessProfile(failure: BusinessProfileFailure | null) {
      settings.failure = failure
    },
    /** Back to the recorded replies and reviews, and no generated ones. */
    resetReplies() {
      settings.moderation = {}
      settings.refuseReplies = false
      settings.replyDelayMs = 0
      replies.clear()
      replyCalls.length = 0
      added.length = 0
      settings.generated = null
    },
    /** Sent replies answer Google's moderation fields, e.g. { reviewReplyState: 'PENDING' }. */
    moderateReplies(moderation: { reviewReplyState?: string; policyViolation?: unknown }) {
      settings.moderation = moderation
    },
    /** Sent replies answer Google's 400 for a reply against its policy (recorded in the fixture). */
    refuseReplies(refuse: boolean) {
      settings.refuseReplies = refuse
    },
    /** A sent reply is answered `ms` later (a slow Google: a double-click's requests overlap). */
    delayReplies(ms: number) {
      settings.replyDelayMs = ms
    },
    /** A review written since the recording: listed first at the recorded location. */
    addReview(review: Record<string, unknown>) {
      added.unshift(review)
    },
    /** From now on the daily metrics are `series`'s for every location and day; null ends it. */
    generateDailyMetrics(series: DailySeries | null) {
      settings.dailySeries = series
      performanceCalls.length = 0
    },
    /** Every location but the recorded one lists `perLocation` generated reviews; null ends it. */
    generateReviews(generated: { perLocation: number; newest: Date } | null) {
      settings.generated = generated
    },
  }
}

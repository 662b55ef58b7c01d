// The site-audit crawler (issue 11 item 1). It starts from the website and each location's page,
// reads robots.txt and the sitemaps, and follows same-site links breadth first within the bounds:
// a page budget and a depth, 2 connections per host, robots Crawl-delay (10 s at most), a
// per-request time limit, a page size cap, and a watchdog that ends the crawl with what it has.
// 429, 503 and bot walls are "audit blocked", never broken pages. Checks run later on the result.
import {
  CRAWL_AGENT,
  CRAWL_DEFAULTS,
  type CrawledPage,
  type CrawlEndReason,
  type CrawlProgress,
  type CrawlResult,
  type CrawlTrap,
  type RobotsBlockedUrl,
  type StartUrl,
} from './crawl-result.js'
import { classifyFetchError, CrawlTimeoutError, type Fetcher, type FetchResult } from './fetcher.js'
import { extractPageFacts } from './html.js'
import { blockKind, isHtml, retryDelayMs } from './responses.js'
import { fetchRobots, type Robots } from './robots.js'
import { collectSitemapUrls, type SitemapReport } from './sitemaps.js'
import { dedupeKey, isAssetUrl, MAX_URL_LENGTH, siteKey, trapParam, urlPattern } from './urls.js'

export interface CrawlOptions {
  fetcher: Fetcher
  startUrls: StartUrl[]
  budget?: number
  maxDepth?: number
  connectionsPerHost?: number
  requestTimeoutMs?: number
  maxPageBytes?: number
  watchdogMs?: number
  maxRetries?: number
  retryBaseMs?: number
  signal?: AbortSignal
  onProgress?: (progress: CrawlProgress) => void
  /** Injectable for tests. */
  now?: () => number
}

interface QueueItem {
  url: string
  depth: number
}

interface HostState {
  queue: QueueItem[]
  active: number
  nextStartAt: number
  robots?: Robots
  blockedStreak: number
  givenUp: boolean
}

const STOPPED = Symbol('stopped')

export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const now = options.now ?? Date.now
  const budget = options.budget ?? CRAWL_DEFAULTS.budget
  const maxDepth = options.maxDepth ?? CRAWL_DEFAULTS.maxDepth
  const perHost = options.connectionsPerHost ?? CRAWL_DEFAULTS.connectionsPerHost
  const requestTimeoutMs = options.requestTimeoutMs ?? CRAWL_DEFAULTS.requestTimeoutMs
  const maxPageBytes = options.maxPageBytes ?? CRAWL_DEFAULTS.maxPageBytes
  const maxRetries = options.maxRetries ?? CRAWL_DEFAULTS.maxRetries
  const retryBaseMs = options.retryBaseMs ?? CRAWL_DEFAULTS.retryBaseMs
  const startedAt = now()

  const starts = options.startUrls.flatMap((s) => {
    try {
      const u = new URL(s.url)
      return u.protocol === 'http:' || u.protocol === 'https:' ? [{ ...s, url: u.href }] : []
    } catch {
      return []
    }
  })
  const sites = new Set(starts.map((s) => siteKey(new URL(s.url))))
  const startFor = new Map<string, (string | null)[]>()
  for (const s of starts) {
    const key = dedupeKey(s.url)
    startFor.set(key, [...(startFor.get(key) ?? []), s.locationId])
  }

  // Stopping: the watchdog, the caller's signal, or both. Every wait races against it.
  let endReason: CrawlEndReason | undefined
  let stopResolve: () => void = () => {}
  const stopped = new Promise<typeof STOPPED>((resolve) => {
    stopResolve = () => resolve(STOPPED)
  })
  // Aborts the requests still in flight when the crawl stops.
  const abortRequests = new AbortController()
  const stop = (reason: CrawlEndReason) => {
    if (endReason) return
    endReason = reason
    stopResolve()
    abortRequests.abort()
  }
  const watchdog = setTimeout(
    () => stop('timeout'),
    options.watchdogMs ?? CRAWL_DEFAULTS.watchdogMs,
  )
  const onAbort = () => stop('cancelled')
  if (options.signal?.aborted) stop('cancelled')
  options.signal?.addEventListener('abort', onAbort, { once: true })

  const race = <T>(promise: Promise<T>, timeoutMs?: number): Promise<T | typeof STOPPED> => {
    promise.catch(() => {}) // an abandoned request may still fail later
    const contenders: Promise<T | typeof STOPPED>[] = [promise, stopped]
    let timer: NodeJS.Timeout | undefined
    if (timeoutMs !== undefined) {
      contenders.push(
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new CrawlTimeoutError('timeout')), timeoutMs)
        }),
      )
    }
    return Promise.race(contenders).finally(() => clearTimeout(timer))
  }
  const sleep = (ms: number) =>
    race(new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms))))

  const pages: CrawledPage[] = []
  const robotsByOrigin = new Map<string, Robots>()
  const robotsBlocked: RobotsBlockedUrl[] = []
  const traps = new Map<string, CrawlTrap>()
  const patternCounts = new Map<string, number>()
  const seen = new Set<string>()
  const parsedFinals = new Set<string>()
  const hosts = new Map<string, HostState>()
  const inflight = new Set<Promise<void>>()
  let started = 0
  let sitemapReports: SitemapReport[] = []
  let sitemapUrls = 0

  const noteTrap = (pattern: string, example: string) => {
    const trap = traps.get(pattern) ?? { pattern, example, skipped: 0 }
    trap.skipped++
    traps.set(pattern, trap)
  }

  const track = (promise: Promise<void>) => {
    const tracked = promise.finally(() => inflight.delete(tracked))
    inflight.add(tracked)
  }

  const hostFor = (url: URL): HostState => {
    let host = hosts.get(url.host)
    if (!host) {
      host = { queue: [], active: 0, nextStartAt: 0, blockedStreak: 0, givenUp: false }
      hosts.set(url.host, host)
      const state = host
      track(
        race(fetchRobots(options.fetcher, url.href, CRAWL_AGENT), requestTimeoutMs + 1000)
          .catch(() => undefined)
          .then((robots) => {
            if (robots === STOPPED) return
            const rules =
              robots ??
              ({
                url: new URL('/robots.txt', url).href,
                outcome: 'unreachable',
                failure: 'timeout',
                crawlDelayMs: 0,
                sitemaps: [],
                syntaxErrors: [],
                isAllowed: () => false,
                matchingLine: () => undefined,
              } satisfies Robots)
            state.robots = rules
            robotsByOrigin.set(url.origin, rules)
          }),
      )
    }
    return host
  }

  /** Queues a link if it is same-site, new, not an asset and not part of a trap. */
  const discover = (raw: string, depth: number) => {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return
    if (!sites.has(siteKey(url))) return
    if (url.pathname.startsWith('/cdn-cgi/') || isAssetUrl(url)) return
    url.hash = ''
    const key = dedupeKey(url)
    if (seen.has(key)) return
    const { pattern, calendar } = urlPattern(url)
    if (url.href.length > MAX_URL_LENGTH) return noteTrap(pattern, url.href)
    const param = trapParam(url)
    if (param) return noteTrap(pattern, url.href)
    if (pattern !== url.href) {
      const count = (patternCounts.get(pattern) ?? 0) + 1
      const cap = calendar ? CRAWL_DEFAULTS.calendarPatternCap : CRAWL_DEFAULTS.numberedPatternCap
      if (count > cap) return noteTrap(pattern, url.href)
      patternCounts.set(pattern, count)
    }
    seen.add(key)
    hostFor(url).queue.push({ url: url.href, depth })
  }

  const record = (page: CrawledPage) => {
    pages.push(page)
    options.onProgress?.({ pagesCrawled: pages.length, budget })
  }

  async function crawlPage(item: QueueItem, host: HostState): Promise<void> {
    const page: CrawledPage = {
      url: item.url,
      finalUrl: item.url,
      depth: item.depth,
      redirects: [],
      truncated: false,
      startFor: startFor.get(dedupeKey(item.url)) ?? [],
    }
    let res: FetchResult | undefined
    for (let attempt = 0; ; attempt++) {
      let answer
      try {
        answer = await race(
          options.fetcher.fetch(item.url, {
            maxBytes: maxPageBytes,
            headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
            signal: abortRequests.signal,
          }),
          requestTimeoutMs + 1000,
        )
      } catch (error) {
        page.failure = classifyFetchError(error)
        break
      }
      if (answer === STOPPED) return
      res = answer
      const kind = blockKind(res)
      if ((kind === 'rate-limited' || kind === 'server-busy') && attempt < maxRetries) {
        if ((await sleep(retryDelayMs(res, attempt + 1, retryBaseMs))) === STOPPED) return
        continue
      }
      break
    }

    if (res) {
      page.finalUrl = res.url
      page.status = res.status
      // The chain lists every URL requested; all but the last answered with a redirect.
      page.redirects = res.redirects.slice(0, -1)
      page.truncated = res.truncated
      page.contentType = res.headers['content-type']
      page.xRobotsTag = res.headers['x-robots-tag']
      page.linkHeader = res.headers['link']
      page.blocked = blockKind(res)
      for (const hop of res.redirects) {
        try {
          seen.add(dedupeKey(hop))
        } catch {
          // not a URL: nothing to remember
        }
      }
      const final = new URL(res.url)
      const finalKey = dedupeKey(final)
      // A website that moved (apex to a new domain, say) is audited where it now lives.
      if (item.depth === 0 && page.startFor.length > 0 && res.status < 300)
        sites.add(siteKey(final))
      if (
        res.status >= 200 &&
        res.status < 300 &&
        !page.blocked &&
        !res.truncated &&
        isHtml(res) &&
        sites.has(siteKey(final)) &&
        !parsedFinals.has(finalKey)
      ) {
        parsedFinals.add(finalKey)
        page.facts = extractPageFacts(res.body, { url: res.url, contentType: page.contentType })
        if (item.depth < maxDepth) {
          for (const link of page.facts.links) discover(link, item.depth + 1)
        }
      }
    }
    host.blockedStreak = page.blocked ? host.blockedStreak + 1 : 0
    if (host.blockedStreak >= CRAWL_DEFAULTS.maxBlockedStreak) host.givenUp = true
    record(page)
  }

  /** Starts every queued page whose host has a free connection, robots permitting. */
  const launch = () => {
    for (const host of hosts.values()) {
      const robots = host.robots
      if (!robots) continue
      const limit = robots.crawlDelayMs > 0 ? 1 : perHost
      while (
        host.queue.length > 0 &&
        !host.givenUp &&
        host.active < limit &&
        now() >= host.nextStartAt &&
        started < budget &&
        !endReason
      ) {
        const item = host.queue.shift()!
        const blockedForGoogle = !robots.isAllowed(item.url, 'Googlebot')
        // A host the SSRF guard refuses: its pages are "tried" too, so they are reported as not
        // fetchable (nothing is sent), not hidden behind a robots.txt it never had.
        const refused = robots.failure === 'blocked-address'
        const allowedForUs = refused || robots.isAllowed(item.url, CRAWL_AGENT)
        if ((blockedForGoogle || !allowedForUs) && robots.outcome === 'parsed') {
          robotsBlocked.push({
            url: item.url,
            robotsUrl: robots.url,
            line: robots.matchingLine(item.url, blockedForGoogle ? 'Googlebot' : CRAWL_AGENT),
            forGoogle: blockedForGoogle,
            skipped: !allowedForUs,
            startFor: startFor.get(dedupeKey(item.url)) ?? [],
          })
        }
        if (!allowedForUs) continue
        started++
        host.active++
        host.nextStartAt = now() + robots.crawlDelayMs
        track(
          crawlPage(item, host)
            .catch(() => {})
            .finally(() => {
              host.active--
            }),
        )
      }
    }
  }

  try {
    for (const s of starts) discover(s.url, 0)
    // Sitemaps of the first site seed the crawl after its robots.txt is read.
    const first = starts[0]
    if (first) {
      await race(Promise.all([...inflight]))
      const origin = new URL(first.url).origin
      const robots = robotsByOrigin.get(origin)
      if (!endReason && robots?.outcome !== 'unreachable') {
        const sitemap = await race(
          collectSitemapUrls({
            fetcher: options.fetcher,
            siteUrl: first.url,
            fromRobots: robots?.sitemaps ?? [],
            shouldStop: () => endReason !== undefined,
          }),
        )
        if (sitemap !== STOPPED) {
          sitemapReports = sitemap.sitemaps
          sitemapUrls = sitemap.urls.length
          for (const url of sitemap.urls.slice(0, budget * 5)) discover(url, 1)
        }
      }
    }

    while (!endReason) {
      launch()
      const queued = [...hosts.values()].some((h) => h.queue.length > 0 && !h.givenUp)
      if (inflight.size === 0 && (!queued || started >= budget)) break
      const waits: Promise<unknown>[] = [...inflight, stopped]
      // Hosts only waiting for their Crawl-delay: wake up when the first of them may go again.
      const ready = [...hosts.values()].filter(
        (h) =>
          h.robots &&
          h.queue.length > 0 &&
          !h.givenUp &&
          h.active < (h.robots.crawlDelayMs > 0 ? 1 : perHost),
      )
      let wake: NodeJS.Timeout | undefined
      if (ready.length > 0 && started < budget) {
        const wakeAt = Math.min(...ready.map((h) => h.nextStartAt))
        waits.push(
          new Promise((resolve) => (wake = setTimeout(resolve, Math.max(1, wakeAt - now())))),
        )
      }
      await Promise.race(waits)
      clearTimeout(wake)
    }
    if (!endReason) {
      const leftOver = [...hosts.values()].some((h) => h.queue.length > 0 && !h.givenUp)
      endReason = leftOver && started >= budget ? 'budget' : 'done'
    }
  } finally {
    clearTimeout(watchdog)
    options.signal?.removeEventListener('abort', onAbort)
    stopResolve()
    abortRequests.abort()
  }

  return {
    startUrls: starts,
    pages,
    robots: [...robotsByOrigin.values()],
    robotsBlocked,
    sitemaps: sitemapReports,
    sitemapUrls,
    traps: [...traps.values()],
    endReason: endReason ?? 'done',
    budget,
    durationMs: now() - startedAt,
  }
}

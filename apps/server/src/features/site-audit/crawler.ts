// The site-audit crawler (issue 11 item 1). It starts from the website and each location's page,
// reads robots.txt and the sitemaps, and follows same-site links breadth first within the bounds:
// a page budget and a depth, 2 connections per host, robots Crawl-delay (10 s at most), a
// per-request time limit, a page size cap, and a watchdog that ends the crawl with what it has.
// 429, 503 and bot walls are "audit blocked", never broken pages. Checks run later on the result.
import {
  CRAWL_AGENT,
  CRAWL_DEFAULTS,
  type CrawledPage,
  type CrawlProgress,
  type CrawlResult,
  type RobotsBlockedUrl,
  type StartUrl,
} from './crawl-result.js'
import { CrawlFrontier } from './crawl-frontier.js'
import { CrawlStopper, STOPPED } from './crawl-stopper.js'
import { classifyFetchError, type Fetcher, type FetchResult } from './fetcher.js'
import { extractPageFacts } from './html.js'
import { blockKind, isHtml, retryDelayMs } from './responses.js'
import { fetchRobots, type Robots } from './robots.js'
import { collectSitemapUrls, type SitemapReport } from './sitemaps.js'
import { dedupeKey, siteKey } from './urls.js'

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

/** The rules for a host whose robots.txt could not be read in time: nothing is allowed. */
const unreadRobots = (url: URL): Robots => ({
  url: new URL('/robots.txt', url).href,
  outcome: 'unreachable',
  failure: 'timeout',
  crawlDelayMs: 0,
  sitemaps: [],
  syntaxErrors: [],
  isAllowed: () => false,
  matchingLine: () => undefined,
})

/** The start URLs that are http(s), normalised. */
function validStarts(startUrls: readonly StartUrl[]): StartUrl[] {
  return startUrls.flatMap((s) => {
    try {
      const u = new URL(s.url)
      return u.protocol === 'http:' || u.protocol === 'https:' ? [{ ...s, url: u.href }] : []
    } catch {
      return []
    }
  })
}

/** One crawl: its bounds, its state, and the steps that move it on. */
class Crawl {
  readonly now: () => number
  readonly budget: number
  readonly maxDepth: number
  readonly perHost: number
  readonly requestTimeoutMs: number
  readonly startedAt: number
  readonly starts: StartUrl[]
  readonly startFor = new Map<string, (string | null)[]>()
  readonly stopper: CrawlStopper
  readonly frontier: CrawlFrontier
  readonly pages: CrawledPage[] = []
  readonly robotsByOrigin = new Map<string, Robots>()
  readonly robotsBlocked: RobotsBlockedUrl[] = []
  readonly parsedFinals = new Set<string>()
  readonly hosts = new Map<string, HostState>()
  readonly inflight = new Set<Promise<void>>()
  started = 0
  sitemapReports: SitemapReport[] = []
  sitemapUrls = 0

  constructor(readonly options: CrawlOptions) {
    this.now = options.now ?? Date.now
    this.budget = options.budget ?? CRAWL_DEFAULTS.budget
    this.maxDepth = options.maxDepth ?? CRAWL_DEFAULTS.maxDepth
    this.perHost = options.connectionsPerHost ?? CRAWL_DEFAULTS.connectionsPerHost
    this.requestTimeoutMs = options.requestTimeoutMs ?? CRAWL_DEFAULTS.requestTimeoutMs
    this.startedAt = this.now()
    this.starts = validStarts(options.startUrls)
    this.frontier = new CrawlFrontier(this.starts.map((s) => s.url))
    for (const s of this.starts) {
      const key = dedupeKey(s.url)
      this.startFor.set(key, [...(this.startFor.get(key) ?? []), s.locationId])
    }
    this.stopper = new CrawlStopper(options.watchdogMs ?? CRAWL_DEFAULTS.watchdogMs, options.signal)
  }

  get stopped() {
    return this.stopper.endReason !== undefined
  }

  track(promise: Promise<void>) {
    const tracked = promise.finally(() => this.inflight.delete(tracked))
    this.inflight.add(tracked)
  }

  /** The host's state; the first time, its robots.txt is fetched in the background. */
  hostFor(url: URL): HostState {
    const known = this.hosts.get(url.host)
    if (known) return known
    const host: HostState = {
      queue: [],
      active: 0,
      nextStartAt: 0,
      blockedStreak: 0,
      givenUp: false,
    }
    this.hosts.set(url.host, host)
    const robots = fetchRobots(this.options.fetcher, url.href, CRAWL_AGENT)
    this.track(
      this.stopper
        .race(robots, this.requestTimeoutMs + 1000)
        .catch(() => undefined)
        .then((rules) => {
          if (rules === STOPPED) return
          host.robots = rules ?? unreadRobots(url)
          this.robotsByOrigin.set(url.origin, host.robots)
        }),
    )
    return host
  }

  /** Queues a link the frontier admits. */
  discover(raw: string, depth: number) {
    const url = this.frontier.admit(raw)
    if (url) this.hostFor(url).queue.push({ url: url.href, depth })
  }

  /** The page's response, retrying 429 and 503 with backoff; STOPPED when the crawl stopped. */
  async fetchWithRetries(item: QueueItem, page: CrawledPage) {
    const { fetcher, maxRetries = CRAWL_DEFAULTS.maxRetries } = this.options
    const retryBaseMs = this.options.retryBaseMs ?? CRAWL_DEFAULTS.retryBaseMs
    for (let attempt = 0; ; attempt++) {
      let answer
      try {
        const request = fetcher.fetch(item.url, {
          maxBytes: this.options.maxPageBytes ?? CRAWL_DEFAULTS.maxPageBytes,
          headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
          signal: this.stopper.requests.signal,
        })
        answer = await this.stopper.race(request, this.requestTimeoutMs + 1000)
      } catch (error) {
        page.failure = classifyFetchError(error)
        return undefined
      }
      if (answer === STOPPED) return STOPPED
      const kind = blockKind(answer)
      if ((kind === 'rate-limited' || kind === 'server-busy') && attempt < maxRetries) {
        const slept = await this.stopper.sleep(retryDelayMs(answer, attempt + 1, retryBaseMs))
        if (slept === STOPPED) return STOPPED
        continue
      }
      return answer
    }
  }

  /** What the response says about the page; an HTML page of the site is read for its links. */
  readResponse(page: CrawledPage, res: FetchResult, item: QueueItem) {
    page.finalUrl = res.url
    page.status = res.status
    // The chain lists every URL requested; all but the last answered with a redirect.
    page.redirects = res.redirects.slice(0, -1)
    page.truncated = res.truncated
    page.contentType = res.headers['content-type']
    page.xRobotsTag = res.headers['x-robots-tag']
    page.linkHeader = res.headers['link']
    page.blocked = blockKind(res)
    for (const hop of res.redirects) this.frontier.markSeen(hop)
    const final = new URL(res.url)
    const finalKey = dedupeKey(final)
    const { sites } = this.frontier
    // A website that moved (apex to a new domain, say) is audited where it now lives.
    if (item.depth === 0 && page.startFor.length > 0 && res.status < 300) sites.add(siteKey(final))
    const readable = res.status >= 200 && res.status < 300 && !page.blocked && !res.truncated
    if (
      !readable ||
      !isHtml(res) ||
      !sites.has(siteKey(final)) ||
      this.parsedFinals.has(finalKey)
    ) {
      return
    }
    this.parsedFinals.add(finalKey)
    page.facts = extractPageFacts(res.body, { url: res.url, contentType: page.contentType })
    if (item.depth < this.maxDepth) {
      for (const link of page.facts.links) this.discover(link, item.depth + 1)
    }
  }

  async crawlPage(item: QueueItem, host: HostState): Promise<void> {
    const page: CrawledPage = {
      url: item.url,
      finalUrl: item.url,
      depth: item.depth,
      redirects: [],
      truncated: false,
      startFor: this.startFor.get(dedupeKey(item.url)) ?? [],
    }
    const res = await this.fetchWithRetries(item, page)
    if (res === STOPPED) return
    if (res) this.readResponse(page, res, item)
    host.blockedStreak = page.blocked ? host.blockedStreak + 1 : 0
    if (host.blockedStreak >= CRAWL_DEFAULTS.maxBlockedStreak) host.givenUp = true
    this.pages.push(page)
    this.options.onProgress?.({ pagesCrawled: this.pages.length, budget: this.budget })
  }

  /** Whether the queued page may be fetched; a robots.txt refusal is recorded either way. */
  allowedByRobots(item: QueueItem, robots: Robots): boolean {
    const blockedForGoogle = !robots.isAllowed(item.url, 'Googlebot')
    // A host the SSRF guard refuses: its pages are "tried" too, so they are reported as not
    // fetchable (nothing is sent), not hidden behind a robots.txt it never had.
    const refused = robots.failure === 'blocked-address'
    const allowedForUs = refused || robots.isAllowed(item.url, CRAWL_AGENT)
    if ((blockedForGoogle || !allowedForUs) && robots.outcome === 'parsed') {
      this.robotsBlocked.push({
        url: item.url,
        robotsUrl: robots.url,
        line: robots.matchingLine(item.url, blockedForGoogle ? 'Googlebot' : CRAWL_AGENT),
        forGoogle: blockedForGoogle,
        skipped: !allowedForUs,
        startFor: this.startFor.get(dedupeKey(item.url)) ?? [],
      })
    }
    return allowedForUs
  }

  /** A host's connection limit: one at a time under a Crawl-delay. */
  limitFor(robots: Robots) {
    return robots.crawlDelayMs > 0 ? 1 : this.perHost
  }

  /** Starts every queued page whose host has a free connection, robots permitting. */
  launch() {
    for (const host of this.hosts.values()) {
      const robots = host.robots
      if (!robots) continue
      while (
        host.queue.length > 0 &&
        !host.givenUp &&
        host.active < this.limitFor(robots) &&
        this.now() >= host.nextStartAt &&
        this.started < this.budget &&
        !this.stopped
      ) {
        const item = host.queue.shift()!
        if (!this.allowedByRobots(item, robots)) continue
        this.started++
        host.active++
        host.nextStartAt = this.now() + robots.crawlDelayMs
        const done = () => {
          host.active--
          // The delay also counts from the answer, so the site sees its gap between requests
          // however long one took to reach it.
          if (robots.crawlDelayMs > 0) {
            host.nextStartAt = Math.max(host.nextStartAt, this.now() + robots.crawlDelayMs)
          }
        }
        this.track(
          this.crawlPage(item, host)
            .catch(() => {})
            .finally(done),
        )
      }
    }
  }

  /** Sitemaps of the first site seed the crawl once its robots.txt is read. */
  async seedFromSitemaps() {
    const first = this.starts[0]
    if (!first) return
    await this.stopper.race(Promise.all([...this.inflight]))
    const robots = this.robotsByOrigin.get(new URL(first.url).origin)
    if (this.stopped || robots?.outcome === 'unreachable') return
    const sitemap = await this.stopper.race(
      collectSitemapUrls({
        fetcher: this.options.fetcher,
        siteUrl: first.url,
        fromRobots: robots?.sitemaps ?? [],
        shouldStop: () => this.stopped,
      }),
    )
    if (sitemap === STOPPED) return
    this.sitemapReports = sitemap.sitemaps
    this.sitemapUrls = sitemap.urls.length
    for (const url of sitemap.urls.slice(0, this.budget * 5)) this.discover(url, 1)
  }

  hasQueued() {
    return [...this.hosts.values()].some((h) => h.queue.length > 0 && !h.givenUp)
  }

  /** A timer for when the first host only waiting for its Crawl-delay may go again. */
  crawlDelayWake(): { wait?: Promise<unknown>; timer?: NodeJS.Timeout } {
    const ready = [...this.hosts.values()].filter(
      (h) => h.robots && h.queue.length > 0 && !h.givenUp && h.active < this.limitFor(h.robots),
    )
    if (ready.length === 0 || this.started >= this.budget) return {}
    const wakeAt = Math.min(...ready.map((h) => h.nextStartAt))
    let timer: NodeJS.Timeout | undefined
    const wait = new Promise((resolve) => {
      timer = setTimeout(resolve, Math.max(1, wakeAt - this.now()))
    })
    return { wait, timer }
  }

  /** Launches pages until nothing is left, the budget is spent, or the crawl is stopped. */
  async run() {
    while (!this.stopped) {
      this.launch()
      if (this.inflight.size === 0 && (!this.hasQueued() || this.started >= this.budget)) break
      const wake = this.crawlDelayWake()
      const waits: Promise<unknown>[] = [...this.inflight, this.stopper.whenStopped()]
      if (wake.wait) waits.push(wake.wait)
      await Promise.race(waits)
      clearTimeout(wake.timer)
    }
    if (!this.stopped) {
      this.stopper.endReason = this.hasQueued() && this.started >= this.budget ? 'budget' : 'done'
    }
  }

  result(): CrawlResult {
    return {
      startUrls: this.starts,
      pages: this.pages,
      robots: [...this.robotsByOrigin.values()],
      robotsBlocked: this.robotsBlocked,
      sitemaps: this.sitemapReports,
      sitemapUrls: this.sitemapUrls,
      traps: this.frontier.trapsFound(),
      endReason: this.stopper.endReason ?? 'done',
      budget: this.budget,
      durationMs: this.now() - this.startedAt,
    }
  }
}

export async function crawlSite(options: CrawlOptions): Promise<CrawlResult> {
  const crawl = new Crawl(options)
  try {
    for (const s of crawl.starts) crawl.discover(s.url, 0)
    await crawl.seedFromSitemaps()
    await crawl.run()
  } finally {
    crawl.stopper.dispose()
  }
  return crawl.result()
}

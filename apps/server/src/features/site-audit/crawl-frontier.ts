// Which links a crawl follows (crawler.ts): same-site, new, not an asset, and not part of a trap
// (endless calendars, numbered pages, session parameters, overlong URLs), which is noted instead.
import { CRAWL_DEFAULTS, type CrawlTrap } from './crawl-result.js'
import { dedupeKey, isAssetUrl, MAX_URL_LENGTH, siteKey, trapParam, urlPattern } from './urls.js'

export class CrawlFrontier {
  /** Sites (registrable hosts) the crawl stays on; a moved website adds its new one. */
  readonly sites: Set<string>
  private readonly seen = new Set<string>()
  private readonly traps = new Map<string, CrawlTrap>()
  private readonly patternCounts = new Map<string, number>()

  constructor(startUrls: readonly string[]) {
    this.sites = new Set(startUrls.map((url) => siteKey(new URL(url))))
  }

  /** Remembers a URL as seen (a redirect hop), so it is not queued again. */
  markSeen(raw: string) {
    try {
      this.seen.add(dedupeKey(raw))
    } catch {
      // not a URL: nothing to remember
    }
  }

  /** The URL to queue for a link, or undefined when the crawl should not follow it. */
  admit(raw: string): URL | undefined {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return undefined
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (!this.sites.has(siteKey(url))) return undefined
    if (url.pathname.startsWith('/cdn-cgi/') || isAssetUrl(url)) return undefined
    url.hash = ''
    const key = dedupeKey(url)
    if (this.seen.has(key) || this.isTrap(url)) return undefined
    this.seen.add(key)
    return url
  }

  trapsFound(): CrawlTrap[] {
    return [...this.traps.values()]
  }

  private isTrap(url: URL): boolean {
    const { pattern, calendar } = urlPattern(url)
    if (url.href.length > MAX_URL_LENGTH || trapParam(url)) return this.noteTrap(pattern, url.href)
    if (pattern !== url.href) {
      const count = (this.patternCounts.get(pattern) ?? 0) + 1
      const cap = calendar ? CRAWL_DEFAULTS.calendarPatternCap : CRAWL_DEFAULTS.numberedPatternCap
      if (count > cap) return this.noteTrap(pattern, url.href)
      this.patternCounts.set(pattern, count)
    }
    return false
  }

  private noteTrap(pattern: string, example: string): true {
    const trap = this.traps.get(pattern) ?? { pattern, example, skipped: 0 }
    trap.skipped++
    this.traps.set(pattern, trap)
    return true
  }
}

// Sitemaps from robots.txt `Sitemap:` lines, else /sitemap.xml (then /sitemap_index.xml). Indexes
// are followed to a depth of 3 with a visited set (an index that lists itself ends there), at most
// 50,000 URLs in all and 50 MB per file, gzip included: decompression stops at the same cap, so a
// gzip bomb costs at most 50 MB, never the process.
import { gunzipSync } from 'node:zlib'
import { XMLParser } from 'fast-xml-parser'
import { classifyFetchError, type Fetcher } from './fetcher.js'

const SITEMAP_MAX_URLS = 50_000
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024
const SITEMAP_MAX_DEPTH = 3

type SitemapProblem =
  | 'unreachable'
  | 'error-status'
  | 'too-large'
  | 'unreadable'
  | 'lists-itself'
  | 'too-deep'
  | 'url-cap'

export interface SitemapReport {
  url: string
  status?: number
  /** Page URLs this file contributed. */
  urls: number
  problem?: SitemapProblem
}

export interface SitemapOptions {
  fetcher: Fetcher
  /** Any page of the site: /sitemap.xml is looked up on its origin. */
  siteUrl: string
  /** `Sitemap:` lines of robots.txt; when there are none the default locations are tried. */
  fromRobots: string[]
  maxUrls?: number
  maxBytes?: number
  maxDepth?: number
  shouldStop?: () => boolean
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
})

interface ParsedSitemap {
  urlset?: { url?: { loc?: unknown }[] }
  sitemapindex?: { sitemap?: { loc?: unknown }[] }
}

function locs(entries: { loc?: unknown }[] | undefined, base: string): string[] {
  const out: string[] = []
  for (const entry of entries ?? []) {
    const loc = typeof entry.loc === 'string' ? entry.loc.trim().replace(/&amp;/g, '&') : ''
    if (!loc) continue
    try {
      const url = new URL(loc, base)
      if (url.protocol === 'http:' || url.protocol === 'https:') out.push(url.href)
    } catch {
      // an unparseable <loc> is skipped
    }
  }
  return out
}

function isGzip(body: Buffer) {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b
}

/**
 * Fetches, un-gzips (capped) and parses one sitemap, noting any problem on its report. `found` says
 * whether the sitemap exists (only a 404 does not), for the fallback to /sitemap_index.xml.
 */
async function loadSitemap(
  fetcher: SitemapOptions['fetcher'],
  url: string,
  maxBytes: number,
  report: SitemapReport,
): Promise<{ parsed: ParsedSitemap; finalUrl: string } | { found: boolean }> {
  let res
  try {
    res = await fetcher.fetch(url, { maxBytes })
  } catch (error) {
    report.problem = classifyFetchError(error) === 'too-large' ? 'too-large' : 'unreachable'
    return { found: true }
  }
  report.status = res.status
  if (res.status < 200 || res.status >= 300) {
    report.problem = 'error-status'
    return { found: res.status !== 404 }
  }
  if (res.truncated) {
    report.problem = 'too-large'
    return { found: true }
  }
  let body = res.body
  if (isGzip(body)) {
    try {
      body = gunzipSync(body, { maxOutputLength: maxBytes })
    } catch (error) {
      const code = (error as { code?: string }).code
      report.problem = code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable'
      return { found: true }
    }
  }
  try {
    return { parsed: parser.parse(body.toString('utf8')) as ParsedSitemap, finalUrl: res.url }
  } catch {
    report.problem = 'unreadable'
    return { found: true }
  }
}

export async function collectSitemapUrls(
  options: SitemapOptions,
): Promise<{ urls: string[]; sitemaps: SitemapReport[] }> {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS
  const maxBytes = options.maxBytes ?? SITEMAP_MAX_BYTES
  const maxDepth = options.maxDepth ?? SITEMAP_MAX_DEPTH
  const urls = new Set<string>()
  const reports: SitemapReport[] = []
  const visited = new Set<string>()

  async function read(url: string, depth: number, parent?: string): Promise<boolean> {
    if (options.shouldStop?.()) return false
    if (visited.has(url)) {
      if (url === parent) reports.push({ url, urls: 0, problem: 'lists-itself' })
      return true
    }
    visited.add(url)
    if (depth > maxDepth) {
      reports.push({ url, urls: 0, problem: 'too-deep' })
      return true
    }
    const report: SitemapReport = { url, urls: 0 }
    reports.push(report)
    const loaded = await loadSitemap(options.fetcher, url, maxBytes, report)
    if (!('parsed' in loaded)) return loaded.found
    const { parsed, finalUrl } = loaded
    if (parsed.sitemapindex) {
      for (const child of locs(parsed.sitemapindex.sitemap, finalUrl)) {
        if (urls.size >= maxUrls) break
        await read(child, depth + 1, url)
      }
      return true
    }
    if (!parsed.urlset) {
      report.problem = 'unreadable'
      return true
    }
    for (const page of locs(parsed.urlset.url, finalUrl)) {
      if (urls.size >= maxUrls) {
        report.problem = 'url-cap'
        break
      }
      if (!urls.has(page)) {
        urls.add(page)
        report.urls++
      }
    }
    return true
  }

  if (options.fromRobots.length > 0) {
    for (const url of options.fromRobots) await read(url, 1)
  } else {
    const found = await read(new URL('/sitemap.xml', options.siteUrl).href, 1)
    // Only a 404 on /sitemap.xml leads to the index name; a missing sitemap is no problem.
    const first = reports[0]
    if (!found && first?.status === 404) {
      reports.length = 0
      await read(new URL('/sitemap_index.xml', options.siteUrl).href, 1)
      const second = reports[0]
      if (second?.status === 404) reports.length = 0
    }
  }
  return { urls: [...urls], sitemaps: reports }
}

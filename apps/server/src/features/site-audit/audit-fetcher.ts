// The fetcher an audit runs with: the SSRF-safe module, with the audit's limits (issue 11 item 1).
import { createSafeFetcher, type Resolver, type SafeFetcher } from '../../net/safe-fetch.js'
import { CRAWL_DEFAULTS } from './crawl-result.js'
import { SITEMAP_MAX_BYTES } from './sitemaps.js'

const AUDIT_USER_AGENT = 'LocalSEO-AI-SiteAudit/1.0 (+https://localseo.ai/bot)'

/**
 * One per audit run; close() it when the run ends. Pages ask for 5 MB and robots.txt for 500 KiB
 * per request, so the fetcher-wide cap is the sitemap's 50 MB.
 */
export function createAuditFetcher({
  allowHosts,
  resolve,
}: {
  allowHosts: readonly string[]
  /** DNS (tests); the system resolver when not given. */
  resolve?: Resolver
}): SafeFetcher {
  return createSafeFetcher({
    allowHosts,
    resolve,
    userAgent: AUDIT_USER_AGENT,
    maxConnectionsPerHost: CRAWL_DEFAULTS.connectionsPerHost,
    timeoutMs: CRAWL_DEFAULTS.requestTimeoutMs,
    maxBytes: SITEMAP_MAX_BYTES,
    maxRedirects: CRAWL_DEFAULTS.maxRedirects,
  })
}

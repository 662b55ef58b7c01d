// Indexability: status codes, redirects, blocking, noindex, robots.txt, canonical, hreflang, HTTPS.
// Canonical and hreflang look at <head> and the Link header only; links in <body> are ignored.
import type { CrawledPage, CrawlResult } from '../crawl-result.js'
import type { HreflangRef } from '../html.js'
import type { Findings, IssuePage } from './catalogue.js'
import { parseLinkHeader } from './link-header.js'

const push = (findings: Findings, id: keyof Findings, page: IssuePage) => {
  ;(findings[id] ??= []).push(page)
}

const FAILURE_TEXT: Record<string, string> = {
  timeout: 'did not answer in time',
  dns: 'the address was not found',
  refused: 'the server refused the connection',
  tls: 'the HTTPS certificate is not valid',
  network: 'the connection failed',
  'blocked-address': 'the address is not public, so it was not fetched',
}

const BLOCK_TEXT = {
  'rate-limited': 'too many requests (429)',
  'server-busy': 'server busy (503)',
  'bot-wall': 'bot protection page',
} as const

const BLOCKING = /(^|[\s,])(noindex|none)([\s,]|$)/i

function unavailableAfterPassed(content: string, now: Date): boolean {
  const match = /unavailable_after\s*:\s*([^,]+(?:,\s*\d[^,]*)?)/i.exec(content)
  if (!match?.[1]) return false
  const when = Date.parse(match[1].trim())
  return Number.isFinite(when) && when < now.getTime()
}

/** X-Robots-Tag values for every crawler or for Googlebot ('googlebot: noindex'). */
function headerDirectives(header: string): { bot?: string; value: string }[] {
  const out: { bot?: string; value: string }[] = []
  let bot: string | undefined
  for (const part of header.split(',')) {
    const match = /^\s*([a-z][\w.-]*)\s*:\s*(.*)$/i.exec(part)
    const name = match?.[1]?.toLowerCase()
    if (
      match &&
      name &&
      !/^(unavailable_after|max-snippet|max-image-preview|max-video-preview)$/.test(name)
    ) {
      bot = name
      out.push({ bot, value: match[2] ?? '' })
    } else {
      out.push({ bot, value: part })
    }
  }
  return out
}

function noindexSources(page: CrawledPage, now: Date): string[] {
  const sources: string[] = []
  const applies = (name: string | undefined) =>
    name === undefined || name === 'robots' || name === 'googlebot'
  for (const meta of page.facts?.metaRobots ?? []) {
    if (!applies(meta.name)) continue
    if (BLOCKING.test(meta.content) || unavailableAfterPassed(meta.content, now)) {
      sources.push(`<meta name="${meta.name}" content="${meta.content.trim()}">`)
    }
  }
  if (page.xRobotsTag) {
    const blocked = headerDirectives(page.xRobotsTag).some(
      (d) => applies(d.bot) && (BLOCKING.test(d.value) || unavailableAfterPassed(d.value, now)),
    )
    if (blocked) sources.push(`X-Robots-Tag: ${page.xRobotsTag}`)
  }
  return sources
}

function canonicalFindings(page: CrawledPage, findings: Findings) {
  const url = page.finalUrl
  const header = parseLinkHeader(page.linkHeader)
    .filter((l) => l.rel.includes('canonical'))
    .map((l) => l.href)
  const hrefs = [...(page.facts?.headCanonicals ?? []), ...header]
  if (hrefs.length === 0) return
  const resolved = new Set<string>()
  for (const href of hrefs) {
    let absolute: URL | undefined
    try {
      absolute = new URL(href)
    } catch {
      absolute = undefined
    }
    if (absolute) {
      resolved.add(absolute.href)
      continue
    }
    try {
      resolved.add(new URL(href, url).href)
      push(findings, 'canonical-relative', { url, detail: href })
    } catch {
      push(findings, 'canonical-invalid', { url, detail: href })
    }
  }
  if (resolved.size > 1) {
    push(findings, 'canonical-conflict', { url, detail: [...resolved].join(', ') })
    return
  }
  const [canonical] = [...resolved]
  if (canonical) {
    const target = new URL(canonical)
    const self = new URL(url)
    if (
      target.origin === self.origin &&
      target.pathname === '/' &&
      !target.search &&
      self.pathname !== '/'
    ) {
      push(findings, 'canonical-to-root', { url, detail: canonical })
    }
  }
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' })

/** A registered language subtag (case-insensitive), or x-default. */
export function isValidHreflang(code: string): boolean {
  if (code.toLowerCase() === 'x-default') return true
  try {
    Intl.getCanonicalLocales(code)
    const primary = code.split('-')[0] ?? ''
    const name = languageNames.of(primary)
    return name !== undefined && name.toLowerCase() !== primary.toLowerCase()
  } catch {
    return false
  }
}

function hreflangFindings(page: CrawledPage, findings: Findings) {
  const header = parseLinkHeader(page.linkHeader)
    .filter((l) => l.rel.includes('alternate') && l.params.hreflang !== undefined)
    .map((l) => ({ lang: l.params.hreflang ?? '', href: l.href }))
  const entries: HreflangRef[] = [...(page.facts?.headHreflangs ?? []), ...header]
  for (const entry of entries) {
    const problems: string[] = []
    if (!isValidHreflang(entry.lang)) problems.push(`"${entry.lang}" is not a language code`)
    if (entry.href === undefined) problems.push('no href')
    else if (!/^https?:/i.test(entry.href.trim()))
      problems.push(`"${entry.href}" is not a full URL`)
    if (problems.length > 0) {
      push(findings, 'hreflang-invalid', { url: page.finalUrl, detail: problems.join('; ') })
    }
  }
}

const SITEMAP_TEXT: Record<string, string> = {
  unreachable: 'could not be downloaded',
  'error-status': 'answered with an error',
  'too-large': 'is larger than 50 MB (gzip included)',
  unreadable: 'is not a readable sitemap',
  'lists-itself': 'lists itself',
  'too-deep': 'is nested more than 3 sitemap indexes deep',
  'url-cap': 'pushes the total past 50,000 URLs',
}

export function indexabilityChecks(crawl: CrawlResult, now: Date): Findings {
  const findings: Findings = {}
  for (const page of crawl.pages) {
    const url = page.url
    if (page.failure === 'redirect-loop' || page.failure === 'too-many-redirects') {
      const detail =
        page.failure === 'redirect-loop' ? 'redirects in a loop' : 'more than 5 redirects'
      push(findings, 'redirect-loop', { url, detail })
    } else if (page.failure === 'too-large') {
      push(findings, 'page-too-large', { url })
    } else if (page.failure) {
      push(findings, 'page-unreachable', { url, detail: FAILURE_TEXT[page.failure] })
    }
    if (page.blocked) push(findings, 'audit-blocked', { url, detail: BLOCK_TEXT[page.blocked] })
    else if (page.status !== undefined && page.status >= 400) {
      push(findings, 'broken-page', { url, detail: `HTTP ${page.status}` })
    }
    if (page.truncated && page.status !== undefined && page.status < 300) {
      push(findings, 'page-too-large', { url })
    }
    if (page.redirects.length >= 2) {
      push(findings, 'redirect-chain', {
        url,
        detail: `${page.redirects.length} redirects: ${[...page.redirects, page.finalUrl].join(' → ')}`,
      })
    }
    if (!page.facts) continue
    if (page.facts.needsJavaScript) {
      push(findings, 'needs-javascript', { url: page.finalUrl })
    }
    const noindex = noindexSources(page, now)
    if (noindex.length > 0)
      push(findings, 'noindex', { url: page.finalUrl, detail: noindex.join('; ') })
    canonicalFindings(page, findings)
    hreflangFindings(page, findings)
    if (new URL(page.finalUrl).protocol === 'http:')
      push(findings, 'not-https', { url: page.finalUrl })
  }

  for (const robots of crawl.robots) {
    // Only an answer is a finding (a 429 or 5xx); no answer at all is our failure to reach the
    // site, which ends the run as 'Could not reach your website' instead (issue 15 item 3).
    if (robots.outcome === 'unreachable' && robots.status !== undefined) {
      push(findings, 'robots-txt-unreachable', { url: robots.url, detail: `HTTP ${robots.status}` })
    }
    for (const error of robots.syntaxErrors) {
      push(findings, 'robots-txt-invalid', {
        url: robots.url,
        detail: `line ${error.line}: "${error.content}" (${error.message})`,
      })
    }
  }
  for (const blocked of crawl.robotsBlocked) {
    const line = blocked.line ? `robots.txt line ${blocked.line}` : undefined
    if (!blocked.forGoogle) {
      // Search engines may crawl it; only this audit was turned away.
      const detail = `robots.txt forbids our auditor${line ? ` (${line})` : ''}`
      push(findings, 'audit-blocked', { url: blocked.url, detail })
      continue
    }
    const key = blocked.startFor.length > 0 ? 'robots-blocks-key-page' : 'robots-blocks-pages'
    push(findings, key, { url: blocked.url, detail: line })
  }
  for (const sitemap of crawl.sitemaps) {
    if (!sitemap.problem) continue
    const status =
      sitemap.problem === 'error-status' && sitemap.status ? ` (HTTP ${sitemap.status})` : ''
    push(findings, 'sitemap-problem', {
      url: sitemap.url,
      detail: `${SITEMAP_TEXT[sitemap.problem]}${status}`,
    })
  }
  for (const trap of crawl.traps) {
    push(findings, 'crawl-trap', {
      url: trap.example,
      detail: `${trap.skipped} more link${trap.skipped === 1 ? '' : 's'} like this skipped`,
    })
  }
  return findings
}

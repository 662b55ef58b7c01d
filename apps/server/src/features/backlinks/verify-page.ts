// Reading a fetched linking page (issue 8 item 4; docs/site-audit.md §4 "Backlink verification
// rules", after Google's "Qualify your outbound links"): does it link to the business's site, how is
// the link qualified, and if not, is the page a JavaScript shell or a bot wall rather than a page
// without the link. Pure functions over the response: no network, no database.
import { loadBuffer, type CheerioAPI } from 'cheerio'
import { getDomain } from 'tldts'

interface FoundLink {
  href: string
  rel: string[]
  anchorText: string | null
}

export interface PageInspection {
  /** The strongest link to the site (follow > sponsored/ugc > nofollow), or null. */
  link: FoundLink | null
  pageNofollow: boolean
  /** Only looked at when there is no link: the page shows nothing without JavaScript. */
  needsJavascript: boolean
  /** Only looked at when there is no link: a challenge page instead of the real one. */
  botWall: boolean
}

/**
 * The registrable domain of a site (www and apex, http and https, are the same site), using the
 * public suffix list including private suffixes (blogspot.com, github.io): `mybiz.blogspot.com`
 * stays itself. IP literals and single names fall back to the host without 'www.'.
 */
export function siteKey(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return getDomain(host, { allowPrivateDomains: true }) ?? host.replace(/^www\./, '')
}

/** The business's website as a site key, or undefined when it is empty or not a URL. */
export function websiteSiteKey(website: string): string | undefined {
  const trimmed = website.trim()
  if (!trimmed) return undefined
  try {
    const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return siteKey(url.hostname)
  } catch {
    return undefined
  }
}

/** rel tokens: split on whitespace and commas, lower case ("Sponsored,UGC" -> sponsored, ugc). */
export function relTokens(rel: string | undefined): string[] {
  return (rel ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
}

/** 3 = followed, 2 = sponsored or ugc, 1 = nofollow. */
function strength(rel: string[]): number {
  if (rel.includes('nofollow')) return 1
  if (rel.includes('sponsored') || rel.includes('ugc')) return 2
  return 3
}

export const isFollowed = (rel: string[]) => strength(rel) === 3

const ROBOTS_AGENTS = new Set(['robots', 'googlebot'])
const hasNofollow = (directives: string[]) =>
  directives.includes('nofollow') || directives.includes('none')

/** `X-Robots-Tag: nofollow`, or `googlebot: nofollow`; directives for other bots are ignored. */
function headerNofollow(value: string | undefined): boolean {
  if (!value) return false
  let agent: string | undefined
  for (const part of value.toLowerCase().split(',')) {
    const segment = part.trim()
    const colon = segment.indexOf(':')
    let directive = segment
    // "googlebot: noindex, nofollow": the agent applies to the directives after it.
    if (colon > 0 && !segment.startsWith('unavailable_after')) {
      agent = segment.slice(0, colon).trim()
      directive = segment.slice(colon + 1).trim()
    }
    if (agent !== undefined && agent !== 'googlebot') continue
    if (hasNofollow(relTokens(directive))) return true
  }
  return false
}

function metaNofollow($: CheerioAPI): boolean {
  return $('meta[name]')
    .toArray()
    .some((meta) => {
      const name = ($(meta).attr('name') ?? '').trim().toLowerCase()
      return ROBOTS_AGENTS.has(name) && hasNofollow(relTokens($(meta).attr('content')))
    })
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

function anchorText($: CheerioAPI, element: Parameters<CheerioAPI>[0]): string | null {
  const anchor = $(element)
  const text = collapse(anchor.text())
  if (text) return text.slice(0, 300)
  const alt = anchor
    .find('img[alt]')
    .toArray()
    .map((img) => collapse($(img).attr('alt') ?? ''))
    .find(Boolean)
  const label = alt ?? collapse(anchor.attr('aria-label') ?? anchor.attr('title') ?? '')
  return label ? label.slice(0, 300) : null
}

/** The document's base URL: `<base href>` resolved against the page's final URL. */
function baseUrl($: CheerioAPI, pageUrl: string): string {
  const href = $('base[href]').first().attr('href')
  if (!href) return pageUrl
  try {
    return new URL(href.trim(), pageUrl).href
  } catch {
    return pageUrl
  }
}

function findLink($: CheerioAPI, pageUrl: string, target: string): FoundLink | null {
  const base = baseUrl($, pageUrl)
  let best: { link: FoundLink; strength: number } | null = null
  // `a` matches HTML anchors and SVG <a> alike; SVG may carry the old xlink:href.
  for (const element of $('a').toArray()) {
    const raw = $(element).attr('href') ?? $(element).attr('xlink:href')
    if (!raw) continue
    let url: URL
    try {
      url = new URL(raw.trim(), base)
    } catch {
      continue
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
    if (siteKey(url.hostname) !== target) continue
    const rel = relTokens($(element).attr('rel'))
    const candidate = { href: url.href, rel, anchorText: anchorText($, element) }
    if (!best || strength(rel) > best.strength) best = { link: candidate, strength: strength(rel) }
    if (best.strength === 3) break
  }
  return best?.link ?? null
}

const MOUNT_POINTS = '#root, #app, #__next, #__nuxt, #___gatsby, [data-reactroot], app-root'
const WALL_MARKERS =
  /cdn-cgi\/challenge-platform|challenges\.cloudflare\.com|g-recaptcha|h-captcha|hcaptcha\.com|_incapsula_resource|px-captcha|captcha-delivery\.com|geo\.captcha/i
const WALL_TITLES =
  /^(just a moment|attention required|access denied|are you a robot|checking your browser|verify you are human|security check|please verify)/i

function visibleText($: CheerioAPI): string {
  const body = $('body').clone()
  body.find('script, style, noscript, template').remove()
  return collapse(body.text())
}

/** An SPA shell: scripts, and next to no text (or an empty mount point) without them. */
function looksLikeShell($: CheerioAPI, text: string): boolean {
  if ($('script').length === 0) return false
  if (text.length < 100) return true
  const emptyMount = $(MOUNT_POINTS)
    .toArray()
    .some((el) => collapse($(el).text()).length < 20)
  const noscript = /enable javascript|requires javascript|javascript is (disabled|required)/i.test(
    $('noscript').text(),
  )
  return (emptyMount || noscript) && text.length < 1000
}

function looksLikeBotWall($: CheerioAPI, html: string, headers: Record<string, string>): boolean {
  if ((headers['cf-mitigated'] ?? '').toLowerCase() === 'challenge') return true
  if (WALL_TITLES.test(collapse($('title').first().text()))) return true
  return WALL_MARKERS.test(html)
}

function charsetOf(contentType: string | undefined): string | undefined {
  return /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1]
}

/** Reads an HTML response for a link to the site `target` (a siteKey). */
export function inspectPage({
  body,
  pageUrl,
  headers,
  target,
}: {
  body: Buffer
  pageUrl: string
  headers: Record<string, string>
  target: string
}): PageInspection {
  // BOM, then the header's charset, then <meta charset>, then windows-1252 (encoding-sniffer).
  // A charset iconv does not know (x-user-defined) falls back to sniffing the page alone.
  let $: CheerioAPI
  try {
    $ = loadBuffer(body, {
      encoding: { transportLayerEncodingLabel: charsetOf(headers['content-type']) },
    })
  } catch {
    $ = loadBuffer(body)
  }
  const link = findLink($, pageUrl, target)
  const pageNofollow = metaNofollow($) || headerNofollow(headers['x-robots-tag'])
  if (link) return { link, pageNofollow, needsJavascript: false, botWall: false }
  const text = visibleText($)
  return {
    link: null,
    pageNofollow,
    botWall: looksLikeBotWall($, $.html(), headers),
    needsJavascript: looksLikeShell($, text),
  }
}

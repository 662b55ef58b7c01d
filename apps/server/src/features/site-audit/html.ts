// Decoding and reading one fetched HTML page into the facts the checks need. The DOM is dropped
// afterwards, so a crawl holds facts (and a capped copy of the visible text), never 200 DOMs.
import * as cheerio from 'cheerio'
import type { CheerioAPI } from 'cheerio'
import type { AnyNode, Element } from 'domhandler'
import { Sniffer } from 'encoding-sniffer/sniffer'
import { isElement, isText } from './dom.js'
import { isGenericLinkText } from './link-text.js'
import { extractStructuredData, type StructuredData } from './structured-data.js'

type EncodingSource = 'bom' | 'header' | 'meta' | 'default'

const SOURCES: Record<number, EncodingSource> = {
  0: 'bom',
  1: 'header',
  2: 'meta',
  3: 'meta',
  4: 'meta',
  5: 'default',
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')
  return match?.[1]
}

/** WHATWG sniffing: a byte-order mark wins over the Content-Type charset, which wins over <meta>. */
export function decodeHtml(body: Buffer, contentType?: string) {
  const sniffer = new Sniffer({ transportLayerEncodingLabel: charsetOf(contentType) })
  sniffer.write(body)
  let encoding = sniffer.encoding
  let html: string
  try {
    html = new TextDecoder(encoding).decode(body)
  } catch {
    encoding = 'UTF-8'
    html = new TextDecoder('utf-8').decode(body)
  }
  return { html, encoding, encodingSource: SOURCES[sniffer.resultType] ?? 'default' }
}

interface LinkRef {
  href: string
  text: string
  lang?: string
}

export interface HreflangRef {
  lang: string
  /** The raw attribute; undefined when the link has no href. */
  href?: string
}

export interface PageFacts {
  encoding: string
  encodingSource: EncodingSource
  lang?: string
  titles: string[]
  metaDescriptions: string[]
  /** <meta name=robots|googlebot|…>: the name in lower case and the content. */
  metaRobots: { name: string; content: string }[]
  hasViewport: boolean
  /** Raw href values of <link rel=canonical> inside <head>. */
  headCanonicals: string[]
  headHreflangs: HreflangRef[]
  h1s: string[]
  imagesWithoutAlt: string[]
  genericLinks: LinkRef[]
  /** Short descriptions of anchors a crawler cannot follow. */
  uncrawlableAnchors: string[]
  /** Absolute http(s) URLs of every followable (not nofollow) link, resolved against <base href>. */
  links: string[]
  telLinks: string[]
  hasMap: boolean
  hasDirectionsLink: boolean
  wordCount: number
  /** Visible text, whitespace collapsed, capped at VISIBLE_TEXT_CAP characters. */
  text: string
  needsJavaScript: boolean
  structuredData: StructuredData
}

const VISIBLE_TEXT_CAP = 100_000
const MAX_LINKS = 2_000
const ROBOTS_META_NAMES = new Set([
  'robots',
  'googlebot',
  'googlebot-news',
  'bingbot',
  'duckduckbot',
  'archive.org_bot',
])
const MAP_EMBED =
  /google\.[a-z.]+\/maps|maps\.google\.|maps\.googleapis\.com|openstreetmap\.org\/export\/embed|bing\.com\/maps|maps\.apple\.com/i
const DIRECTIONS =
  /google\.[a-z.]+\/maps|maps\.google\.|goo\.gl\/maps|maps\.app\.goo\.gl|maps\.apple\.com|bing\.com\/maps|openstreetmap\.org\/directions|waze\.com\/ul/i
const HREF_ATTRIBUTES = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy']
const EVENT_ATTRIBUTE =
  /^on(click|mousedown|mouseup|touchstart|touchend|keydown|keyup|pointerdown|pointerup)$/i
const SHELL_MOUNTS =
  '#root, #app, #__next, #__nuxt, #___gatsby, #svelte, app-root, [data-reactroot], [ng-app]'

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace'

/** The lang of the closest element that declares one; xml:lang is ignored, as Lighthouse does. */
function langOf(el: AnyNode | null): string | undefined {
  for (let node = el; node; node = node.parent) {
    if (!isElement(node)) continue
    const element: Element & { 'x-attribsNamespace'?: Record<string, string> } = node
    const lang = element.attribs.lang
    if (lang === undefined || element['x-attribsNamespace']?.lang === XML_NAMESPACE) continue
    return lang.trim() || undefined
  }
  return undefined
}

/** The language of a link's text: undefined when its text nodes are in several languages. */
function textLang(anchor: Element): string | undefined {
  const langs = new Set<string | undefined>()
  const visit = (node: AnyNode) => {
    if (isText(node)) {
      if (node.data.trim()) langs.add(langOf(node.parent))
      return
    }
    if ('children' in node) node.children.forEach(visit)
  }
  visit(anchor)
  return langs.size === 1 ? [...langs][0] : undefined
}

function visibleText(root: AnyNode | undefined): string {
  const parts: string[] = []
  const skip = new Set(['script', 'style', 'noscript', 'template', 'head'])
  const visit = (node: AnyNode) => {
    if (isText(node)) parts.push(node.data)
    else if ('children' in node && !(isElement(node) && skip.has(node.name.toLowerCase()))) {
      parts.push(' ')
      node.children.forEach(visit)
      parts.push(' ')
    }
  }
  if (root) visit(root)
  return collapse(parts.join(''))
}

const countWords = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length

function describeAnchor($: CheerioAPI, el: Element): string {
  const html = $.html(el).replace(/\s+/g, ' ')
  return html.length > 160 ? `${html.slice(0, 157)}...` : html
}

function absolute(href: string, base: string): URL | undefined {
  try {
    return new URL(href, base)
  } catch {
    return undefined
  }
}

function relTokens(rel: string | undefined): string[] {
  return (rel ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
}

function readAnchors($: CheerioAPI, pageUrl: string, baseUrl: string) {
  const links = new Set<string>()
  const genericLinks: LinkRef[] = []
  const uncrawlableAnchors: string[] = []
  const telLinks: string[] = []
  let hasDirectionsLink = false
  const pageWithoutHash = pageUrl.split('#')[0]
  $('a').each((_, el) => {
    const $a = $(el)
    const rawHref = $a.attr('href') ?? $a.attr('xlink:href')
    const href = rawHref?.trim()
    const lower = href?.toLowerCase() ?? ''
    const rel = relTokens($a.attr('rel'))
    if (lower.startsWith('tel:')) telLinks.push(href ?? '')

    // Anchors a crawler cannot follow: no usable href, yet made to act like a link.
    const ignored =
      $a.attr('role') !== undefined || $a.attr('name') !== undefined || lower.startsWith('mailto:')
    if (!ignored) {
      if (href === undefined) {
        const hasHrefAttribute = HREF_ATTRIBUTES.some((name) => $a.attr(name) !== undefined)
        const hasHandler = Object.keys(el.attribs).some((name) => EVENT_ATTRIBUTE.test(name))
        if (hasHandler && !hasHrefAttribute) uncrawlableAnchors.push(describeAnchor($, el))
      } else if (
        /^javascript:\s*void\s*\(\s*0\s*\)\s*;?$/i.test(href) ||
        lower.startsWith('file:') ||
        (href !== '' && !absolute(href, baseUrl))
      ) {
        uncrawlableAnchors.push(describeAnchor($, el))
      }
    }

    if (href === undefined || href === '') return
    if (/^(javascript|mailto|tel|data|sms|file):/i.test(href)) return
    const target = absolute(href, baseUrl)
    if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return
    if (DIRECTIONS.test(target.href)) hasDirectionsLink = true
    const targetWithoutHash = target.href.split('#')[0]
    if (!rel.includes('nofollow') && targetWithoutHash !== pageWithoutHash) {
      const text = collapse($a.text())
      if (isGenericLinkText(text, textLang(el))) {
        genericLinks.push({ href: target.href, text, lang: textLang(el) })
      }
    }
    // Like search engines, the audit does not follow rel=nofollow links.
    target.hash = ''
    if (!rel.includes('nofollow') && target.href !== pageWithoutHash && links.size < MAX_LINKS) {
      links.add(target.href)
    }
  })
  return { links: [...links], genericLinks, uncrawlableAnchors, telLinks, hasDirectionsLink }
}

function looksLikeShell($: CheerioAPI, wordCount: number): boolean {
  if (wordCount >= 50) return false
  const emptyMount = $(SHELL_MOUNTS)
    .toArray()
    .some((el) => countWords(visibleText(el)) < 5)
  const scripts = $('script[src]').length + $('script:not([src])').length
  const noscriptAsksForJs = /javascript/i.test($('noscript').text())
  return scripts > 0 && (emptyMount || noscriptAsksForJs)
}

export function extractPageFacts(
  body: Buffer,
  { url, contentType }: { url: string; contentType?: string },
): PageFacts {
  const { html, encoding, encodingSource } = decodeHtml(body, contentType)
  const $ = cheerio.load(html)
  const baseHref = $('base[href]').first().attr('href')
  const baseUrl = (baseHref && absolute(baseHref, url)?.href) || url

  const metaRobots: PageFacts['metaRobots'] = []
  const metaDescriptions: string[] = []
  let hasViewport = false
  $('meta').each((_, el) => {
    const name = ($(el).attr('name') ?? '').trim().toLowerCase()
    const content = $(el).attr('content') ?? ''
    if (ROBOTS_META_NAMES.has(name)) metaRobots.push({ name, content })
    if (name === 'description') metaDescriptions.push(content)
    if (name === 'viewport') hasViewport = true
  })

  const headCanonicals: string[] = []
  const headHreflangs: HreflangRef[] = []
  $('head link').each((_, el) => {
    const rel = relTokens($(el).attr('rel'))
    const href = $(el).attr('href')
    if (rel.includes('canonical') && href !== undefined) headCanonicals.push(href)
    const hreflang = $(el).attr('hreflang')
    if (rel.includes('alternate') && hreflang !== undefined)
      headHreflangs.push({ lang: hreflang, href })
  })

  const imagesWithoutAlt: string[] = []
  $('img').each((_, el) => {
    const $img = $(el)
    const role = ($img.attr('role') ?? '').toLowerCase()
    const named = ['alt', 'aria-label', 'aria-labelledby', 'title'].some(
      (a) => $img.attr(a) !== undefined,
    )
    if (!named && role !== 'none' && role !== 'presentation') {
      imagesWithoutAlt.push($img.attr('src') ?? describeAnchor($, el))
    }
  })

  const anchors = readAnchors($, url, baseUrl)
  const hasMap = $('iframe')
    .toArray()
    .some((el) => MAP_EMBED.test($(el).attr('src') ?? ''))
  const text = visibleText($('body').get(0))
  const wordCount = countWords(text)

  return {
    encoding,
    encodingSource,
    lang: $('html').attr('lang')?.trim() || undefined,
    titles: $('title')
      .toArray()
      .filter((el) => $(el).closest('svg').length === 0)
      .map((el) => collapse($(el).text())),
    metaDescriptions,
    metaRobots,
    hasViewport,
    headCanonicals,
    headHreflangs,
    h1s: $('h1')
      .toArray()
      .map((el) => collapse($(el).text())),
    imagesWithoutAlt,
    ...anchors,
    hasMap,
    wordCount,
    text: text.slice(0, VISIBLE_TEXT_CAP),
    needsJavaScript: looksLikeShell($, wordCount),
    structuredData: extractStructuredData($),
  }
}

// Content checks over pages we could read. JavaScript shells are left out (they are reported as
// 'needs JavaScript to read', never as thin content). Lengths count characters (graphemes), not bytes.
import type { CrawledPage, CrawlResult } from '../crawl-result.js'
import type { PageFacts } from '../html.js'
import type { CheckId, Findings, IssuePage } from './catalogue.js'

const TITLE_LENGTH = { min: 20, max: 60 }
const DESCRIPTION_LENGTH = { min: 70, max: 160 }
const MIN_WORDS = 200

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' })
export const characters = (text: string) => [...segmenter.segment(text)].length

const push = (findings: Findings, id: CheckId, page: IssuePage) => {
  ;(findings[id] ??= []).push(page)
}

const quote = (text: string) => `"${text.length > 80 ? `${text.slice(0, 77)}...` : text}"`

type ReadablePage = CrawledPage & { facts: PageFacts }

function readablePages(crawl: CrawlResult): ReadablePage[] {
  return crawl.pages.filter((p): p is ReadablePage => Boolean(p.facts && !p.facts.needsJavaScript))
}

function duplicates(
  pages: ReadablePage[],
  value: (facts: PageFacts) => string | undefined,
  id: CheckId,
  findings: Findings,
) {
  const byValue = new Map<string, string[]>()
  for (const page of pages) {
    const text = value(page.facts)?.trim()
    if (!text) continue
    byValue.set(text, [...(byValue.get(text) ?? []), page.finalUrl])
  }
  for (const [text, urls] of byValue) {
    if (urls.length < 2) continue
    for (const url of urls) {
      push(findings, id, { url, detail: `${quote(text)} is used on ${urls.length} pages` })
    }
  }
}

export function contentChecks(crawl: CrawlResult): Findings {
  const findings: Findings = {}
  const pages = readablePages(crawl)
  for (const { finalUrl: url, facts } of pages) {
    const title = facts.titles[0]
    if (title === undefined || title === '') {
      push(findings, 'title-missing', {
        url,
        detail: title === undefined ? 'no <title>' : 'empty <title>',
      })
    } else {
      const length = characters(title)
      if (length < TITLE_LENGTH.min || length > TITLE_LENGTH.max) {
        push(findings, 'title-length', { url, detail: `${length} characters: ${quote(title)}` })
      }
    }
    const description = facts.metaDescriptions[0]?.trim()
    if (description === undefined || description === '') {
      const detail = description === undefined ? 'no meta description' : 'Description text is empty'
      push(findings, 'meta-description-missing', { url, detail })
    } else {
      const length = characters(description)
      if (length < DESCRIPTION_LENGTH.min || length > DESCRIPTION_LENGTH.max) {
        push(findings, 'meta-description-length', { url, detail: `${length} characters` })
      }
    }
    const h1s = facts.h1s.filter(Boolean)
    if (h1s.length === 0) push(findings, 'h1-missing', { url })
    else if (h1s.length > 1) {
      push(findings, 'h1-multiple', {
        url,
        detail: `${h1s.length} H1 headings: ${h1s.map(quote).join(', ')}`,
      })
    }
    if (facts.imagesWithoutAlt.length > 0) {
      const list = facts.imagesWithoutAlt.slice(0, 5).join(', ')
      push(findings, 'image-alt-missing', {
        url,
        detail: `${facts.imagesWithoutAlt.length} image${facts.imagesWithoutAlt.length === 1 ? '' : 's'}: ${list}`,
      })
    }
    for (const link of facts.genericLinks) {
      push(findings, 'generic-link-text', { url, detail: `${quote(link.text)} → ${link.href}` })
    }
    for (const anchor of facts.uncrawlableAnchors) {
      push(findings, 'uncrawlable-anchors', { url, detail: anchor })
    }
    if (facts.wordCount < MIN_WORDS) {
      push(findings, 'thin-content', { url, detail: `${facts.wordCount} words` })
    }
    if (!facts.hasViewport) push(findings, 'viewport-missing', { url })
    if (!facts.lang) push(findings, 'lang-missing', { url })
  }
  duplicates(pages, (f) => f.titles[0], 'title-duplicate', findings)
  duplicates(pages, (f) => f.metaDescriptions[0], 'meta-description-duplicate', findings)
  return findings
}

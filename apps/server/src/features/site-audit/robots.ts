// robots.txt per RFC 9309 (and Google's reading of it), parsed with robots-parser. The parser has no
// status semantics, so they live here: 2xx is parsed, 4xx (not 429) allows everything, 429, 5xx and
// network failures disallow everything, more than 5 redirects counts as missing. Only the first
// 500 KiB are read (RFC 9309 §2.5).
import robotsParserModule from 'robots-parser'
import { classifyFetchError, type Fetcher, type FetchFailureKind } from './fetcher.js'

const ROBOTS_MAX_BYTES = 500 * 1024
const MAX_CRAWL_DELAY_MS = 10_000

type RobotsParser = (
  url: string,
  text: string,
) => {
  isAllowed(url: string, ua?: string): boolean | undefined
  getMatchingLineNumber(url: string, ua?: string): number
  getCrawlDelay(ua?: string): number | undefined
  getSitemaps(): string[]
}

// robots-parser is CommonJS (`module.exports = fn`) while its types declare a default export.
const robotsParser: RobotsParser =
  (robotsParserModule as unknown as { default?: RobotsParser }).default ??
  (robotsParserModule as unknown as RobotsParser)

export interface RobotsSyntaxError {
  line: number
  content: string
  message: string
}

type RobotsOutcome =
  /** A robots.txt was read and its rules apply. */
  | 'parsed'
  /** No robots.txt (4xx, or too many redirects): everything is allowed. */
  | 'missing'
  /** 429, 5xx or unreachable: everything is disallowed until it answers again. */
  | 'unreachable'

export interface Robots {
  /** The robots.txt URL of the origin it governs. */
  url: string
  outcome: RobotsOutcome
  status?: number
  failure?: FetchFailureKind
  crawlDelayMs: number
  sitemaps: string[]
  syntaxErrors: RobotsSyntaxError[]
  isAllowed(url: string, agent: string): boolean
  /** The 1-based robots.txt line that decides for this URL, when a rule matched. */
  matchingLine(url: string, agent: string): number | undefined
}

function robotsUrlFor(pageUrl: string): string {
  return new URL('/robots.txt', pageUrl).href
}

/** Builds the rules of an origin from a robots.txt body (tests use this directly). */
export function parseRobots(
  robotsUrl: string,
  text: string,
  crawlAgent: string,
  extra: { status?: number } = {},
): Robots {
  const parser = robotsParser(robotsUrl, text)
  const delaySeconds = parser.getCrawlDelay(crawlAgent)
  return {
    url: robotsUrl,
    outcome: 'parsed',
    status: extra.status,
    crawlDelayMs: Math.min(MAX_CRAWL_DELAY_MS, Math.max(0, (delaySeconds ?? 0) * 1000)),
    // Sitemap lines should be absolute; a relative one is read against robots.txt's own URL.
    sitemaps: parser.getSitemaps().flatMap((s) => {
      try {
        return [new URL(s, robotsUrl).href]
      } catch {
        return []
      }
    }),
    syntaxErrors: validateRobotsTxt(text),
    // undefined means the URL belongs to another origin: the caller asks the wrong file, and a
    // rule we cannot see never blocks anything.
    isAllowed: (url, agent) => parser.isAllowed(url, agent) ?? true,
    matchingLine: (url, agent) => {
      const line = parser.getMatchingLineNumber(url, agent)
      return line > 0 ? line : undefined
    },
  }
}

function fixedRobots(
  robotsUrl: string,
  outcome: 'missing' | 'unreachable',
  extra: { status?: number; failure?: FetchFailureKind },
): Robots {
  const allowed = outcome === 'missing'
  return {
    url: robotsUrl,
    outcome,
    ...extra,
    crawlDelayMs: 0,
    sitemaps: [],
    syntaxErrors: [],
    isAllowed: () => allowed,
    matchingLine: () => undefined,
  }
}

/** Fetches and interprets the robots.txt that governs `pageUrl`'s origin. */
export async function fetchRobots(
  fetcher: Fetcher,
  pageUrl: string,
  crawlAgent: string,
): Promise<Robots> {
  const robotsUrl = robotsUrlFor(pageUrl)
  let res
  try {
    res = await fetcher.fetch(robotsUrl, { maxBytes: ROBOTS_MAX_BYTES })
  } catch (error) {
    const failure = classifyFetchError(error)
    // RFC 9309 §2.3.1.2: more redirects than we follow is treated as unavailable (allow);
    // a server that cannot be reached at all is treated as a complete disallow.
    const missing = failure === 'too-many-redirects' || failure === 'redirect-loop'
    return fixedRobots(robotsUrl, missing ? 'missing' : 'unreachable', { failure })
  }
  const { status } = res
  if (status === 429 || status >= 500) return fixedRobots(robotsUrl, 'unreachable', { status })
  if (status >= 400) return fixedRobots(robotsUrl, 'missing', { status })
  if (status < 200 || status >= 300) return fixedRobots(robotsUrl, 'missing', { status })
  let text = res.body.toString('utf8')
  if (res.truncated) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')))
  return parseRobots(robotsUrl, text.replace(/^\uFEFF/, ''), crawlAgent, { status })
}

const KNOWN_DIRECTIVES = new Set([
  'user-agent',
  'allow',
  'disallow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
])

function validPattern(pattern: string): string | undefined {
  if (pattern !== '' && !pattern.startsWith('/') && !pattern.startsWith('*')) {
    return 'The rule must be empty or start with "/" or "*".'
  }
  const dollar = pattern.indexOf('$')
  if (dollar !== -1 && dollar !== pattern.length - 1) {
    return '"$" may only appear at the end of a rule.'
  }
  return undefined
}

/** Every line search engines cannot understand, with its number and the reason. */
export function validateRobotsTxt(text: string): RobotsSyntaxError[] {
  const errors: RobotsSyntaxError[] = []
  let seenUserAgent = false
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const content = raw.replace(/#.*$/, '').trim()
    if (!content) return
    const line = index + 1
    const colon = content.indexOf(':')
    if (colon === -1) {
      errors.push({
        line,
        content: raw.trim(),
        message: 'Search engines do not understand this line.',
      })
      return
    }
    const directive = content.slice(0, colon).trim().toLowerCase()
    const value = content.slice(colon + 1).trim()
    const add = (message: string) => errors.push({ line, content: raw.trim(), message })
    if (!KNOWN_DIRECTIVES.has(directive)) return add(`Unknown directive "${directive}".`)
    switch (directive) {
      case 'user-agent':
        if (!value) add('User-agent needs a name (use * for every crawler).')
        seenUserAgent = true
        return
      case 'allow':
      case 'disallow': {
        if (!seenUserAgent) return add('This rule comes before any User-agent line.')
        const problem = validPattern(value)
        if (problem) add(problem)
        return
      }
      case 'sitemap': {
        let ok = false
        try {
          ok = ['http:', 'https:', 'ftp:'].includes(new URL(value).protocol)
        } catch {
          ok = false
        }
        if (!ok) add('Sitemap must be a full URL starting with http:// or https://.')
        return
      }
      default:
        return
    }
  })
  return errors
}

// A website that cannot be reached is a failed audit, never a list of findings (issue 15 item 3):
// when nothing of the site answered (no page, no robots.txt), or it answered only with server
// errors, the run ends 'Could not reach your website' with the cause in plain words and what to
// check, and the score does not move.
import type { CrawlResult } from './crawl-result.js'
import type { FetchFailureKind } from './fetcher.js'

/** Cause, then what the owner can check, per failure; {host} is the website's host name. */
const WHY: Partial<Record<FetchFailureKind, [string, string]>> = {
  dns: [
    'The address {host} was not found: no server answers to that name.',
    'Check the website address in Settings for a typo, and that your domain name has not expired.',
  ],
  refused: [
    '{host} refused the connection.',
    'Check that your website is online; if it is not, contact your web host.',
  ],
  tls: [
    '{host} answered, but its security certificate (HTTPS) is not valid.',
    'Ask your web host to renew or correct the HTTPS certificate.',
  ],
  timeout: [
    '{host} did not answer in time.',
    'Open your website in a browser; if it is slow or down, contact your web host.',
  ],
  'blocked-address': [
    '{host} points to a private or local network address, which the audit does not visit.',
    'Check the website address in Settings; it should be the public address of your site.',
  ],
}

const OTHER: [string, string] = [
  'The connection to {host} failed.',
  'Check that your website is online, then run the audit again.',
]

export interface Unreachable {
  /** A fetch failure, or 'server-error' when the site only answered 5xx or 429. */
  failure: FetchFailureKind | 'server-error'
  /** The cause and what to check, for the owner. */
  message: string
}

/** An answer that shows the site is there: anything but a server error or a rate limit. */
const isReal = (status: number | undefined) =>
  status !== undefined && status < 500 && status !== 429

/** The host of a URL, for the message. */
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url)

/**
 * Why the website could not be reached, or null when any part of it really answered (then the
 * crawl's findings stand). The website's own robots.txt names the cause; else the first page.
 */
export function unreachableSite(crawl: CrawlResult): Unreachable | null {
  if (crawl.endReason === 'cancelled') return null
  const attempts = [...crawl.robots, ...crawl.pages]
  if (attempts.length === 0 || attempts.some((attempt) => isReal(attempt.status))) return null
  const website = crawl.startUrls.find((start) => start.locationId === null)?.url
  const origin = website && URL.canParse(website) ? new URL(website).origin : undefined
  const first =
    crawl.robots.find(
      (robots) => URL.canParse(robots.url) && new URL(robots.url).origin === origin,
    ) ?? attempts[0]
  if (!first) return null
  const host = hostOf(first.url)
  if (first.status !== undefined) {
    return {
      failure: 'server-error',
      message: `${host} answered with a server error (HTTP ${first.status}). Your web server or host is having trouble; if your site opens in a browser, ask your web host to check that /robots.txt answers 200 or 404.`,
    }
  }
  const failure = first.failure ?? 'network'
  const [cause, check] = WHY[failure] ?? OTHER
  return { failure, message: `${cause.replace('{host}', host)} ${check}` }
}

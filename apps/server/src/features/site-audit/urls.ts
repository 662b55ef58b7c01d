// URL helpers for the crawler. We fetch exactly what was linked; normalisation is only for the keys
// that tell two links apart (never strip slashes, www or queries before fetching).
import { getDomain } from 'tldts'

/** The registrable domain (www and apex are one site); hosts without one (IPs, localhost) by host:port. */
export function siteKey(url: URL): string {
  return getDomain(url.hostname) ?? url.host
}

/** Dedupe key: no fragment, query parameters in a stable order. */
export function dedupeKey(url: string | URL): string {
  const u = new URL(url)
  u.hash = ''
  u.searchParams.sort()
  return u.href
}

const ASSET_EXTENSION =
  /\.(jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|pdf|docx?|xlsx?|pptx?|zip|gz|tgz|rar|7z|mp3|mp4|m4a|wav|ogg|webm|mov|avi|css|js|mjs|json|xml|txt|woff2?|ttf|eot|otf|exe|dmg|apk)$/i

export function isAssetUrl(url: URL): boolean {
  return ASSET_EXTENSION.test(url.pathname)
}

export const MAX_URL_LENGTH = 2000

/** Query parameters that multiply one page into endless variants (sorting, filters, sessions). */
const TRAP_PARAMS =
  /^(sort|sortby|sort_by|order|orderby|order_by|dir|filter|filters|sessionid|sid|phpsessid|jsessionid|replytocom|lightbox|share|print)$/i

/** Calendar-like URLs: a date in the path, or date parameters. */
const CALENDAR_PATH = /(^|\/)(19|20)\d{2}([-/](0?[1-9]|1[0-2]))?([-/]|$)|calendar|\/events?\//i
const CALENDAR_PARAMS = /^(date|day|month|year|week|cal|calendar|start|end|from|to|m|y|d)$/i

export function trapParam(url: URL): string | undefined {
  for (const key of url.searchParams.keys()) if (TRAP_PARAMS.test(key)) return key
  return undefined
}

/**
 * The shape of a URL with every number replaced, and whether it looks like a calendar. Many URLs
 * of one shape are a trap (an endless "next month" link) long before the page budget notices.
 */
export function urlPattern(url: URL): { pattern: string; calendar: boolean } {
  const path = url.pathname.replace(/\d+/g, '{n}')
  const keys = [...new Set(url.searchParams.keys())].sort()
  const query = keys.length ? `?${keys.map((k) => `${k}={…}`).join('&')}` : ''
  const calendar =
    CALENDAR_PATH.test(url.pathname) ||
    keys.some((k) => CALENDAR_PARAMS.test(k) && /\d/.test(url.searchParams.get(k) ?? ''))
  return { pattern: `${url.origin}${path}${query}`, calendar }
}

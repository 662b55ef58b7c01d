// Reading a response: is it HTML, is it a bot wall or a rate limit, how long to wait before retrying.
import type { BlockKind } from './crawl-result.js'
import type { FetchResult } from './fetcher.js'

const BOT_WALL =
  /just a moment\.\.\.|attention required|cf-chl-|challenge-platform|captcha|_incapsula_|sucuri website firewall|ddos protection by|perimeterx|datadome/i

export function blockKind(res: FetchResult): BlockKind | undefined {
  if (res.status === 429) return 'rate-limited'
  const challengeHeader = (res.headers['cf-mitigated'] ?? '').toLowerCase() === 'challenge'
  const snippet = res.body.subarray(0, 20_000).toString('latin1')
  if (challengeHeader || ([401, 403, 503].includes(res.status) && BOT_WALL.test(snippet))) {
    return 'bot-wall'
  }
  if (res.status === 503) return 'server-busy'
  return undefined
}

export function retryDelayMs(res: FetchResult, attempt: number, baseMs: number): number {
  const header = res.headers['retry-after']
  const seconds = header !== undefined && /^\d+$/.test(header.trim()) ? Number(header) : undefined
  const wanted = seconds !== undefined ? seconds * 1000 : baseMs * 2 ** (attempt - 1)
  return Math.min(10_000, wanted)
}

export function isHtml(res: FetchResult): boolean {
  const type = (res.headers['content-type'] ?? '').toLowerCase()
  if (type) return type.includes('text/html') || type.includes('application/xhtml')
  return /^\s*</.test(res.body.subarray(0, 512).toString('latin1'))
}

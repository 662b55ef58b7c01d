// A returning owner's first requests, sent by the start-up preload (app/preload.ts) from the entry
// script with the stored access token, before auth-js and the API client have loaded; each client
// takes the answer to the same request once, through its `fetch`, instead of asking again
// (docs/decisions/019-compressed-assets-and-preloading.md). An answer is given only to a GET of
// the same URL with the same token and business within a few seconds; anything else goes to the network.
import { BUSINESS_HEADER } from '@localseo/shared/member-roles'
import { businessHeaders } from './current-business'
import { CLIENT_TAKES_OVER_MS, parseStoredSession, timeLeft } from './stored-session'

interface EarlyRequest {
  authorization: string
  /** The business it named (current-business.ts), or ''. */
  business: string
  sentAt: number
  response: Promise<Response>
}

/** How long an early answer waits for its client. */
const EARLY_MS = 10_000

const early = new Map<string, EarlyRequest>()

const absolute = (url: string) => new URL(url, window.location.origin).href

/**
 * The stored session's access token while it has more than a few minutes left; else null. A token
 * that expires sooner is checked and refreshed through auth-js first, so sending it early would be
 * wasted (lib/stored-session.ts).
 */
export function storedAccessToken(raw: string | null, now = Date.now()): string | null {
  const session = parseStoredSession(raw)
  return session && timeLeft(session, now) > CLIENT_TAKES_OVER_MS ? session.accessToken : null
}

/** Sends a GET for each path now, with the token, for the clients to take later. */
export function sendEarly(paths: readonly string[], token: string): void {
  const authorization = `Bearer ${token}`
  const business = businessHeaders()
  for (const path of paths) {
    const url = absolute(path)
    const response = fetch(url, { headers: { Authorization: authorization, ...business } })
    // A failure is the client's to see (it gets this answer); never an unhandled rejection here.
    response.catch(() => undefined)
    early.set(url, {
      authorization,
      business: business[BUSINESS_HEADER] ?? '',
      sentAt: Date.now(),
      response,
    })
  }
}

/** The paths (with their queries) of the early answers no client has taken yet. */
export function earlyRequestsNotTaken(): string[] {
  return [...early.keys()].map((url) => {
    const { pathname, search } = new URL(url)
    return `${pathname}${search}`
  })
}

/** Drops every early answer not taken yet (on sign-out, and between tests). */
export function forgetEarlyRequests(): void {
  early.clear()
}

function requestOf(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : null
  const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
  const headers = new Headers(init?.headers ?? request?.headers)
  const authorization = headers.get('Authorization')
  return { url: absolute(url), method, authorization, business: headers.get(BUSINESS_HEADER) ?? '' }
}

/** `fetch` for auth-js and the API client: an early answer to the same request, once, or the network. */
export const fetchTakingEarly: typeof fetch = (input, init) => {
  const { url, method, authorization, business } = requestOf(input, init)
  const hit = early.get(url)
  if (hit) early.delete(url)
  const fits =
    hit !== undefined &&
    method === 'GET' &&
    authorization === hit.authorization &&
    business === hit.business &&
    Date.now() - hit.sentAt < EARLY_MS
  return fits ? hit.response : fetch(input, init)
}

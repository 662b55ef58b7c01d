// Where email links may send the browser (docs/auth-api.md §1 "Redirects"): SITE_URL and
// the AUTH_REDIRECT_URLS list only, matched by origin and path prefix; anything else falls back to
// SITE_URL, so a link can never become an open redirect.
import type { Env } from '../env.js'

function allowedBases(env: Pick<Env, 'SITE_URL' | 'AUTH_REDIRECT_URLS'>): URL[] {
  const entries = [env.SITE_URL, ...(env.AUTH_REDIRECT_URLS ?? '').split(',')]
  const bases: URL[] = []
  for (const entry of entries) {
    const trimmed = entry.trim()
    if (!trimmed) continue
    try {
      bases.push(new URL(trimmed))
    } catch {
      // env.ts keeps the list as text; an unparsable entry simply allows nothing.
    }
  }
  return bases
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`)

/** The validated redirect target without a fragment (the verify redirect appends its own). */
export function safeRedirect(
  raw: string | undefined | null,
  env: Pick<Env, 'SITE_URL' | 'AUTH_REDIRECT_URLS'>,
): string {
  const bases = allowedBases(env)
  const fallback = new URL(env.SITE_URL)
  fallback.hash = ''
  if (!raw) return fallback.toString()
  let target: URL
  try {
    target = new URL(raw)
  } catch {
    return fallback.toString()
  }
  if (target.username || target.password) return fallback.toString()
  const allowed = bases.some(
    (base) =>
      base.origin === target.origin &&
      (target.pathname === base.pathname ||
        withSlash(target.pathname).startsWith(withSlash(base.pathname))),
  )
  if (!allowed) return fallback.toString()
  target.hash = ''
  return target.toString()
}

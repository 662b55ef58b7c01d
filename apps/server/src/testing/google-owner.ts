// An owner's whole 'Connect with Google' against the fake Google, for tests about what a connection
// brings (imports, pickers): the API's consent address, the fake's approval, then our callback with
// the browser's cookie. Answers where the callback sends the browser.
import type { RequestTarget } from './auth.js'

export async function connectGoogle(
  app: RequestTarget,
  token: string,
  /** 'business-profile' asks for the Business Profile's scope alone (ADR 034). */
  product?: 'business-profile',
): Promise<string | null> {
  const query = product ? `?product=${product}` : ''
  const started = await app.request(`/api/integrations/google/connect${query}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const { url } = (await started.json()) as { url: string }
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const consent = await fetch(url, { redirect: 'manual' })
  const back = new URL(consent.headers.get('location') ?? '')
  const done = await app.request(`${back.pathname}${back.search}`, { headers: { cookie } })
  return done.headers.get('location')
}

// Links in an email that stop that email, opened without signing in (alerts: issue 16 item 4;
// monthly reports: issue 35 item 4). The link carries a token signed with the app's JWT keys for
// one purpose only: its audience is not the one access tokens carry, nor another link's, so it
// opens nothing else. The link shows a page with one button and only the button changes anything,
// so a mail scanner that follows links changes nothing.
import { SignJWT, jwtVerify, type JWTPayload } from 'jose'
import type { JwtKeys } from '../auth/keys.js'
import { unixSeconds, type Clock } from '../lib/clock.js'
import { escapeHtml, PRODUCT_NAME } from './templates.js'

const VALID_SECONDS = 365 * 86_400

export async function signStopToken(
  keys: JwtKeys,
  clock: Clock,
  audience: string,
  claims: Record<string, string>,
): Promise<string> {
  const iat = unixSeconds(clock.now())
  return new SignJWT({ ...claims, aud: audience, iat, exp: iat + VALID_SECONDS })
    .setProtectedHeader({ alg: keys.alg, typ: 'JWT' })
    .sign(keys.signingKey)
}

/** The token's claims when it is ours, for `audience`, and not expired; else undefined. */
export async function verifyStopToken(
  keys: JwtKeys,
  clock: Clock,
  audience: string,
  token: string,
): Promise<JWTPayload | undefined> {
  try {
    const { payload } = await jwtVerify(token, keys.verificationKey, {
      algorithms: [keys.alg],
      audience,
      currentDate: clock.now(),
    })
    return payload
  } catch {
    return undefined
  }
}

/** The small page such a link opens. `body` is HTML the caller escaped. */
export function stopPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title></head>
<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size: 1.25rem">${escapeHtml(title)}</h1>${body}</body></html>`
}

/** The page's one button, which posts the token back to `action`. */
export function stopForm(action: string, token: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit" style="padding: 0.5rem 1rem">${escapeHtml(label)}</button></form>`
}

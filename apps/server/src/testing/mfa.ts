// TOTP factors in tests through the real /auth/v1 API: enrolment, a challenge and its answer from
// one client address, and the code an authenticator app would show.
import { Secret, TOTP } from 'otpauth'
import { JSON_HEADERS, authHeader, json, type RequestTarget } from './auth.js'

export interface EnrolledFactor {
  id: string
  totp: { secret: string }
}

/** As if from `ip` at the socket (rate limits and the challenge's address read it). */
const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } })

type App = RequestTarget & {
  request(input: string, init?: RequestInit, env?: unknown): Response | Promise<Response>
}

export function sendAuth(
  app: App,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  ip = '192.0.2.10',
) {
  return app.request(
    `/auth/v1${path}`,
    {
      method,
      headers: { ...JSON_HEADERS, ...authHeader(token) },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    from(ip),
  )
}

export const totpCode = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({ timestamp: at.getTime() })

/** A code that is not the right one now. */
export const wrongTotpCode = (secret: string, at: Date) =>
  totpCode(secret, at) === '000000' ? '111111' : '000000'

export async function enrollFactor(app: App, token: string, name = 'Phone') {
  const r = await sendAuth(app, 'POST', '/factors', token, {
    factor_type: 'totp',
    friendly_name: name,
  })
  if (r.status !== 200) throw new Error(`enroll failed: ${r.status} ${await r.text()}`)
  return json<EnrolledFactor>(r)
}

/** A challenge and its answer, both from `ip`. */
export async function challengeAndVerify(
  app: App,
  token: string,
  factorId: string,
  code: string,
  ip = '192.0.2.10',
) {
  const ch = await sendAuth(app, 'POST', `/factors/${factorId}/challenge`, token, {}, ip)
  if (ch.status !== 200) return ch
  const { id } = await json<{ id: string }>(ch)
  return sendAuth(app, 'POST', `/factors/${factorId}/verify`, token, { challenge_id: id, code }, ip)
}

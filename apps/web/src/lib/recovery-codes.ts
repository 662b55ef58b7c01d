// Recovery codes (docs/auth-api.md §3 "Recovery codes"): our own /auth/v1 endpoints beside GoTrue's,
// which auth-js does not know, so they are called here with the session's access token. The auth
// store loads this only when a recovery code is used, so the first screen's script stays within its
// budget (ADR 019).
import type { GoTrueClient } from '@supabase/auth-js'
import * as z from 'zod/mini'

const sessionAnswer = z.object({ access_token: z.string(), refresh_token: z.string() })
const codesAnswer = z.object({ codes: z.array(z.string()) })
/** GoTrue's error body: `message` with the version header, `msg` without. */
const errorAnswer = z.object({ message: z.optional(z.string()), msg: z.optional(z.string()) })

class RecoveryCodeError extends Error {}

async function post(path: string, accessToken: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${window.location.origin}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${accessToken}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify(body ?? {}),
  })
  let answer: unknown = null
  try {
    answer = JSON.parse(await response.text())
  } catch {
    // Not JSON (a proxy's error page): the caller's fallback message is shown.
  }
  if (!response.ok) {
    const error = errorAnswer.safeParse(answer)
    throw new RecoveryCodeError(error.success ? (error.data.message ?? error.data.msg ?? '') : '')
  }
  return answer
}

/**
 * The 'mfa-required' step with a recovery code in place of the app's code, for an owner who lost
 * their phone (docs/auth-api.md §3 "Recovery codes"): the server spends the code and answers the
 * session raised to aal2, which auth-js then takes. Answers the signed-in user.
 */
export async function signInWithRecoveryCode(client: GoTrueClient, code: string) {
  const { data } = await client.getSession()
  const token = data.session?.access_token
  if (!token) throw new RecoveryCodeError('')
  const session = sessionAnswer.parse(await post('/recovery-codes/verify', token, { code }))
  const { data: set, error } = await client.setSession(session)
  if (error || !set.user) throw new RecoveryCodeError('')
  return set.user
}

/** Ten new recovery codes; the old ones stop working. Needs an aal2 session. */
export async function createRecoveryCodes(accessToken: string): Promise<string[]> {
  return codesAnswer.parse(await post('/recovery-codes', accessToken)).codes
}

// Recovery codes (docs/auth-api.md §3 "Recovery codes"): our own /auth/v1 endpoints beside GoTrue's,
// which auth-js does not know, so they are called here with the session's access token. In zod/mini:
// the auth store imports this, and the first screen imports the store (ADR 019).
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

/** Spends one recovery code: the session, now at aal2, to give to auth-js (setSession). */
export async function verifyRecoveryCode(accessToken: string, code: string) {
  return sessionAnswer.parse(await post('/recovery-codes/verify', accessToken, { code }))
}

/** Ten new recovery codes; the old ones stop working. Needs an aal2 session. */
export async function createRecoveryCodes(accessToken: string): Promise<string[]> {
  return codesAnswer.parse(await post('/recovery-codes', accessToken)).codes
}

// A password change ends every other session, including sign-ins with the old password that were
// still in flight when it committed (issue 31 item 2, ADR 027): a session is only created if the
// password it was checked against is still the user's password.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { authSessions } from '../db/schema/auth.js'
import {
  authHeader,
  json,
  postAuth,
  signIn,
  signUp,
  uniqueEmail,
  type SessionBody,
} from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const putPassword = (token: string, password: string) =>
  t.app.request('/auth/v1/user', {
    method: 'PUT',
    headers: {
      ...authHeader(token),
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ password }),
  })

const refresh = (refreshToken: string) =>
  postAuth(t.app, '/token?grant_type=refresh_token', { refresh_token: refreshToken })
const getUser = (token: string) => t.app.request('/auth/v1/user', { headers: authHeader(token) })

describe('a password change racing sign-ins with the old password', () => {
  test('leaves no session signed in with the old password, whichever commits first', async () => {
    t = await createTestApp()
    const email = uniqueEmail('race')
    const passwords = ['old password one', 'new password two', 'new password three'] as const
    const changer = await signUp(t.app, { email, password: passwords[0] })
    const before = await signIn(t.app, { email, password: passwords[0] })
    const oldSessions: { access: string; refresh: string }[] = [
      { access: before.accessToken, refresh: before.refreshToken },
    ]
    let raced = 0
    for (let round = 0; round < 2; round++) {
      const oldPassword = passwords[round] ?? ''
      const newPassword = passwords[round + 1] ?? ''
      // Grants keep starting, a few milliseconds apart, until the change has answered: some check
      // the old password before the change commits and create their session after it.
      const change = Promise.resolve(putPassword(changer.accessToken, newPassword))
      let done = false
      void change.finally(() => (done = true))
      const grants: Promise<Response>[] = []
      while (!done && grants.length < 40) {
        grants.push(
          Promise.resolve(
            postAuth(t.app, '/token?grant_type=password', { email, password: oldPassword }),
          ),
        )
        await new Promise((resolve) => setTimeout(resolve, 3))
      }
      const [changed, ...answers] = await Promise.all([change, ...grants])
      expect(changed?.status).toBe(200)
      for (const answer of answers) {
        // A grant lost the race (the password was already new; ten such failures lock the address
        // for a while) or got a session, which must end.
        expect([200, 400, 429]).toContain(answer.status)
        if (answer.status !== 200) continue
        const session = await json<SessionBody>(answer)
        oldSessions.push({ access: session.access_token, refresh: session.refresh_token })
        raced++
      }
    }
    expect(oldSessions.length).toBe(1 + raced)
    const alive: number[] = []
    for (const [i, session] of oldSessions.entries()) {
      const refused =
        (await getUser(session.access)).status === 403 &&
        (await refresh(session.refresh)).status === 400
      if (!refused) alive.push(i)
    }
    expect(alive).toEqual([])
    // The session that changed the password stays (GoTrue's behaviour, docs/auth-api.md §3).
    expect((await getUser(changer.accessToken)).status).toBe(200)
    const left = await t.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, changer.userId))
    expect(left.map((s) => s.id)).toEqual([changer.sessionId])
  })
})

// Teams in tests, through the real API (docs/decisions/043-members-and-roles.md): an owner invites,
// the invited person signs up with that address and accepts the link from the outbox.
import { BUSINESS_HEADER, type MemberRole } from '@localseo/shared/members'
import type { Db } from '../db/client.js'
import { signUp, type RequestTarget, type TestSession } from './auth.js'
import { businessInput } from './factories.js'
import { mailsTo } from './mail.js'

/** A JSON request as `session`, naming `businessId` when given (the web's business switcher). */
export async function memberCall<T = { error?: { code: string; message: string } }>(
  app: RequestTarget,
  session: TestSession,
  method: string,
  path: string,
  { body, businessId }: { body?: unknown; businessId?: string } = {},
): Promise<{ status: number; body: T }> {
  const res = await app.request(path, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': 'application/json',
      ...(businessId ? { [BUSINESS_HEADER]: businessId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T }
}

/** The token of the newest invitation mailed to `email`. */
export async function invitationToken(db: Db, email: string): Promise<string> {
  const [mail] = await mailsTo(db, email)
  const token = mail?.link ? new URL(mail.link).searchParams.get('token') : null
  if (!token) throw new Error(`no invitation mailed to ${email}`)
  return token
}

/** `owner` invites a new person as `role` to `businessId`; they sign up and accept. */
export async function addMember(
  { app, db }: { app: RequestTarget; db: Db },
  owner: TestSession,
  businessId: string,
  role: MemberRole,
): Promise<TestSession> {
  const member = await signUp(app)
  const invited = await memberCall(app, owner, 'POST', '/api/team/invitations', {
    body: { email: member.email, role },
    businessId,
  })
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.body)}`)
  const token = await invitationToken(db, member.email)
  const accepted = await memberCall(app, member, 'POST', '/api/membership/invitations/accept', {
    body: { token },
  })
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`)
  return member
}

/** Saves the tests' business as `owner` (their first, which makes them its owner); answers its id. */
export async function saveOwnBusiness(app: RequestTarget, owner: TestSession): Promise<string> {
  const saved = await memberCall<{ business: { id: string } }>(app, owner, 'PUT', '/api/business', {
    body: businessInput,
  })
  if (saved.status !== 200)
    throw new Error(`saving the business failed: ${JSON.stringify(saved.body)}`)
  return saved.body.business.id
}

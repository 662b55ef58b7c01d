// Members and roles (issue 35 items 1-3, docs/decisions/043-members-and-roles.md): invitations by
// email, roles checked on the server, at least one owner, several businesses per person.
import { afterEach, expect, test } from 'vitest'
import { LAST_OWNER_MESSAGE, type InvitationView, type MemberView } from '@localseo/shared/members'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signIn, signUp, type TestSession } from '../../testing/auth.js'
import { databaseFingerprint } from '../../testing/db-fingerprint.js'
import { businessInput } from '../../testing/factories.js'
import { mailsTo } from '../../testing/mail.js'
import { addMember, invitationToken, memberCall, saveOwnBusiness } from '../../testing/members.js'

/** signUp's default password. */
const PASSWORD = 'correct horse battery'

const apps: TestApp[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()))
})

interface Team {
  members: MemberView[]
  invitations: InvitationView[]
}

async function ownerWithBusiness(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options)
  apps.push(t)
  const owner = await signUp(t.app, { name: 'Olivia Owner' })
  const businessId = await saveOwnBusiness(t.app, owner)
  const as = (session: TestSession) => ({
    call: <T = { error?: { code: string; message: string } }>(
      method: string,
      path: string,
      body?: unknown,
    ) => memberCall<T>(t.app, session, method, path, { body, businessId }),
  })
  return { t, owner, businessId, as }
}

test('an owner invites a manager and a viewer by email; each joins through the link and the team lists them', async () => {
  const { t, owner, businessId, as } = await ownerWithBusiness()
  const manager = await signUp(t.app)
  const invited = await as(owner).call<{ invitation: InvitationView }>(
    'POST',
    '/api/team/invitations',
    { email: `  ${manager.email.toUpperCase()} `, role: 'manager' },
  )
  expect(invited.status).toBe(201)
  expect(invited.body.invitation).toMatchObject({ email: manager.email, role: 'manager' })

  const [mail] = await mailsTo(t.db, manager.email)
  expect(mail?.subject).toBe(`Olivia Owner invited you to ${businessInput.name} on LocalSEO AI`)
  expect(mail?.text).toContain('as a manager')
  expect(mail?.link).toMatch(/\/join\?token=[\w-]{43}$/)

  // Before accepting, the link says what it is for; the business is not theirs yet.
  const token = await invitationToken(t.db, manager.email)
  const preview = await memberCall(t.app, manager, 'POST', '/api/membership/invitations/preview', {
    body: { token },
  })
  expect(preview.body).toMatchObject({
    businessName: businessInput.name,
    role: 'manager',
    forYou: true,
  })
  expect((await memberCall(t.app, manager, 'GET', '/api/business', { businessId })).status).toBe(
    404,
  )

  const accepted = await memberCall(t.app, manager, 'POST', '/api/membership/invitations/accept', {
    body: { token },
  })
  expect(accepted.body).toEqual({ businessId })
  const viewer = await addMember(t, owner, businessId, 'viewer')

  const team = await as(viewer).call<Team>('GET', '/api/team')
  expect(team.status).toBe(200)
  expect(team.body.invitations).toEqual([])
  expect(team.body.members.map((m) => [m.email, m.role, m.you])).toEqual([
    [owner.email, 'owner', false],
    [manager.email, 'manager', false],
    [viewer.email, 'viewer', true],
  ])
  // Their own first business is this one, so the switcher lists it and requests without a name read it.
  const mine = await memberCall(t.app, viewer, 'GET', '/api/membership')
  expect(mine.body).toEqual({
    businesses: [{ businessId, name: businessInput.name, role: 'viewer' }],
  })
  const read = await memberCall<{ business: { id: string } }>(t.app, viewer, 'GET', '/api/business')
  expect(read.body.business.id).toBe(businessId)
})

test('a viewer reads every screen but each write is a 403 that changes nothing; a manager writes but cannot manage the team or the provider key', async () => {
  const { t, owner, businessId, as } = await ownerWithBusiness()
  const viewer = await addMember(t, owner, businessId, 'viewer')
  const manager = await addMember(t, owner, businessId, 'manager')

  expect((await as(viewer).call('GET', '/api/rank-tracker/keywords')).status).toBe(200)
  const before = await databaseFingerprint(t.db)
  const writes = [
    ['PUT', '/api/business', businessInput],
    ['POST', '/api/rank-tracker/keywords', { keyword: 'emergency dentist' }],
    ['POST', '/api/team/invitations', { email: 'someone@example.com', role: 'owner' }],
    ['DELETE', '/api/business/sample-data', undefined],
  ] as const
  for (const [method, path, body] of writes) {
    const refused = await as(viewer).call(method, path, body)
    expect(refused.status, `${method} ${path}`).toBe(403)
    expect(refused.body.error?.message).toMatch(/you are a viewer/i)
  }
  expect(await databaseFingerprint(t.db)).toBe(before)

  const saved = await as(manager).call('PUT', '/api/business', {
    ...businessInput,
    phone: '(512) 555-0199',
  })
  expect(saved.status).toBe(200)
  const invite = await as(manager).call('POST', '/api/team/invitations', {
    email: 'someone@example.com',
    role: 'viewer',
  })
  expect(invite.status).toBe(403)
  expect(invite.body.error?.message).toBe(
    'Only an owner of this business can do this. You are a manager.',
  )
  const key = await as(manager).call('PUT', '/api/rank-provider', {
    provider: 'serpapi',
    apiKey: 'a-key-of-the-manager',
  })
  expect(key.status).toBe(403)
})

test('an invitation works once, only for its address, not after 7 days and not once withdrawn or replaced', async () => {
  const clock = createTestClock()
  const { t, owner, as } = await ownerWithBusiness({ clock })
  const invite = (email: string) =>
    as(owner).call<{ invitation: InvitationView }>('POST', '/api/team/invitations', {
      email,
      role: 'viewer',
    })
  const accept = (session: TestSession, token: string) =>
    memberCall(t.app, session, 'POST', '/api/membership/invitations/accept', { body: { token } })

  const invited = await signUp(t.app)
  const stranger = await signUp(t.app)
  await invite(invited.email)
  const token = await invitationToken(t.db, invited.email)
  const other = await accept(stranger, token)
  expect(other.status).toBe(403)
  expect(other.body.error?.message).toBe(
    'This invitation was sent to another email address. Sign in with the address it was sent to.',
  )
  expect((await accept(invited, token)).status).toBe(200)
  // A replay, by the same person or anyone, finds it used.
  expect((await accept(invited, token)).status).toBe(404)
  expect((await accept(stranger, token)).status).toBe(404)

  // Withdrawn.
  const second = await signUp(t.app)
  const { body } = await invite(second.email)
  expect(
    (await as(owner).call('DELETE', `/api/team/invitations/${body.invitation.id}`)).status,
  ).toBe(204)
  expect((await accept(second, await invitationToken(t.db, second.email))).status).toBe(404)

  // Replaced: the newest link is the one that works.
  await invite(second.email)
  const oldToken = await invitationToken(t.db, second.email)
  await invite(second.email)
  const newToken = await invitationToken(t.db, second.email)
  expect((await accept(second, oldToken)).status).toBe(404)
  expect((await as(owner).call<Team>('GET', '/api/team')).body.invitations).toHaveLength(1)

  // Expired after 7 days.
  clock.advance(7 * 86_400 + 1)
  const owner7 = await signIn(t.app, { email: owner.email, password: PASSWORD })
  const late = await accept(
    await signIn(t.app, { email: second.email, password: PASSWORD }),
    newToken,
  )
  expect(late.status).toBe(404)
  expect(late.body.error?.message).toContain('has expired')
  expect((await as(owner7).call<Team>('GET', '/api/team')).body.invitations).toEqual([])

  // Someone already in is told so rather than invited twice.
  const again = await as(owner7).call('POST', '/api/team/invitations', {
    email: invited.email,
    role: 'viewer',
  })
  expect(again.status).toBe(409)
})

test('at least one owner remains: the only owner cannot step down or leave; two owners demoting each other at once leave one', async () => {
  const { t, owner, businessId, as } = await ownerWithBusiness()
  const alone = await as(owner).call('PATCH', `/api/team/members/${owner.userId}`, {
    role: 'manager',
  })
  expect(alone.status).toBe(409)
  expect(alone.body.error?.message).toBe(LAST_OWNER_MESSAGE)
  expect((await as(owner).call('DELETE', '/api/membership')).status).toBe(409)

  const second = await addMember(t, owner, businessId, 'manager')
  expect(
    (await as(owner).call('PATCH', `/api/team/members/${second.userId}`, { role: 'owner' })).status,
  ).toBe(200)
  const results = await Promise.all([
    as(owner).call('PATCH', `/api/team/members/${second.userId}`, { role: 'viewer' }),
    as(second).call('PATCH', `/api/team/members/${owner.userId}`, { role: 'viewer' }),
  ])
  // One wins. The other is refused either way: 409 when its role check ran before the winner's
  // commit (the count under the lock finds one owner left), 403 when after (it is a viewer now).
  const statuses = results.map((r) => r.status).sort()
  expect(statuses[0]).toBe(200)
  expect([403, 409]).toContain(statuses[1])
  const team = await as(owner).call<Team>('GET', '/api/team')
  const owners = team.body.members.filter((m) => m.role === 'owner')
  expect(owners).toHaveLength(1)
  // Either request may have won: the one still an owner invites next.
  const remaining = owners[0]?.userId === owner.userId ? owner : second

  // A member leaves: they are gone from the list and the business is gone from theirs.
  const viewer = await addMember(t, remaining, businessId, 'viewer')
  expect((await as(viewer).call('DELETE', '/api/membership')).status).toBe(204)
  expect((await memberCall(t.app, viewer, 'GET', '/api/membership')).body).toEqual({
    businesses: [],
  })
})

test("a removed member's next request is refused at once, on another instance too", async () => {
  const { t, owner, businessId, as } = await ownerWithBusiness()
  const second = await createTestApp({ database: t.database, jwtKeys: t.deps.jwtKeys })
  apps.push(second)
  const manager = await addMember(t, owner, businessId, 'manager')
  const onSecond = () =>
    memberCall(second.app, manager, 'GET', '/api/rank-tracker/keywords', { businessId })
  expect((await onSecond()).status).toBe(200)

  expect((await as(owner).call('DELETE', `/api/team/members/${manager.userId}`)).status).toBe(204)
  const refused = await onSecond()
  expect(refused.status).toBe(404)
  expect(refused.body.error?.code).toBe('not_a_member')
  expect((await as(manager).call('PUT', '/api/business', businessInput)).status).toBe(404)
  // Without naming it they have no business at all: nothing of the old one shows.
  const own = await memberCall<{ business: { id: string } }>(t.app, manager, 'GET', '/api/business')
  expect(own.body.business.id).toBe('')
})

test('a person with several businesses creates another in one step and works on each by naming it; another owner reaches none of it', async () => {
  const { t, owner, businessId, as } = await ownerWithBusiness()
  const created = await memberCall<{ businessId: string }>(
    t.app,
    owner,
    'POST',
    '/api/businesses',
    {
      body: { ...businessInput, name: 'Bright Smiles North' },
    },
  )
  expect(created.status).toBe(201)
  const other = created.body.businessId
  const mine = await memberCall(t.app, owner, 'GET', '/api/membership')
  expect(mine.body).toEqual({
    businesses: [
      { businessId, name: businessInput.name, role: 'owner' },
      { businessId: other, name: 'Bright Smiles North', role: 'owner' },
    ],
  })
  const read = (id: string) =>
    memberCall<{ business: { name: string } }>(t.app, owner, 'GET', '/api/business', {
      businessId: id,
    })
  expect((await read(other)).body.business.name).toBe('Bright Smiles North')
  expect((await read(businessId)).body.business.name).toBe(businessInput.name)
  // The new one has its own first-run keywords, apart from the first one's.
  const keywords = await memberCall<{ keywords: unknown[] }>(
    t.app,
    owner,
    'GET',
    '/api/rank-tracker/keywords',
    { businessId: other },
  )
  expect(keywords.body.keywords.length).toBeGreaterThan(0)

  const intruder = await signUp(t.app)
  const before = await databaseFingerprint(t.db)
  const attempts = [
    ['GET', '/api/team', undefined],
    ['GET', '/api/business', undefined],
    ['POST', '/api/team/invitations', { email: intruder.email, role: 'owner' }],
    ['PATCH', `/api/team/members/${owner.userId}`, { role: 'viewer' }],
    ['DELETE', `/api/team/members/${owner.userId}`, undefined],
    ['DELETE', '/api/membership', undefined],
  ] as const
  for (const [method, path, body] of attempts) {
    const res = await memberCall(t.app, intruder, method, path, { body, businessId: other })
    expect(res.status, `${method} ${path}`).toBe(404)
  }
  expect(await databaseFingerprint(t.db)).toBe(before)
  // Not even a malformed name reaches the database.
  const malformed = await memberCall(t.app, intruder, 'GET', '/api/business', {
    businessId: "x' or 1=1 --",
  })
  expect(malformed.status).toBe(404)
  // With their own business, another's member and invitation ids are not theirs to change.
  await memberCall(t.app, intruder, 'PUT', '/api/business', { body: businessInput })
  const { body: invited } = await as(owner).call<{ invitation: InvitationView }>(
    'POST',
    '/api/team/invitations',
    { email: 'later@example.com', role: 'viewer' },
  )
  const own = (method: string, path: string, body?: unknown) =>
    memberCall(t.app, intruder, method, path, { body })
  expect((await own('DELETE', `/api/team/invitations/${invited.invitation.id}`)).status).toBe(404)
  expect((await own('PATCH', `/api/team/members/${owner.userId}`, { role: 'viewer' })).status).toBe(
    404,
  )
  expect((await own('DELETE', `/api/team/members/${owner.userId}`)).status).toBe(404)
  expect((await as(owner).call<Team>('GET', '/api/team')).body.invitations).toHaveLength(1)
})

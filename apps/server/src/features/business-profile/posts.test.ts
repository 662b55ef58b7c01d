// Business Profile posts (issue 33 items 6 and 8, ADR 036) against the fake Google on 127.0.0.1:
// created, listed, patched with an updateMask of what changed and deleted in Google's shapes; bad
// input is a 422 with nothing written or sent; another owner's post and location are 404s; a
// scheduled post goes out at its time in the business's time zone, once across three instances and
// once across a retry whose answer was lost; a repeat schedules its next occurrence; Google's edits
// quota is kept; and sample profiles keep their posts here, removed with the other sample data.
import type { PostsCreated, PostsPage, ProfilePost } from '@localseo/shared/business-profile-posts'
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { businesses } from '../../db/schema/business.js'
import { businessProfilePosts } from '../../db/schema/business-profile-posts.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { GBP_ACCOUNT } from '../../testing/fake-business-profile.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { connectGoogle } from '../../testing/google-owner.js'
import { reserveEdit } from './posts-publish.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const ROUTE = '/api/business-profile/posts'
const AUSTIN = 'locations/4815162342'
const MINUTE = 60

let fake: FakeGoogle
let t: TestApp
let clock: ReturnType<typeof createTestClock>
const others: TestApp[] = []

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  // A winter Tuesday: New York is UTC-5.
  clock = createTestClock(new Date('2026-01-13T15:00:00Z'))
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  fake.businessProfile.localPosts.reset()
  fake.revokeAll()
  fake.calls.length = 0
})
afterEach(async () => {
  for (const other of others.splice(0)) await other.close()
  await t.close()
})

async function start(options: { google?: boolean; jobs?: boolean } = {}) {
  t = await createTestApp({
    clock,
    jobs: options.jobs ?? true,
    env: options.google === false ? {} : { ...fake.env, SECRETS_KEY },
  })
}

/** The Austin dentist, its main place linked to the recorded profile (or a sample one). */
async function linkedOwner(email: string, { sample = false } = {}) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  // Kept in New York's time zone, whatever Austin's is: the times below are New York's.
  await call('PUT', '/api/business', { ...businessInput, timeZone: 'America/New_York' })
  const added = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
  )
  if (!sample) {
    expect(await connectGoogle(t.app, session.accessToken, 'business-profile')).toBe(
      '/settings?google=connected',
    )
  }
  const linked = await call('PUT', `/api/business-profile/links/main`, {
    googleLocation: sample ? 'locations/sample-main' : AUSTIN,
  })
  expect(linked.status).toBe(200)
  const [business] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  return Object.assign(call, {
    businessId: business!.id,
    roundRock: added.body.locations[0]!.id,
    token: () => session.accessToken,
  })
}

const update = {
  topicType: 'STANDARD',
  summary: 'New this week: same-day whitening. Book a visit before Friday.',
  callToAction: { actionType: 'BOOK', url: 'https://brightsmile.example/book' },
} as const

const rows = (businessId: string) =>
  t.db
    .select()
    .from(businessProfilePosts)
    .where(eq(businessProfilePosts.businessId, businessId))
    .orderBy(desc(businessProfilePosts.publishAt))

type Owner = Awaited<ReturnType<typeof linkedOwner>>

/** POST a post to the main place: an update published now unless `body` says otherwise. */
const send = (call: Owner, body: Record<string, unknown> = {}) =>
  call<PostsCreated>('POST', ROUTE, { locations: ['main'], content: update, when: 'now', ...body })

/** What the fake Google's local posts received. */
const posts = {
  creates: () => fake.businessProfile.localPosts.creates(),
  calls: () => fake.businessProfile.localPosts.calls,
}

describe('writing posts on Google', () => {
  test('publish now sends Google a LocalPost in its documented shape and lists it live', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const created = await send(call)
    expect(created.status).toBe(201)
    expect(created.body.refusal).toBeNull()
    const [sent] = posts.calls()
    expect(sent).toMatchObject({
      method: 'POST',
      name: `${GBP_ACCOUNT}/${AUSTIN}/localPosts/1`,
      body: {
        languageCode: 'en',
        topicType: 'STANDARD',
        summary: update.summary,
        callToAction: { actionType: 'BOOK', url: 'https://brightsmile.example/book' },
      },
    })
    const post = created.body.posts[0]!
    expect(post).toMatchObject({
      status: 'live',
      googleName: `${GBP_ACCOUNT}/${AUSTIN}/localPosts/1`,
      sample: false,
    })
    expect(post.searchUrl).toContain('lpsid=1')
    const listed = await call<PostsPage>('GET', `${ROUTE}?location=main`)
    expect(listed.body.posts.map((p) => [p.id, p.status])).toEqual([[post.id, 'live']])
    expect(listed.body.link?.googleLocation).toBe(AUSTIN)
  })

  test('an offer and an event carry Google event schedule, offer fields and a CALL without URL', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const offer = await send(call, {
      content: {
        topicType: 'OFFER',
        summary: '20% off a check-up',
        event: { title: 'Winter check-up', start: '2026-01-20T09:00', end: '2026-02-01T17:30' },
        offer: {
          couponCode: 'SMILE20',
          redeemOnlineUrl: 'https://brightsmile.example/offer',
          termsConditions: 'New patients only.',
        },
      },
    })
    expect(offer.status).toBe(201)
    const event = await send(call, {
      content: {
        topicType: 'EVENT',
        summary: 'Free brushing lessons for kids',
        event: { title: 'Kids day', start: '2026-02-07T10:00', end: '2026-02-07T13:00' },
        callToAction: { actionType: 'CALL', url: '' },
      },
    })
    expect(event.status).toBe(201)
    const [offerSent, eventSent] = posts.calls()
    expect(offerSent!.body).toEqual({
      languageCode: 'en',
      topicType: 'OFFER',
      summary: '20% off a check-up',
      event: {
        title: 'Winter check-up',
        schedule: {
          startDate: { year: 2026, month: 1, day: 20 },
          startTime: { hours: 9, minutes: 0 },
          endDate: { year: 2026, month: 2, day: 1 },
          endTime: { hours: 17, minutes: 30 },
        },
      },
      offer: {
        couponCode: 'SMILE20',
        redeemOnlineUrl: 'https://brightsmile.example/offer',
        termsConditions: 'New patients only.',
      },
    })
    expect(eventSent!.body).toMatchObject({
      topicType: 'EVENT',
      callToAction: { actionType: 'CALL' },
    })
    expect(eventSent!.body!.callToAction).not.toHaveProperty('url')
  })

  test('an edit sends only the changed fields in the updateMask; a delete removes it on Google', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const created = await send(call)
    const id = created.body.posts[0]!.id
    const edited = await call<ProfilePost>('PATCH', `${ROUTE}/${id}`, {
      content: { ...update, summary: 'Same-day whitening, now on Saturdays too.' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body.content.summary).toBe('Same-day whitening, now on Saturdays too.')
    const ctaOnly = await call<ProfilePost>('PATCH', `${ROUTE}/${id}`, {
      content: {
        ...update,
        summary: 'Same-day whitening, now on Saturdays too.',
        callToAction: { actionType: 'LEARN_MORE', url: 'https://brightsmile.example/whitening' },
      },
    })
    expect(ctaOnly.status).toBe(200)
    const patches = posts.calls().filter((c) => c.method === 'PATCH')
    expect(patches.map((c) => c.mask)).toEqual(['summary', 'callToAction'])
    expect(patches[0]!.body).toEqual({ summary: 'Same-day whitening, now on Saturdays too.' })
    const onGoogle = fake.businessProfile.localPosts.posts.get(
      `${GBP_ACCOUNT}/${AUSTIN}/localPosts/1`,
    )
    expect(onGoogle).toMatchObject({
      summary: 'Same-day whitening, now on Saturdays too.',
      callToAction: { actionType: 'LEARN_MORE', url: 'https://brightsmile.example/whitening' },
    })
    // The type of a post on Google stays.
    const retyped = await call('PATCH', `${ROUTE}/${id}`, {
      content: {
        ...update,
        topicType: 'EVENT',
        event: { title: 'x', start: '2026-02-01T09:00', end: '2026-02-01T10:00' },
      },
    })
    expect(retyped.status).toBe(422)

    const deleted = await call('DELETE', `${ROUTE}/${id}`)
    expect(deleted.status).toBe(200)
    expect(posts.calls().at(-1)).toMatchObject({ method: 'DELETE' })
    expect(fake.businessProfile.localPosts.posts.size).toBe(0)
    expect(await rows(call.businessId)).toEqual([])
  })

  test('bad input is a 422 before anything is written or sent', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const bad = [
      { locations: ['main'], when: 'now', content: { ...update, summary: 'x'.repeat(1501) } },
      {
        locations: ['main'],
        when: 'now',
        content: { ...update, callToAction: { actionType: 'BOOK', url: '' } },
      },
      {
        locations: ['main'],
        when: 'now',
        content: {
          topicType: 'EVENT',
          summary: 'Open day',
          event: { title: 'Open day', start: '2026-02-07T13:00', end: '2026-02-07T10:00' },
        },
      },
      { locations: ['main'], when: 'now', content: { topicType: 'STANDARD', summary: ' ' } },
      { locations: ['main'], when: 'schedule', content: update },
      { locations: ['main'], when: 'schedule', publishAt: '2026-01-12T09:00', content: update },
      { locations: [], when: 'now', content: update },
      // Round Rock is the owner's but not linked to a profile.
      { locations: ['main', call.roundRock], when: 'now', content: update },
    ]
    for (const body of bad) {
      const answer = await call('POST', ROUTE, body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422)
    }
    expect(await rows(call.businessId)).toEqual([])
    expect(posts.calls()).toEqual([])
  })

  test("another owner's post and location are 404s", async () => {
    await start()
    const owner = await linkedOwner('owner@example.com')
    const created = await owner<PostsCreated>('POST', ROUTE, {
      locations: ['main'],
      content: update,
      when: 'draft',
    })
    const id = created.body.posts[0]!.id
    const session = await signUp(t.app, { email: 'other@example.com' })
    const other = apiCaller(t.app, () => session.accessToken)
    await other('PUT', '/api/business', businessInput)
    expect((await other('PATCH', `${ROUTE}/${id}`, { content: update })).status).toBe(404)
    expect((await other('DELETE', `${ROUTE}/${id}`)).status).toBe(404)
    expect((await other('GET', `${ROUTE}?location=${owner.roundRock}`)).status).toBe(404)
    const foreign = await other('POST', ROUTE, {
      locations: [owner.roundRock],
      content: update,
      when: 'draft',
    })
    expect(foreign.status).toBe(404)
    expect((await other<PostsPage>('GET', ROUTE)).body.posts).toEqual([])
    expect((await owner('DELETE', `${ROUTE}/not-a-post`)).status).toBe(404)
    expect((await rows(owner.businessId)).map((r) => r.summary)).toEqual([update.summary])
  })

  test("Google's refusals are the post's state with the reason, never a 5xx", async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    fake.businessProfile.failBusinessProfile('denied')
    const denied = await send(call)
    expect(denied.status).toBe(201)
    expect(denied.body.refusal?.kind).toBe('no_access')
    expect(denied.body.posts[0]).toMatchObject({ status: 'failed' })
    expect(denied.body.posts[0]!.reason).toMatch(/cannot manage that Business Profile/)
    fake.businessProfile.failBusinessProfile(null)
    fake.businessProfile.localPosts.rejectNext()
    const rejected = await send(call)
    expect(rejected.body.posts[0]).toMatchObject({ status: 'rejected' })
    expect(rejected.body.posts[0]!.reason).toMatch(/^Google rejected this post/)
    fake.businessProfile.failBusinessProfile('quota')
    const quota = await send(call)
    expect(quota.body.refusal?.kind).toBe('quota')
    // Google's quota passes: tried again by the next tick.
    expect(quota.body.posts[0]).toMatchObject({ status: 'scheduled' })
    expect(quota.body.posts[0]!.reason).toMatch(/^Will try again in a minute/)
    fake.businessProfile.failBusinessProfile(null)
    clock.advance(MINUTE)
    await t.automation!.tick()
    const listed = await call<PostsPage>('GET', ROUTE)
    expect(listed.body.posts.map((p) => p.status).sort()).toEqual(['failed', 'live', 'rejected'])
  })

  test("a grant revoked at Google: the post fails, the connection reads 'Reconnect', and posting waits for it", async () => {
    // No workers: the import the link queued would meet the revoked grant first, at its own time.
    await start({ jobs: false })
    const call = await linkedOwner('owner@example.com')
    fake.revokeAll()
    const revoked = await send(call)
    expect(revoked.status).toBe(201)
    expect(revoked.body.posts[0]).toMatchObject({ status: 'failed' })
    expect(revoked.body.posts[0]!.reason).toMatch(/reconnect/i)
    const status = await call<{ connection: string }>('GET', '/api/business-profile')
    expect(status.body.connection).toBe('revoked')
    const again = await send(call)
    expect(again.status).toBe(409)
    expect(posts.creates()).toBe(0)
    expect(await rows(call.businessId)).toHaveLength(1)
  })

  test('Google takes 10 edits a minute per profile: the 11th waits', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const created = await send(call)
    for (let i = 0; i < 9; i++) {
      expect(await reserveEdit(t.deps, call.businessId, AUSTIN, clock.now())).toBe(true)
    }
    const edit = await call('PATCH', `${ROUTE}/${created.body.posts[0]!.id}`, {
      content: { ...update, summary: 'Changed' },
    })
    expect(edit.status).toBe(429)
    expect((await rows(call.businessId))[0]!.summary).toBe(update.summary)
    const later = await send(call, { content: { ...update, summary: 'Another' } })
    expect(later.body.posts[0]).toMatchObject({ status: 'scheduled' })
    expect(posts.creates()).toBe(1)
    clock.advance(MINUTE)
    await t.automation!.tick()
    expect(posts.creates()).toBe(2)
  })
})

describe('scheduled posts', () => {
  test('09:00 in New York goes out at 14:00 UTC in winter, once, and a weekly repeat schedules the next', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const created = await send(call, {
      when: 'schedule',
      publishAt: '2026-01-20T09:00',
      repeat: 'weekly',
      repeatUntil: '2026-01-27',
    })
    expect(created.status).toBe(201)
    expect(created.body.posts[0]).toMatchObject({
      status: 'scheduled',
      publishAt: '2026-01-20T14:00:00.000Z',
      publishAtLocal: '2026-01-20T09:00',
    })
    clock.set(new Date('2026-01-20T13:59:00Z'))
    await t.automation!.tick()
    expect(posts.creates()).toBe(0)
    clock.set(new Date('2026-01-20T14:00:00Z'))
    await t.automation!.tick()
    await t.automation!.tick()
    expect(posts.creates()).toBe(1)
    // (Read from the table: a week on, the test's session has expired.)
    expect(
      (await rows(call.businessId)).map((p) => [p.status, p.publishAt?.toISOString(), p.repeat]),
    ).toEqual([
      ['scheduled', '2026-01-27T14:00:00.000Z', 'weekly'],
      ['live', '2026-01-20T14:00:00.000Z', 'none'],
    ])
    clock.set(new Date('2026-01-27T14:00:00Z'))
    await t.automation!.tick()
    expect(posts.creates()).toBe(2)
    // The next would be 3 February, after the last day: the repeat ends.
    expect((await rows(call.businessId)).map((p) => p.status)).toEqual(['live', 'live'])
  })

  test('a monthly repeat in summer keeps 09:00 New York time (13:00 UTC)', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await send(call, {
      when: 'schedule',
      publishAt: '2026-02-28T09:00',
      repeat: 'monthly',
    })
    clock.set(new Date('2026-02-28T14:00:00Z'))
    await t.automation!.tick()
    const [next] = await rows(call.businessId)
    expect(next).toMatchObject({ status: 'scheduled', publishAtLocal: '2026-03-28T09:00' })
    expect(next!.publishAt?.toISOString()).toBe('2026-03-28T13:00:00.000Z')
  })

  test('a monthly post of the 31st goes out on the 28th in February and on the 31st again in March', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await send(call, { when: 'schedule', publishAt: '2026-01-31T09:00', repeat: 'monthly' })
    const scheduled = async () =>
      (await rows(call.businessId))
        .filter((p) => p.status === 'scheduled')
        .map((p) => p.publishAtLocal)
    clock.set(new Date('2026-01-31T14:01:00Z'))
    await t.automation!.tick()
    expect(await scheduled()).toEqual(['2026-02-28T09:00'])
    clock.set(new Date('2026-02-28T14:01:00Z'))
    await t.automation!.tick()
    expect(await scheduled()).toEqual(['2026-03-31T09:00'])
  })

  test('three instances ticking at once publish a due post once', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await send(call, {
      when: 'schedule',
      publishAt: '2026-01-13T10:30',
    })
    for (let i = 0; i < 2; i++) {
      others.push(
        await createTestApp({
          clock,
          jobs: true,
          database: t.database,
          env: { ...fake.env, SECRETS_KEY },
        }),
      )
    }
    clock.set(new Date('2026-01-13T15:31:00Z'))
    await Promise.all([t, ...others].map((app) => app.automation!.tick()))
    expect(posts.creates()).toBe(1)
    const [row] = await rows(call.businessId)
    expect(row).toMatchObject({ status: 'live', attempts: 1 })
  })

  test('a retry after an answer Google never gave back does not create the post twice', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await send(call, {
      when: 'schedule',
      publishAt: '2026-01-13T10:30',
    })
    fake.businessProfile.localPosts.loseNextCreate()
    clock.set(new Date('2026-01-13T15:31:00Z'))
    await t.automation!.tick()
    expect(posts.creates()).toBe(1)
    let [row] = await rows(call.businessId)
    expect(row).toMatchObject({ status: 'scheduled', googleName: null })
    clock.advance(MINUTE)
    await t.automation!.tick()
    ;[row] = await rows(call.businessId)
    expect(posts.creates()).toBe(1)
    expect(row).toMatchObject({
      status: 'live',
      googleName: `${GBP_ACCOUNT}/${AUSTIN}/localPosts/1`,
      attempts: 2,
    })
  })

  test('a post its instance left publishing is taken again after the lease, and found on Google', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const created = await send(call)
    const id = created.body.posts[0]!.id
    // As if the instance died after Google created it, before our row heard.
    await t.db
      .update(businessProfilePosts)
      .set({ status: 'publishing', googleName: null, claimedAt: clock.now() })
      .where(
        and(eq(businessProfilePosts.businessId, call.businessId), eq(businessProfilePosts.id, id)),
      )
    clock.advance(5 * MINUTE)
    await t.automation!.tick()
    expect((await rows(call.businessId))[0]!.status).toBe('publishing')
    clock.advance(6 * MINUTE)
    await t.automation!.tick()
    expect(posts.creates()).toBe(1)
    expect((await rows(call.businessId))[0]).toMatchObject({
      status: 'live',
      googleName: `${GBP_ACCOUNT}/${AUSTIN}/localPosts/1`,
    })
  })
})

describe('a post outlives the link of its place (ADR 055)', () => {
  /** Each post's text, state and link, by its text. */
  const linkIds = async (businessId: string) =>
    (await rows(businessId))
      .map((p) => [p.summary, p.status, p.linkId])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))

  test("disconnecting Google keeps the owner's posts; linking the place again brings them back", async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    const live = (await send(call, { content: { ...update, summary: 'Live on Google' } })).body
      .posts[0]!
    const draft = (await send(call, { content: { ...update, summary: 'A draft' }, when: 'draft' }))
      .body.posts[0]!
    await send(call, {
      content: { ...update, summary: 'Next Tuesday' },
      when: 'schedule',
      publishAt: '2026-01-20T09:00',
    })
    expect((await call('DELETE', '/api/integrations/google')).status).toBe(200)
    // Every post is still there, without a link, as it was.
    expect(await linkIds(call.businessId)).toEqual([
      ['A draft', 'draft', null],
      ['Live on Google', 'live', null],
      ['Next Tuesday', 'scheduled', null],
    ])
    const listed = await call<PostsPage>('GET', `${ROUTE}?location=main`)
    expect(listed.body.link).toBeNull()
    expect(listed.body.posts).toHaveLength(3)
    // Connected again, before the place is linked: what needs the profile waits for it; a
    // draft's words can still change.
    await connectGoogle(t.app, call.token(), 'business-profile')
    const sentEdit = await call<{ error: { message: string } }>('PATCH', `${ROUTE}/${live.id}`, {
      content: { ...update, summary: 'Changed' },
    })
    expect(sentEdit.status).toBe(409)
    expect(sentEdit.body.error.message).toContain('no longer linked')
    expect((await call('DELETE', `${ROUTE}/${live.id}`)).status).toBe(409)
    const publish = await call<{ error: { message: string } }>('PATCH', `${ROUTE}/${draft.id}`, {
      content: update,
      when: 'now',
    })
    expect(publish.status).toBe(409)
    expect(publish.body.error.message).toContain('Link it in Settings')
    const words = await call<ProfilePost>('PATCH', `${ROUTE}/${draft.id}`, {
      content: { ...update, summary: 'A better draft' },
    })
    expect(words.status).toBe(200)
    expect(fake.businessProfile.localPosts.calls).toHaveLength(1)

    expect(
      (await call('PUT', '/api/business-profile/links/main', { googleLocation: AUSTIN })).status,
    ).toBe(200)
    const [link] = (await rows(call.businessId)).map((p) => p.linkId)
    expect(link).not.toBeNull()
    expect(await linkIds(call.businessId)).toEqual([
      ['A better draft', 'draft', link],
      ['Live on Google', 'live', link],
      ['Next Tuesday', 'scheduled', link],
    ])
    clock.set(new Date('2026-01-20T14:00:00Z'))
    await t.automation!.tick()
    expect(posts.creates()).toBe(2)
  })

  test('a scheduled post whose place is unlinked at its time fails, saying why', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await send(call, { when: 'schedule', publishAt: '2026-01-20T09:00' })
    expect((await call('DELETE', '/api/business-profile/links/main')).status).toBe(200)
    clock.set(new Date('2026-01-20T14:00:00Z'))
    await t.automation!.tick()
    const [post] = await rows(call.businessId)
    expect(post).toMatchObject({ status: 'failed', linkId: null })
    expect(post!.reason).toContain('no longer linked to a Business Profile')
    expect(posts.creates()).toBe(0)
  })

  test('linked to another profile, a post sent to the one before stays apart; one not sent goes to the new one', async () => {
    await start()
    const call = await linkedOwner('owner@example.com')
    await send(call, { content: { ...update, summary: 'On Austin' } })
    await send(call, { content: { ...update, summary: 'Not sent' }, when: 'draft' })
    const other = 'locations/9071346785'
    expect(
      (await call('PUT', '/api/business-profile/links/main', { googleLocation: other })).status,
    ).toBe(200)
    const byText = Object.fromEntries(
      (await rows(call.businessId)).map((p) => [p.summary, p.linkId]),
    )
    expect(byText['On Austin']).toBeNull()
    expect(byText['Not sent']).not.toBeNull()
    // Back on Austin, the post on it is found again.
    expect(
      (await call('PUT', '/api/business-profile/links/main', { googleLocation: AUSTIN })).status,
    ).toBe(200)
    const again = (await rows(call.businessId)).map((p) => p.linkId)
    expect(again[0]).not.toBeNull()
    expect(again[1]).toBe(again[0])
  })
})

describe('sample profiles', () => {
  test('posts to a sample profile stay here, labelled sample, and go with the sample data', async () => {
    await start({ google: false })
    const call = await linkedOwner('owner@example.com', { sample: true })
    const created = await send(call, { repeat: 'weekly' })
    expect(created.status).toBe(201)
    expect(created.body.posts[0]).toMatchObject({ status: 'live', sample: true, googleName: null })
    // Published now, 10:00 in New York: the repeat comes a week on at the same time.
    const [repeated] = await rows(call.businessId)
    expect(repeated).toMatchObject({ status: 'scheduled', publishAtLocal: '2026-01-20T10:00' })
    await t.db.delete(businessProfilePosts).where(eq(businessProfilePosts.id, repeated!.id))
    await send(call, {
      when: 'schedule',
      publishAt: '2026-01-13T10:30',
    })
    clock.set(new Date('2026-01-13T15:30:00Z'))
    await t.automation!.tick()
    const listed = await call<PostsPage>('GET', ROUTE)
    expect(listed.body.link?.sample).toBe(true)
    expect(listed.body.posts.map((p) => [p.status, p.sample])).toEqual([
      ['live', true],
      ['live', true],
    ])
    expect(fake.calls).toEqual([])
    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
    expect(await rows(call.businessId)).toEqual([])
  })
})

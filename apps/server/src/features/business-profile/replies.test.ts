// Replies to Google reviews and their drafts (issue 33 items 3 and 8, ADR 037) against the fake
// Google on 127.0.0.1: a reply is sent, edited and deleted with Google's PUT and DELETE; a
// double-click sends it once; Google's moderation state and its policy refusal reach the owner,
// never as a 5xx; a revoked grant asks to reconnect; bad input is a 422 and another owner's review
// a 404, with nothing sent or written; without a Google client the reply is stored here only; the
// built-in writer drafts from the review's words and the business's name, in the review's language.
import type { ProfileReview, ReviewDraft } from '@localseo/shared/business-profile'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { jsonAnswer, startOpenAiStub, type OpenAiStub } from '../../ai/testing/openai-stub.js'
import { businesses } from '../../db/schema/business.js'
import { businessProfileReviews } from '../../db/schema/business-profile.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { GBP_ACCOUNT } from '../../testing/fake-business-profile.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { businessInput } from '../../testing/factories.js'
import { connectGoogle } from '../../testing/google-owner.js'
import { REPLY_SENDING } from './replies.js'
import { importProfileReviews } from './reviews-import.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const ROUTE = '/api/business-profile/reviews'
const AUSTIN = 'locations/4815162342'
const MARIA = `${GBP_ACCOUNT}/${AUSTIN}/reviews/AbFvOqm3p1`
const TOM = `${GBP_ACCOUNT}/${AUSTIN}/reviews/AbFvOqk9Zx`

let fake: FakeGoogle
let ai: OpenAiStub
let t: TestApp

beforeAll(async () => {
  fake = await startFakeGoogle()
  ai = await startOpenAiStub()
})
afterAll(async () => {
  await ai.close()
  await fake.close()
})
beforeEach(() => {
  ai.reset()
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  fake.businessProfile.resetReplies()
  fake.revokeAll()
  fake.calls.length = 0
})
afterEach(() => t.close())

async function start(google = true, model = false) {
  t = await createTestApp({
    clock: createTestClock(new Date('2026-03-10T15:00:00Z')),
    env: {
      ...(google ? { ...fake.env, SECRETS_KEY } : {}),
      ...(model ? { OPENAI_API_KEY: 'test-key-replies', OPENAI_BASE_URL: ai.baseURL } : {}),
    },
  })
}

/** The Austin dentist, its main place linked (to the recorded profile, or a sample) and imported. */
async function owner(email: string, google = true) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  await call('PUT', '/api/business', businessInput)
  if (google) {
    expect(await connectGoogle(t.app, session.accessToken, 'business-profile')).toBe(
      '/settings?google=connected',
    )
  }
  const googleLocation = google ? AUSTIN : 'locations/sample-main'
  expect((await call('PUT', '/api/business-profile/links/main', { googleLocation })).status).toBe(
    200,
  )
  const [business] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  await importProfileReviews(t.deps, business!.id)
  return Object.assign(call, { businessId: business!.id })
}

const row = async (businessId: string, name: string) =>
  (
    await t.db
      .select()
      .from(businessProfileReviews)
      .where(eq(businessProfileReviews.businessId, businessId))
  ).find((r) => r.name === name)

const puts = () => fake.businessProfile.replyCalls.filter((c) => c.method === 'PUT')
const deletes = () => fake.businessProfile.replyCalls.filter((c) => c.method === 'DELETE')

describe('sending a reply to Google', () => {
  test('send, edit and delete: one PUT or DELETE each, stored with Google’s answer; the same text again sends nothing', async () => {
    await start()
    const call = await owner('owner@example.com')
    const sent = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: MARIA,
      comment: '  Thank you, Maria!  ',
    })
    expect(sent.status).toBe(200)
    expect(sent.body.name).toBe(MARIA)
    expect(sent.body.reply).toMatchObject({ comment: 'Thank you, Maria!', state: null })
    expect(puts()).toEqual([{ method: 'PUT', review: MARIA, comment: 'Thank you, Maria!' }])
    const stored = await row(call.businessId, MARIA)
    expect(stored).toMatchObject({ replyComment: 'Thank you, Maria!', replySendingAt: null })
    expect(stored?.replyUpdateTime).not.toBeNull()

    const again = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: MARIA,
      comment: 'Thank you, Maria!',
    })
    expect(again.status).toBe(200)
    expect(puts()).toHaveLength(1)

    const edited = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: MARIA,
      comment: 'Thank you so much, Maria!',
    })
    expect(edited.body.reply?.comment).toBe('Thank you so much, Maria!')
    expect(puts().map((p) => p.comment)).toEqual(['Thank you, Maria!', 'Thank you so much, Maria!'])

    const removed = await call<ProfileReview>(
      'DELETE',
      `${ROUTE}/reply?review=${encodeURIComponent(MARIA)}`,
    )
    expect(removed.status).toBe(200)
    expect(removed.body.reply).toBeNull()
    expect(deletes()).toEqual([{ method: 'DELETE', review: MARIA }])
    expect((await row(call.businessId, MARIA))?.replyComment).toBeNull()
    // Deleting again asks Google nothing: there is no reply.
    await call('DELETE', `${ROUTE}/reply?review=${encodeURIComponent(MARIA)}`)
    expect(deletes()).toHaveLength(1)

    // The list and its summary read the new reply (the response rate changes with it).
    const summary = await call<{ responseRate: number }>('GET', `${ROUTE}/summary`)
    expect(summary.body.responseRate).toBe(0.33)
  })

  test('a double-click: two identical concurrent sends make ONE call to Google', async () => {
    await start()
    const call = await owner('owner@example.com')
    fake.businessProfile.delayReplies(300)
    const body = { review: TOM, comment: "Tom, we're sorry about the wait." }
    const [a, b] = await Promise.all([
      call<ProfileReview & { error?: { message: string } }>('POST', `${ROUTE}/reply`, body),
      call<ProfileReview & { error?: { message: string } }>('POST', `${ROUTE}/reply`, body),
    ])
    expect(puts()).toHaveLength(1)
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const refused = a.status === 409 ? a : b
    expect(refused.body.error?.message).toBe(REPLY_SENDING)
    const stored = await row(call.businessId, TOM)
    expect(stored).toMatchObject({ replyComment: body.comment, replySendingAt: null })
    // A click after the first finished answers the stored reply, still without a call.
    expect((await call('POST', `${ROUTE}/reply`, body)).status).toBe(200)
    expect(puts()).toHaveLength(1)
  })

  test("Google's moderation is stored and shown: pending, then rejected with its policy reason", async () => {
    await start()
    const call = await owner('owner@example.com')
    fake.businessProfile.moderateReplies({ reviewReplyState: 'PENDING' })
    const pending = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: MARIA,
      comment: 'Thanks!',
    })
    expect(pending.body.reply).toMatchObject({ state: 'PENDING', policyViolation: null })
    fake.businessProfile.moderateReplies({
      reviewReplyState: 'REJECTED',
      policyViolation: 'OFF_TOPIC',
    })
    const rejected = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: MARIA,
      comment: 'Visit our shop!',
    })
    expect(rejected.body.reply).toMatchObject({ state: 'REJECTED', policyViolation: 'Off topic' })
    // The daily import copies what Google lists, its moderation included.
    await importProfileReviews(t.deps, call.businessId)
    const listed = await call<{ reviews: ProfileReview[] }>('GET', ROUTE)
    expect(listed.body.reviews.find((r) => r.name === MARIA)?.reply).toMatchObject({
      state: 'REJECTED',
      policyViolation: 'Off topic',
    })
    // A rejected reply may be sent again with the same words (e.g. after an appeal).
    fake.businessProfile.moderateReplies({ reviewReplyState: 'ACTIVE' })
    const resent = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: MARIA,
      comment: 'Visit our shop!',
    })
    expect(resent.body.reply).toMatchObject({ state: 'ACTIVE', policyViolation: null })
    expect(puts()).toHaveLength(3)
  })

  test("Google's 400 for a reply against its policy reaches the owner as that reason, never a 5xx, and nothing changes", async () => {
    await start()
    const call = await owner('owner@example.com')
    fake.businessProfile.refuseReplies(true)
    const res = await call('POST', `${ROUTE}/reply`, { review: TOM, comment: 'Rude words' })
    expect(res.status).toBe(409)
    expect(res.body.error?.message).toContain(
      "violates Google's policy on prohibited and restricted content",
    )
    expect(puts()).toHaveLength(1)
    const stored = await row(call.businessId, TOM)
    expect(stored?.replyComment).toBe(
      "Tom, we're sorry about the wait. We've added a second hygienist on Mondays.",
    )
    expect(stored?.replySendingAt).toBeNull()
  })

  test("Google's 10 edits a minute per profile location: the 11th reply waits (429), nothing sent", async () => {
    await start()
    const call = await owner('owner@example.com')
    for (let i = 1; i <= 10; i++) {
      const res = await call('POST', `${ROUTE}/reply`, { review: MARIA, comment: `Thanks ${i}` })
      expect(res.status).toBe(200)
    }
    const res = await call('POST', `${ROUTE}/reply`, { review: TOM, comment: 'Sorry, Tom' })
    expect(res.status).toBe(429)
    expect(res.body.error?.message).toMatch(/at most 10 changes a minute/)
    expect(puts()).toHaveLength(10)
    expect((await row(call.businessId, TOM))?.replySendingAt).toBeNull()
  })

  test('an expired token is renewed once; a grant revoked at Google asks to reconnect (409, never a 5xx)', async () => {
    await start()
    const call = await owner('owner@example.com')
    fake.expireAccessTokens()
    expect(
      (await call('POST', `${ROUTE}/reply`, { review: MARIA, comment: 'Thanks!' })).status,
    ).toBe(200)
    expect(puts()).toHaveLength(1)
    fake.revokeAll()
    fake.expireAccessTokens()
    const res = await call('POST', `${ROUTE}/reply`, { review: MARIA, comment: 'Thank you!' })
    expect(res.status).toBe(409)
    expect(res.body.error?.message).toMatch(/Reconnect/)
    expect(
      (await call<{ connection: string }>('GET', '/api/business-profile')).body.connection,
    ).toBe('revoked')
    expect(puts()).toHaveLength(1)
    expect((await row(call.businessId, MARIA))?.replyComment).toBe('Thanks!')
    expect((await row(call.businessId, MARIA))?.replySendingAt).toBeNull()
  })
})

describe('what is refused before anything is sent', () => {
  test('422 for an empty or too long reply, or a review name that is not Google’s: nothing sent or written', async () => {
    await start()
    const call = await owner('owner@example.com')
    const before = await row(call.businessId, MARIA)
    for (const body of [
      { review: MARIA, comment: '' },
      { review: MARIA, comment: '   ' },
      // 2049 two-byte letters: 4098 bytes, over Google's 4096.
      { review: MARIA, comment: 'é'.repeat(2049) },
      { review: 'reviews/AbFvOqm3p1', comment: 'Thanks' },
      { comment: 'Thanks' },
    ]) {
      const res = await call('POST', `${ROUTE}/reply`, body)
      expect(res.status).toBe(422)
      expect(res.body.error?.code).toBe('validation_failed')
    }
    expect((await call('DELETE', `${ROUTE}/reply`)).status).toBe(422)
    expect((await call('POST', `${ROUTE}/draft`, {})).status).toBe(422)
    // Exactly 4096 bytes is Google's limit, and allowed.
    expect(
      (await call('POST', `${ROUTE}/reply`, { review: MARIA, comment: 'é'.repeat(2048) })).status,
    ).toBe(200)
    expect(puts()).toHaveLength(1)
    expect(before?.replyComment).toBeNull()
  })

  test("another owner's review is a 404 to send, delete or draft: Google is not asked and nothing changes", async () => {
    await start()
    const first = await owner('owner@example.com')
    const session = await signUp(t.app, { email: 'other@example.com' })
    const other = apiCaller(t.app, () => session.accessToken)
    await other('PUT', '/api/business', { ...businessInput, name: 'Other Dental' })
    const sent = await other('POST', `${ROUTE}/reply`, { review: TOM, comment: 'Hijacked' })
    expect(sent.status).toBe(404)
    const removed = await other('DELETE', `${ROUTE}/reply?review=${encodeURIComponent(TOM)}`)
    expect(removed.status).toBe(404)
    expect((await other('POST', `${ROUTE}/draft`, { review: TOM })).status).toBe(404)
    expect(fake.businessProfile.replyCalls).toEqual([])
    expect((await row(first.businessId, TOM))?.replyComment).toBe(
      "Tom, we're sorry about the wait. We've added a second hygienist on Mondays.",
    )
  })
})

describe('without a Google client', () => {
  test('a reply to a sample review is stored here only, and the sample import keeps it', async () => {
    await start(false)
    const call = await owner('owner@example.com', false)
    const listed = await call<{ reviews: ProfileReview[] }>('GET', ROUTE)
    const review = listed.body.reviews.find((r) => r.reply === null)!
    const answered = listed.body.reviews.find((r) => r.reply !== null)!
    expect(review.sample).toBe(true)
    const sent = await call<ProfileReview>('POST', `${ROUTE}/reply`, {
      review: review.name,
      comment: 'Thanks for coming in!',
    })
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({
      sample: true,
      reply: { comment: 'Thanks for coming in!', state: null },
    })
    const removed = await call<ProfileReview>(
      'DELETE',
      `${ROUTE}/reply?review=${encodeURIComponent(answered.name)}`,
    )
    expect(removed.body.reply).toBeNull()
    expect(fake.calls).toEqual([])
    // The next sample import writes the seeded reviews again, but not over the owner's replies.
    await importProfileReviews(t.deps, call.businessId)
    expect((await row(call.businessId, review.name))?.replyComment).toBe('Thanks for coming in!')
    expect((await row(call.businessId, answered.name))?.replyComment).toBeNull()
  })
})

describe('drafting a reply', () => {
  test("the built-in writer uses the review's own words and the business's name, invents nothing, and sends nothing", async () => {
    await start()
    const call = await owner('owner@example.com')
    const res = await call<ReviewDraft>('POST', `${ROUTE}/draft`, { review: TOM })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ source: 'built-in', language: 'en', note: null })
    const draft = res.body.draft
    expect(draft).toContain('Hi Tom,')
    expect(draft).toContain('Waited 45 minutes past my appointment time')
    expect(draft).toContain('Bright Smile Dental')
    // Low stars: the concern is acknowledged and the reviewer invited to talk it through.
    expect(draft).toMatch(/sorry/i)
    expect(draft).toMatch(/get in touch with us directly/)
    // No offers, promises or figures that are not in the review.
    expect(draft).not.toMatch(/%|discount|free|refund|voucher|promise|guarantee/i)
    expect(fake.businessProfile.replyCalls).toEqual([])

    const maria = await call<ReviewDraft>('POST', `${ROUTE}/draft`, { review: MARIA })
    // 'Dr.' does not end the quoted sentence; a 5-star review is invited back.
    expect(maria.body.draft).toContain('"Dr. Patel fixed my cracked tooth the same day"')
    expect(maria.body.draft).toMatch(/look forward to seeing you again/)
  })

  test("the built-in writer answers in the review's language, or in English with a note", async () => {
    await start()
    const call = await owner('owner@example.com')
    const name = (id: string) => `${GBP_ACCOUNT}/${AUSTIN}/reviews/${id}`
    const review = (id: string, comment: string, starRating: string) => ({
      name: name(id),
      reviewId: id,
      reviewer: { displayName: 'Lucía Pérez' },
      starRating,
      comment,
      // Changed since the first import: the next one reads it.
      createTime: '2026-03-10T12:00:00Z',
      updateTime: '2026-03-10T12:00:00Z',
    })
    fake.businessProfile.addReview(
      review('es1', 'La atención fue muy amable y el precio justo. Gracias!', 'FIVE'),
    )
    fake.businessProfile.addReview(
      review('de1', 'Wir haben sehr lange gewartet und das war nicht gut.', 'TWO'),
    )
    fake.businessProfile.addReview(review('ja1', '受付の方がとても親切でした。', 'FOUR'))
    await importProfileReviews(t.deps, call.businessId)
    const draft = async (id: string) =>
      (await call<ReviewDraft>('POST', `${ROUTE}/draft`, { review: name(id) })).body
    const spanish = await draft('es1')
    expect(spanish).toMatchObject({ language: 'es', note: null })
    expect(spanish.draft).toContain('Hola, Lucía:')
    expect(spanish.draft).toContain('La atención fue muy amable y el precio justo')
    expect(spanish.draft).toContain('El equipo de Bright Smile Dental')
    const german = await draft('de1')
    expect(german.language).toBe('de')
    expect(german.draft).toMatch(/Bitte melden Sie sich direkt bei uns/)
    const japanese = await draft('ja1')
    expect(japanese.language).toBe('en')
    expect(japanese.note).toMatch(/translate it before sending/)
  })

  test("with a model configured the prompt carries the review's words, the business and the rules; a failed model falls back to the built-in draft, labelled so", async () => {
    await start(true, true)
    const call = await owner('owner@example.com')
    ai.script([
      jsonAnswer({ reply: 'Hi Tom, thank you. Please call us so we can talk.', language: 'EN' }),
    ])
    const res = await call<ReviewDraft>('POST', `${ROUTE}/draft`, { review: TOM })
    expect(res.body).toEqual({
      draft: 'Hi Tom, thank you. Please call us so we can talk.',
      source: 'model',
      language: 'en',
      note: null,
    })
    const prompt = ai.requests[0]!.body.messages!.map((m) => m.content).join('\n')
    expect(prompt).toContain('Waited 45 minutes past my appointment time.')
    expect(prompt).toContain('Bright Smile Dental')
    expect(prompt).toContain('Tom B.')
    expect(prompt).toMatch(/same language as the review/)
    expect(prompt).toMatch(/Never invent anything: no offers, discounts/)
    // The model fails: the built-in writer's draft, said to be the fallback.
    ai.script([], { status: 500, body: { error: { message: 'down' } } })
    const fallback = await call<ReviewDraft>('POST', `${ROUTE}/draft`, { review: TOM })
    expect(fallback.status).toBe(200)
    expect(fallback.body.source).toBe('fallback')
    expect(fallback.body.draft).toContain('Waited 45 minutes past my appointment time')
    expect(fake.businessProfile.replyCalls).toEqual([])
  })
})

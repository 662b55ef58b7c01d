// New Google reviews are alerts (issue 33 item 2): none for a profile's past at its first import; a
// new 1-3 star review is in the notification list and emailed at once when alert emails are on, a
// 4-5 star one waits for the daily email; a muted topic records nothing, alert emails off send nothing.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { notifications } from '../../db/schema/alerts.js'
import { SHUTDOWN } from '../../lib/run-registry.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { linkedProfileOwner } from '../../testing/business-profile-owner.js'
import { GBP_ACCOUNT, GBP_LOCATION } from '../../testing/fake-business-profile.js'
import { startFakeGoogle, type FakeGoogle } from '../../testing/fake-google.js'
import { mailsTo } from '../../testing/mail.js'
import { workFor } from './work.js'

const SECRETS_KEY = Buffer.alloc(32, 5).toString('base64')
const EMAIL = 'owner@example.com'
const DAY = 86_400

let fake: FakeGoogle
let t: TestApp
let clock: ReturnType<typeof createTestClock>

beforeAll(async () => {
  fake = await startFakeGoogle()
})
afterAll(() => fake.close())
beforeEach(() => {
  clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  fake.grantScopes(undefined)
  fake.businessProfile.failBusinessProfile(null)
  fake.businessProfile.resetReplies()
  fake.revokeAll()
})
afterEach(() => t.close())

/** The Austin dentist, its main place linked to the recorded profile, imported once. */
async function importedOwner() {
  t = await createTestApp({ clock, env: { ...fake.env, SECRETS_KEY } })
  const call = await linkedProfileOwner(t, EMAIL)
  const work = workFor(t.deps)
  const dailyImport = () => work.google_import(call.businessId, 'daily')
  await dailyImport()
  return { call, businessId: call.businessId, dailyImport }
}

function addReview(id: string, starRating: string, comment: string) {
  fake.businessProfile.addReview({
    name: `${GBP_ACCOUNT}/${GBP_LOCATION}/reviews/${id}`,
    reviewer: { displayName: 'Jo K.' },
    starRating,
    comment,
    createTime: '2026-03-11T09:00:00Z',
    updateTime: '2026-03-11T09:00:00Z',
  })
}

const alertsOf = (businessId: string) =>
  t.db
    .select({ kind: notifications.kind, message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(eq(notifications.businessId, businessId))

const reviewMails = async () =>
  (await mailsTo(t.db, EMAIL)).filter((mail) => mail.subject.includes('to answer'))

describe('new review alerts', () => {
  test('a stop asked before the reviews step leaves them to the run again, which alerts the new review', async () => {
    const { businessId, dailyImport } = await importedOwner()
    clock.advance(DAY)
    addReview('Low', 'TWO', 'Never called back.')
    // The instance is stopping (jobs/queue.ts aborts the signal): the run is handed back (ADR 045).
    const stopping = new AbortController()
    stopping.abort(SHUTDOWN)
    const work = workFor(t.deps)
    await expect(work.google_import(businessId, 'daily', stopping.signal)).rejects.toBe(SHUTDOWN)
    expect(await alertsOf(businessId)).toEqual([])
    await dailyImport()
    expect((await alertsOf(businessId)).map((a) => a.kind)).toEqual(['review_low'])
  })

  test("the first import's reviews are not news; a new low review is listed and emailed at once, a good one waits", async () => {
    const { businessId, dailyImport } = await importedOwner()
    expect(await alertsOf(businessId)).toEqual([])

    clock.advance(DAY)
    addReview('Low', 'TWO', 'Never called back.')
    addReview('High', 'FIVE', 'Lovely people.')
    await dailyImport()
    const alerts = await alertsOf(businessId)
    expect(alerts.map((a) => a.kind).sort()).toEqual(['review_low', 'review_new'])
    expect(alerts.find((a) => a.kind === 'review_low')).toEqual({
      kind: 'review_low',
      message: 'New 2-star review of Bright Smile Dental from Jo K.: "Never called back."',
      link: '/reviews',
    })
    const mails = await reviewMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('a review to answer for')
    expect(mails[0]!.text).toContain('Never called back.')
    expect(mails[0]!.text).not.toContain('Lovely people.')

    // The next import finds nothing new: no second alert, no second email.
    clock.advance(DAY)
    await dailyImport()
    expect(await alertsOf(businessId)).toHaveLength(2)
    expect(await reviewMails()).toHaveLength(1)
  })

  test('alert emails off: the low review is listed, not emailed', async () => {
    const { call, businessId, dailyImport } = await importedOwner()
    const off = await call('PUT', '/api/automation', { kind: 'alert_emails', frequency: 'off' })
    expect(off.status).toBe(200)
    clock.advance(DAY)
    addReview('Low', 'ONE', 'Rude.')
    await dailyImport()
    expect((await alertsOf(businessId)).map((a) => a.kind)).toEqual(['review_low'])
    expect(await reviewMails()).toEqual([])
  })

  test('the reviews topic turned off in Settings: not even listed', async () => {
    const { call, businessId, dailyImport } = await importedOwner()
    const topics = ['rankings', 'backlinks', 'site_audit', 'listings']
    expect((await call('PUT', '/api/alerts/preferences', { topics })).status).toBe(200)
    clock.advance(DAY)
    addReview('Low', 'ONE', 'Rude.')
    await dailyImport()
    expect(await alertsOf(businessId)).toEqual([])
    expect(await reviewMails()).toEqual([])
  })
})

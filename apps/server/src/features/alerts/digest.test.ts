// The daily alert email is sent at most once per alert (issue 16 item 4): two runs at once (a retried
// job, another instance) send one email between them, and an email that could not be sent leaves
// its alerts for the retry.
import { afterEach, expect, test } from 'vitest'
import { notifications } from '../../db/schema/alerts.js'
import { businesses } from '../../db/schema/business.js'
import type { MailMessage, Mailer } from '../../mail/mailer.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { addMember, memberCall } from '../../testing/members.js'
import { sendAlertDigest } from './digest.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function setUp() {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const app = await createTestApp({ clock })
  t = app
  const owner = await signUp(app.app, { email: 'owner@example.com' })
  await apiCaller(app.app, () => owner.accessToken)('PUT', '/api/business', businessInput)
  const [business] = await app.db.select({ id: businesses.id }).from(businesses)
  await app.db.insert(notifications).values(
    ['first', 'second'].map((word, i) => ({
      businessId: business!.id,
      kind: 'rank_drop',
      message: `The ${word} change.`,
      link: '/rank-tracker',
      createdAt: new Date(clock.now().getTime() - (2 - i) * 60_000),
    })),
  )
  const sent: MailMessage[] = []
  const mailer = (fails: (to: string) => boolean): Mailer => ({
    kind: 'outbox',
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      if (fails(message.to)) throw new Error('SMTP said no')
      sent.push(message)
    },
  })
  const digest = (fails: boolean | ((to: string) => boolean) = false) =>
    sendAlertDigest({
      db: app.db,
      mailer: mailer(typeof fails === 'function' ? fails : () => fails),
      clock,
      businessId: business!.id,
      appUrl: 'http://localhost:3000',
      unsubscribeUrl: (userId) =>
        Promise.resolve(`http://localhost:3000/alerts/unsubscribe?member=${userId}`),
    })
  return { app, owner, businessId: business!.id, sent, digest }
}

test('two runs at once send one email, with every alert in it, oldest first', async () => {
  const { sent, digest } = await setUp()
  const outcomes = await Promise.all([digest(), digest()])
  expect(outcomes.map((o) => o.outcome).sort()).toEqual(['Nothing new to send', 'Sent 2 alerts'])
  expect(sent).toHaveLength(1)
  expect(sent[0]!.text.indexOf('The first change.')).toBeLessThan(
    sent[0]!.text.indexOf('The second change.'),
  )
  expect((await digest()).outcome).toBe('Nothing new to send')
})

test('an email that could not be sent leaves its alerts for the retry', async () => {
  const { app, sent, digest } = await setUp()
  await expect(digest(true)).rejects.toThrow('SMTP said no')
  const rows = await app.db.select({ emailedAt: notifications.emailedAt }).from(notifications)
  expect(rows.every((row) => row.emailedAt === null)).toBe(true)
  expect((await digest()).outcome).toBe('Sent 2 alerts')
  expect(sent).toHaveLength(1)
})

test('each member who asked for the emails gets one with their own stop link; the others none; a failure for one is not sent again to the rest', async () => {
  const { app, owner, businessId, sent, digest } = await setUp()
  const manager = await addMember(app, owner, businessId, 'manager')
  const viewer = await addMember(app, owner, businessId, 'viewer')
  const asked = await memberCall(app.app, viewer, 'PUT', '/api/membership/alert-emails', {
    body: { on: true },
    businessId,
  })
  expect(asked.status).toBe(200)

  expect((await digest((to) => to === viewer.email)).outcome).toBe(
    "Sent 2 alerts to 1 of 2 people; the others' emails failed",
  )
  expect(sent.map((mail) => mail.to)).toEqual(['owner@example.com'])
  expect(sent[0]!.text).toContain(`?member=${owner.userId}`)
  expect(sent.some((mail) => mail.to === manager.email)).toBe(false)
  // The owner's copy went: a retry would send it twice, so nothing is left to send.
  expect((await digest()).outcome).toBe('Nothing new to send')
})

import { afterEach, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailOutbox } from '../../db/schema/auth.js'
import { businesses } from '../../db/schema/business.js'
import { reportSends, reportSettings } from '../../db/schema/reports.js'
import type { MailMessage } from '../../mail/mailer.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { seedReportMonth } from '../../testing/reports.js'
import { signStopToken } from '../../mail/stop-link.js'
import { sendDueMonthlyReports, sendMonthlyReport } from './monthly-send.js'

let t: TestApp

const recipients = ['boss@example.com', 'marketer@example.com']

/** A business in Austin (America/Chicago) with March's data and two recipients. */
async function setUp(now: string, jobs = false) {
  const clock = createTestClock(new Date(now))
  t = await createTestApp({ clock, jobs })
  const owner = await signUp(t.app, { email: 'owner@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  await call('PUT', '/api/reports/settings', { title: '', color: '#1d4ed8', recipients })
  const [row] = await t.db.select().from(businesses).where(eq(businesses.userId, owner.userId))
  await seedReportMonth(t.db, row!.id)
  return { clock, businessId: row!.id }
}

/** A mailer that keeps what it was given, attachments included. */
function capturingMailer(fail = false) {
  const sent: MailMessage[] = []
  return {
    sent,
    mailer: {
      kind: 'smtp' as const,
      send(message: MailMessage) {
        if (fail) return Promise.reject(new Error('SMTP refused'))
        sent.push(message)
        return Promise.resolve()
      },
    },
  }
}

afterEach(() => t.close())

describe('the monthly report email', () => {
  test("on the 1st in the business's time zone the planner's job sends last month's report to each recipient, once", async () => {
    // 07:00 on April 1st in Austin.
    await setUp('2026-04-01T12:00:00Z', true)
    await t.automation!.tick()
    await t.deps.jobs.whenIdle()
    const mails = await t.db.select().from(mailOutbox)
    expect(mails.map((m) => m.to).sort()).toEqual(recipients)
    expect(mails[0]!.subject).toBe('Bright Smile Dental: Monthly local SEO report, March 2026')
    const [sent] = await t.db.select().from(reportSends)
    expect(sent).toMatchObject({ month: '2026-03', recipients })
    expect(sent!.sentAt).not.toBeNull()
    // The next minute's tick finds it sent.
    await t.automation!.tick()
    await t.deps.jobs.whenIdle()
    expect(await t.db.select().from(mailOutbox)).toHaveLength(2)
    // The queue's workers build a PDF: on a busy machine that takes more than the default 30 s.
  }, 60_000)

  test('is not due before the 1st where the business is, nor after the first days', async () => {
    // 22:00 on March 31st in Austin, though April 1st in UTC.
    const { clock } = await setUp('2026-04-01T03:00:00Z')
    expect(await sendDueMonthlyReports(t.deps)).toBe(0)
    clock.set(new Date('2026-04-01T06:00:00Z'))
    expect(await sendDueMonthlyReports(t.deps)).toBe(1)
    clock.set(new Date('2026-04-05T12:00:00Z'))
    expect(await sendDueMonthlyReports(t.deps)).toBe(0)
  })

  test('two jobs for the same month at once (a retry, a second instance) send it once, with the PDF attached', async () => {
    const { businessId } = await setUp('2026-04-01T12:00:00Z')
    const { sent, mailer } = capturingMailer()
    const deps = { ...t.deps, mailer }
    const job = { businessId, month: '2026-03' }
    await Promise.all([sendMonthlyReport(deps, job), sendMonthlyReport(deps, job)])
    await sendMonthlyReport(deps, job)
    expect(sent.map((m) => m.to).sort()).toEqual(recipients)
    const attachment = sent[0]!.attachments![0]!
    expect(attachment).toMatchObject({
      filename: 'local-seo-report-bright-smile-dental-2026-03.pdf',
      contentType: 'application/pdf',
    })
    expect(attachment.content.subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('a send that fails gives the month back, and the retry sends it', async () => {
    const { businessId } = await setUp('2026-04-01T12:00:00Z')
    const job = { businessId, month: '2026-03' }
    const failing = capturingMailer(true)
    await expect(sendMonthlyReport({ ...t.deps, mailer: failing.mailer }, job)).rejects.toThrow(
      'SMTP refused',
    )
    expect(await t.db.select().from(reportSends)).toEqual([])
    const working = capturingMailer()
    await sendMonthlyReport({ ...t.deps, mailer: working.mailer }, job)
    expect(working.sent).toHaveLength(2)
  })

  test("each recipient's email has a link that takes that address alone off the report, without signing in", async () => {
    const { businessId } = await setUp('2026-04-01T12:00:00Z')
    const { sent, mailer } = capturingMailer()
    await sendMonthlyReport({ ...t.deps, mailer }, { businessId, month: '2026-03' })
    const toMarketer = sent.find((m) => m.to === 'marketer@example.com')!
    const link = /Stop these emails: (\S+)/.exec(toMarketer.text)![1]!
    expect(toMarketer.html).toContain('Stop these emails</a>')
    const url = new URL(link)
    expect(url.pathname).toBe('/report-emails/unsubscribe')
    const token = url.searchParams.get('token')!
    const recipientsNow = async () =>
      (
        await t.db.select().from(reportSettings).where(eq(reportSettings.businessId, businessId))
      )[0]!.recipients

    // Opening the link (a mail scanner does) asks, and changes nothing.
    const ask = await t.app.request(`${url.pathname}${url.search}`)
    expect(ask.status).toBe(200)
    expect(await ask.text()).toContain('marketer@example.com will no longer get')
    expect(await recipientsNow()).toEqual(recipients)

    const post = (value: string) =>
      t.app.request('/report-emails/unsubscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: value }).toString(),
      })
    // Not a report link: an alert email's link, an access token, a made-up value.
    const alertLink = await signStopToken(t.deps.jwtKeys, t.deps.clock, 'alerts-unsubscribe', {
      sub: businessId,
      email: 'marketer@example.com',
    })
    for (const wrong of [alertLink, 'not-a-token', `${token.slice(0, -4)}AAAA`]) {
      expect((await post(wrong)).status).toBe(400)
    }
    expect(await recipientsNow()).toEqual(recipients)

    const done = await post(token)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('The monthly report is stopped')
    expect(await recipientsNow()).toEqual(['boss@example.com'])
    // Again: still stopped, nothing else removed.
    expect((await post(token)).status).toBe(200)
    expect(await recipientsNow()).toEqual(['boss@example.com'])
  })
})

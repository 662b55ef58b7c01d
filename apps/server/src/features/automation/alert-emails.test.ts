// The daily alert email (issue 16 item 4): what the checks found, in one email at most a day, sent
// after the morning's checks, with a 'Stop these emails' link that works without signing in and
// stops the emails of the member it was sent to.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { notifications } from '../../db/schema/alerts.js'
import { jobSchedules } from '../../db/schema/automation.js'
import { businessMembers } from '../../db/schema/members.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { runDropRechecks } from '../../testing/delayed-jobs.js'
import { businessInput } from '../../testing/factories.js'
import { mailsTo } from '../../testing/mail.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'
import { RECHECK_PAUSE_SECONDS } from './drop-rechecks.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const HOUR = 3600
const EMAIL = 'owner@example.com'

/** 'emergency dentist austin' at #2 on the first day, #8 after; every other keyword #50. */
const rank = recordingRankProvider({
  simulated: false,
  position: (q) =>
    q.keyword === 'emergency dentist austin' ? (q.day === '2026-03-10' ? 2 : 8) : 50,
}).provider

async function setUp() {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const app = await createTestApp({ clock, rank, jobs: true })
  t = app
  const owner = await signUp(app.app, { email: EMAIL })
  const call = apiCaller(app.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  for (const kind of ['backlink_checks', 'site_audits']) {
    await call('PUT', '/api/automation', { kind, frequency: 'off' })
  }
  await call('POST', '/api/rank-tracker/keywords', { keyword: 'emergency dentist austin' })
  // A real provider's first check is a job (issue 36 item 3): done before the planner's tick.
  await app.deps.jobs.whenIdle()
  /** Hour by hour, the planner ticks and the jobs run, a drop's second check after its pause. */
  const hours = async (n: number) => {
    for (let i = 0; i < n; i++) {
      clock.advance(HOUR - RECHECK_PAUSE_SECONDS)
      await app.automation!.tick()
      await app.deps.jobs.whenIdle()
      await runDropRechecks(app, clock)
    }
  }
  await app.automation!.tick()
  await app.deps.jobs.whenIdle()
  return { app, owner, hours }
}

describe('the daily alert email', () => {
  test('carries what the morning checks found, once, with a link to stop the emails', async () => {
    const { app, hours } = await setUp()
    await hours(48)
    const mails = await mailsTo(app.db, EMAIL)
    const alerts = mails.filter((m) => m.subject.includes('change'))
    expect(alerts).toHaveLength(1)
    const [mail] = alerts
    expect(mail!.subject).toBe('LocalSEO AI: 1 change for Bright Smile Dental')
    expect(mail!.text).toContain("'emergency dentist Austin' left the top 3: now #8 (was #2).")
    expect(mail!.html).toContain('Stop these emails')
    const [told] = await app.db.select().from(notifications)
    expect(told!.emailedAt).not.toBeNull()
  })

  test('the link stops them without signing in; a bad or borrowed token changes nothing', async () => {
    const { app, owner, hours } = await setUp()
    await hours(48)
    const [mail] = (await mailsTo(app.db, EMAIL)).filter((m) => m.subject.includes('change'))
    const link = new URL(/Stop these emails: (\S+)/.exec(mail!.text)![1]!)
    const token = link.searchParams.get('token')!

    // Opening the link only asks (a mail scanner following links changes nothing).
    const ask = await app.app.request(`${link.pathname}${link.search}`)
    expect(ask.status).toBe(200)
    expect(await ask.text()).toContain('Stop alert emails')
    const schedule = () =>
      app.db
        .select({ frequency: jobSchedules.frequency })
        .from(jobSchedules)
        .where(eq(jobSchedules.kind, 'alert_emails'))
    expect((await schedule())[0]!.frequency).toBe('daily')

    const post = (value: string) =>
      app.app.request('/alerts/unsubscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: value }).toString(),
      })
    // An access token is not an unsubscribe token, and the unsubscribe token opens no API.
    expect((await post(owner.accessToken)).status).toBe(400)
    expect((await post('not-a-token')).status).toBe(400)
    expect(
      (await app.app.request('/api/business', { headers: { authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(401)
    expect((await schedule())[0]!.frequency).toBe('daily')

    const done = await post(token)
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Alert emails are off')
    // The link's member stops getting them; the business's schedule stays for the rest of its team
    // (ADR 043).
    const [member] = await app.db
      .select({ alertEmails: businessMembers.alertEmails })
      .from(businessMembers)
      .where(eq(businessMembers.userId, owner.userId))
    expect(member!.alertEmails).toBe(false)
    expect((await schedule())[0]!.frequency).toBe('daily')
  })
})

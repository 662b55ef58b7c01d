// A monthly report's recipient stops it from the email (issue 35 item 4): the recipients are
// addresses the owner typed, often of people without an account, so the link needs no sign-in. Its
// token names the business and the address (mail/stop-link.ts); the page's button takes that one
// address off the business's recipients, and the owner sees the shorter list on the Reports screen.
import { Hono } from 'hono'
import { eq, sql } from 'drizzle-orm'
import { reportSettings } from '../../db/schema/reports.js'
import { limitBody } from '../../lib/body-limit.js'
import type { AppDeps } from '../../lib/deps.js'
import { isUuid } from '../../lib/uuid.js'
import { signStopToken, stopForm, stopPage, verifyStopToken } from '../../mail/stop-link.js'
import { escapeHtml } from '../../mail/templates.js'

const AUDIENCE = 'report-unsubscribe'
/** Where the link points: beside the app's /reports screen, never under it. */
const REPORT_UNSUBSCRIBE_PATH = '/report-emails/unsubscribe'

type Deps = Pick<AppDeps, 'db' | 'clock' | 'jwtKeys' | 'env'>

/** The link that takes `email` off `businessId`'s monthly report. */
export async function reportUnsubscribeUrl(deps: Deps, businessId: string, email: string) {
  const token = await signStopToken(deps.jwtKeys, deps.clock, AUDIENCE, {
    sub: businessId,
    email: email.toLowerCase(),
  })
  return `${deps.env.SITE_URL.replace(/\/+$/, '')}${REPORT_UNSUBSCRIBE_PATH}?token=${token}`
}

async function subjectOf(deps: Deps, token: string) {
  const payload = await verifyStopToken(deps.jwtKeys, deps.clock, AUDIENCE, token)
  const { sub, email } = payload ?? {}
  if (!sub || !isUuid(sub) || typeof email !== 'string' || !email.includes('@')) return undefined
  return { businessId: sub, email }
}

const INVALID = stopPage(
  'This link does not work',
  '<p>It may be cut short or too old. Ask the business that sends you the report to take you off its list.</p>',
)

export function reportUnsubscribeRoutes(deps: Deps) {
  return new Hono()
    .use('*', limitBody({ maxSize: 4096, onError: (c) => c.html(INVALID, 413) }))
    .get('/unsubscribe', async (c) => {
      const token = c.req.query('token') ?? ''
      const subject = await subjectOf(deps, token)
      if (!subject) return c.html(INVALID, 400)
      return c.html(
        stopPage(
          'Stop the monthly report?',
          `<p>${escapeHtml(subject.email)} will no longer get this business's monthly report by email.</p>
${stopForm(REPORT_UNSUBSCRIBE_PATH, token, 'Stop the monthly report')}`,
        ),
      )
    })
    .post('/unsubscribe', async (c) => {
      const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
      const subject = await subjectOf(deps, typeof form.token === 'string' ? form.token : '')
      if (!subject) return c.html(INVALID, 400)
      await deps.db
        .update(reportSettings)
        .set({
          recipients: sql`array(select r from unnest(${reportSettings.recipients}) as r
                                where lower(r) <> ${subject.email})`,
          updatedAt: deps.clock.now(),
        })
        .where(eq(reportSettings.businessId, subject.businessId))
      return c.html(
        stopPage(
          'The monthly report is stopped',
          `<p>${escapeHtml(subject.email)} will not get it again. If that was a mistake, ask the business to add you back.</p>`,
        ),
      )
    })
}

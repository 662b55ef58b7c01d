// Stopping alert emails from the email itself (issue 16 item 4), without signing in: the link carries
// a token signed with the app's JWT keys for this purpose only (its audience is not the one access
// tokens carry, so it opens nothing else). The link shows a page with one button; the button turns
// the member's alert emails for that business off (a link from before members, without one, turns
// the business's off), so a mail scanner that follows links changes nothing.
import { Hono } from 'hono'
import type { JwtKeys } from '../../auth/keys.js'
import type { Clock } from '../../lib/clock.js'
import type { AppDeps } from '../../lib/deps.js'
import { isUuid } from '../../lib/uuid.js'
import { signStopToken, stopForm, stopPage as page, verifyStopToken } from '../../mail/stop-link.js'
import { setFrequency } from './schedules.js'
import { stopMemberAlertEmails } from '../team/public.js'
import { limitBody } from '../../lib/body-limit.js'

const AUDIENCE = 'alerts-unsubscribe'

export function unsubscribeToken(keys: JwtKeys, clock: Clock, businessId: string, userId: string) {
  return signStopToken(keys, clock, AUDIENCE, { sub: businessId, uid: userId })
}

/** The business and member a link is for; no member on a link from before members (ADR 043). */
async function subjectOf(
  keys: JwtKeys,
  clock: Clock,
  token: string,
): Promise<{ businessId: string; userId?: string } | undefined> {
  const payload = await verifyStopToken(keys, clock, AUDIENCE, token)
  if (!payload?.sub || !isUuid(payload.sub)) return undefined
  const { uid } = payload
  if (uid === undefined) return { businessId: payload.sub }
  return typeof uid === 'string' && isUuid(uid)
    ? { businessId: payload.sub, userId: uid }
    : undefined
}

const INVALID = page(
  'This link does not work',
  '<p>It may be cut short or too old. You can turn alert emails off in Settings → Automatic checks.</p>',
)

export function unsubscribeRoutes(deps: AppDeps) {
  const { db, clock, jwtKeys } = deps
  return new Hono()
    .use('*', limitBody({ maxSize: 4096, onError: (c) => c.html(INVALID, 413) }))
    .get('/unsubscribe', async (c) => {
      const token = c.req.query('token') ?? ''
      if (!(await subjectOf(jwtKeys, clock, token))) return c.html(INVALID, 400)
      return c.html(
        page(
          'Stop alert emails?',
          `<p>You will no longer get the daily email about your keywords and backlinks. The notifications stay in the app.</p>
${stopForm('/alerts/unsubscribe', token, 'Stop alert emails')}`,
        ),
      )
    })
    .post('/unsubscribe', async (c) => {
      const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}))
      const token = typeof form.token === 'string' ? form.token : ''
      const subject = await subjectOf(jwtKeys, clock, token)
      if (!subject) return c.html(INVALID, 400)
      const { businessId, userId } = subject
      if (userId) {
        await stopMemberAlertEmails(db, businessId, userId)
        return c.html(
          page(
            'Alert emails are off',
            '<p>You will no longer get them; the rest of the team still does. You can turn yours back on in Settings → Team.</p>',
          ),
        )
      }
      await setFrequency(db, {
        businessId,
        kind: 'alert_emails',
        frequency: 'off',
        now: clock.now(),
      })
      return c.html(
        page(
          'Alert emails are off',
          '<p>You can turn them back on in Settings → Automatic checks.</p>',
        ),
      )
    })
}

// /api/team: the request's business's members and invitations (Settings → Team). Everyone in it may
// read the list; only an owner changes it (docs/decisions/043-members-and-roles.md).
// /api/membership: what a person does for themself whatever their role: see their businesses,
// leave one, ask for its alert emails, look at an invitation and accept it.
import { Hono } from 'hono'
import { z } from 'zod'
import {
  acceptInvitationSchema,
  alertEmailsSchema,
  invitationInputSchema,
  memberRoleInputSchema,
} from '@localseo/shared/members'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import {
  acceptInvitation,
  changeRole,
  invite,
  listMemberships,
  listTeam,
  previewInvitation,
  removeMember,
  revokeInvitation,
  setAlertEmails,
} from './team.service.js'

const invitationParam = z.object({ id: z.uuid({ message: 'That invitation does not exist.' }) })
const memberParam = z.object({
  userId: z.uuid({ message: 'That person is not a member of this business.' }),
})

export function teamRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps, { writes: 'owner' }))
    .get('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      const { userId } = c.var.auth
      return c.json(await listTeam(db, businessId, { userId, now: clock.now() }))
    })
    .post('/invitations', validate('json', invitationInputSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const { invitation, mail } = await invite(db, {
        businessId,
        invitedBy: c.var.auth.userId,
        ...c.req.valid('json'),
        siteUrl: deps.env.SITE_URL,
        now: clock.now(),
      })
      await deps.mailer.send(mail)
      return c.json({ invitation }, 201)
    })
    .delete('/invitations/:id', validate('param', invitationParam), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const invitationId = c.req.valid('param').id
      await revokeInvitation(db, { businessId, invitationId, now: clock.now() })
      return c.body(null, 204)
    })
    .patch(
      '/members/:userId',
      validate('param', memberParam),
      validate('json', memberRoleInputSchema),
      async (c) => {
        const businessId = await c.var.tenant.businessId()
        const { userId } = c.req.valid('param')
        await changeRole(db, { businessId, userId, role: c.req.valid('json').role })
        return c.json(
          await listTeam(db, businessId, { userId: c.var.auth.userId, now: clock.now() }),
        )
      },
    )
    .delete('/members/:userId', validate('param', memberParam), async (c) => {
      const businessId = await c.var.tenant.businessId()
      await removeMember(db, { businessId, userId: c.req.valid('param').userId })
      return c.body(null, 204)
    })
}

export function membershipRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps, { writes: 'anyone' }))
    .get('/', async (c) => c.json({ businesses: await listMemberships(db, c.var.auth.userId) }))
    .delete('/', async (c) => {
      // Leaving the request's business; the last owner cannot (team.service.ts).
      const businessId = await c.var.tenant.businessId()
      await removeMember(db, { businessId, userId: c.var.auth.userId })
      return c.body(null, 204)
    })
    .put('/alert-emails', validate('json', alertEmailsSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const { on } = c.req.valid('json')
      await setAlertEmails(db, { businessId, userId: c.var.auth.userId, on })
      return c.json({ on })
    })
    .post('/invitations/preview', validate('json', acceptInvitationSchema), async (c) => {
      const { email } = c.var.auth
      const { token } = c.req.valid('json')
      return c.json(await previewInvitation(db, { token, email, now: clock.now() }))
    })
    .post('/invitations/accept', validate('json', acceptInvitationSchema), async (c) => {
      const { userId, email } = c.var.auth
      const { token } = c.req.valid('json')
      return c.json(await acceptInvitation(db, { token, userId, email, now: clock.now() }))
    })
}

// Members and roles of a business (issue 35 items 1-3, docs/decisions/043-members-and-roles.md).
import { z } from 'zod'
import { MEMBER_ROLES } from './member-roles.js'

export * from './member-roles.js'

export const memberRoleSchema = z.enum(MEMBER_ROLES)

/** How long an invitation link works. */
export const INVITATION_DAYS = 7

export const invitationInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter an email address.').max(254, 'That email address is too long.')),
  role: memberRoleSchema,
})

export const memberRoleInputSchema = z.object({ role: memberRoleSchema })

/** PUT /api/membership/alert-emails and its answer: the member's own alert emails for the business. */
export const alertEmailsSchema = z.object({ on: z.boolean() })

export const acceptInvitationSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'That invitation link is not valid.'),
})

/** At least one owner always remains: the change that would leave none is refused. */
export const LAST_OWNER_MESSAGE =
  'A business needs at least one owner. Make someone else an owner first.'

const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: memberRoleSchema,
  /** They get the business's alert emails. */
  alertEmails: z.boolean(),
  since: z.string(),
  you: z.boolean(),
})

const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
})

/** GET /api/team. */
export const teamResponseSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
})

/** GET /api/membership: the switcher's list (memberships.ts). */
export { membershipsResponseSchema, type Membership } from './memberships.js'

/** POST /api/membership/invitations/preview. */
export const invitationPreviewSchema = z.object({
  businessName: z.string(),
  role: memberRoleSchema,
  forYou: z.boolean(),
  expiresAt: z.string(),
})

/** POST /api/team/invitations. */
export const invitedResponseSchema = z.object({ invitation: invitationSchema })

/** POST /api/membership/invitations/accept and POST /api/businesses. */
export const businessIdResponseSchema = z.object({ businessId: z.string() })

export type MemberView = z.infer<typeof memberSchema>
export type InvitationView = z.infer<typeof invitationSchema>
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>

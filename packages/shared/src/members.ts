// Members and roles of a business (issue 35 items 1-3, docs/decisions/043-members-and-roles.md).
import { z } from 'zod'

export const MEMBER_ROLES = ['owner', 'manager', 'viewer'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export const memberRoleSchema = z.enum(MEMBER_ROLES)

/** How long an invitation link works. */
export const INVITATION_DAYS = 7

/** The header that names the business a request is about (one of the signed-in person's own). */
export const BUSINESS_HEADER = 'X-Business-Id'

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
}

/** What each role may do, as Settings → Team explains it. */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: 'Everything, including the team, provider keys and deleting the business.',
  manager: 'Everything else: keywords, tasks, listings, reviews and settings.',
  viewer: 'Sees every screen and downloads exports; changes nothing.',
}

const rank: Record<MemberRole, number> = { viewer: 0, manager: 1, owner: 2 }

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: MemberRole, needed: MemberRole): boolean {
  return rank[role] >= rank[needed]
}

/** What a person is told when their role cannot do something. */
export function roleRefusal(role: MemberRole, needed: MemberRole): string {
  return needed === 'owner'
    ? `Only an owner of this business can do this. You are a ${ROLE_LABELS[role].toLowerCase()}.`
    : 'You can look at everything here but not change it: you are a viewer. Ask an owner for manager access.'
}

export const invitationInputSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Enter an email address.').max(254, 'That email address is too long.')),
  role: memberRoleSchema,
})

export const memberRoleInputSchema = z.object({ role: memberRoleSchema })

export const acceptInvitationSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'That invitation link is not valid.'),
})

export interface MemberView {
  userId: string
  email: string
  name: string
  role: MemberRole
  since: string
  /** The signed-in person themself. */
  you: boolean
}

export interface InvitationView {
  id: string
  email: string
  role: MemberRole
  createdAt: string
  expiresAt: string
}

/** One business the signed-in person belongs to, for the switcher. */
export interface Membership {
  businessId: string
  name: string
  role: MemberRole
}

/** At least one owner always remains: the change that would leave none is refused. */
export const LAST_OWNER_MESSAGE =
  'A business needs at least one owner. Make someone else an owner first.'

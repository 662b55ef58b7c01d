// GET /api/membership, the businesses the signed-in person belongs to with their role (issue 35,
// docs/decisions/043-members-and-roles.md). In zod/mini: the signed-in layout reads the role on the
// dashboard's first screen, whose JavaScript is at its budget (ADR 019); members.ts re-exports it.
import * as z from 'zod/mini'
import { MEMBER_ROLES } from './member-roles.js'

export const membershipsResponseSchema = z.object({
  businesses: z.array(
    z.object({ businessId: z.string(), name: z.string(), role: z.enum(MEMBER_ROLES) }),
  ),
})

/** One business the signed-in person belongs to, for the switcher. */
export type Membership = z.infer<typeof membershipsResponseSchema>['businesses'][number]

// The signed-in person's role in the business shown (issue 35, ADR 043), from the memberships the
// signed-in layout already asks for; undefined while it loads. Screens of one feature hide what
// their role cannot do through the route that composes them (a feature never imports another).
import { hasBusinessName, type Business } from '@localseo/shared/business'
import { useMemberships } from '@/features/team/api/memberships'

export function useMemberRole(business: Business) {
  const memberships = useMemberships(hasBusinessName(business))
  return memberships.data?.find((m) => m.businessId === business.id)?.role
}

/** Owners and managers make and turn off share links (issue 35 item 5). */
export const canShare = (role: ReturnType<typeof useMemberRole>) =>
  role === 'owner' || role === 'manager'

// GET /api/membership: the person's businesses with their role (issue 35, ADR 043). Apart from
// team.ts and parsed with zod/mini: the signed-in layout asks for it on every screen, the
// dashboard's first one included, whose JavaScript is at its budget (ADR 019).
import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { MemberRole } from '@localseo/shared/member-roles'
import { membershipsResponseSchema } from '@localseo/shared/memberships'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

export const membershipsKey = ['membership'] as const

/** The person's businesses; `enabled` false while there is no business to show them for. */
export function useMemberships(enabled = true) {
  return useQuery({
    queryKey: membershipsKey,
    enabled,
    queryFn: async () => {
      const response = await apiClient.api.membership.$get()
      if (!response.ok) throw await toApiError(response)
      return membershipsResponseSchema.parse(await response.json()).businesses
    },
    staleTime: 60_000,
  })
}

/** The person's role in `business`; undefined while it loads (and signed out, when nothing is asked). */
export function useMemberRole(business: Business): MemberRole | undefined {
  const memberships = useMemberships(hasBusinessName(business))
  return memberships.data?.find((m) => m.businessId === business.id)?.role
}

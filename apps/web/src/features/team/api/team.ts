// Settings → Team and the business switcher (issue 35 items 1-2, ADR 043): /api/team (the
// business's members and invitations; an owner changes them) and /api/membership (the person's own
// businesses, leaving one, joining by an invitation).
import {
  businessIdResponseSchema,
  invitationPreviewSchema,
  teamResponseSchema,
  type MemberRole,
} from '@localseo/shared/members'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { membershipsKey } from './memberships'

const teamKey = (businessId: string) => ['team', businessId] as const

/** The answer, once it is known to be a success. */
async function ok(response: Response): Promise<Response> {
  if (!response.ok) throw await toApiError(response)
  return response
}

export function useTeam(businessId: string) {
  return useQuery({
    queryKey: teamKey(businessId),
    queryFn: async () => {
      const response = await ok(await apiClient.api.team.$get())
      return teamResponseSchema.parse(await response.json())
    },
  })
}

/** The team's mutations: each refetches the list (and the person's own businesses). */
function useTeamMutation<Input>(businessId: string, send: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: Input) => {
      await ok(await send(input))
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKey(businessId) })
      await queryClient.invalidateQueries({ queryKey: membershipsKey })
    },
  })
}

export function useInvite(businessId: string) {
  return useTeamMutation(businessId, (json: { email: string; role: MemberRole }) =>
    apiClient.api.team.invitations.$post({ json }),
  )
}

export function useRevokeInvitation(businessId: string) {
  return useTeamMutation(businessId, (id: string) =>
    apiClient.api.team.invitations[':id'].$delete({ param: { id } }),
  )
}

export function useChangeRole(businessId: string) {
  return useTeamMutation(businessId, ({ userId, role }: { userId: string; role: MemberRole }) =>
    apiClient.api.team.members[':userId'].$patch({ param: { userId }, json: { role } }),
  )
}

export function useRemoveMember(businessId: string) {
  return useTeamMutation(businessId, (userId: string) =>
    apiClient.api.team.members[':userId'].$delete({ param: { userId } }),
  )
}

/** The signed-in member's own alert emails for the business. */
export function useSetAlertEmails(businessId: string) {
  return useTeamMutation(businessId, (on: boolean) =>
    apiClient.api.membership['alert-emails'].$put({ json: { on } }),
  )
}

export async function leaveBusiness(): Promise<void> {
  await ok(await apiClient.api.membership.$delete())
}

export async function previewInvitation(token: string) {
  const response = await ok(
    await apiClient.api.membership.invitations.preview.$post({ json: { token } }),
  )
  return invitationPreviewSchema.parse(await response.json())
}

export async function acceptInvitation(token: string): Promise<string> {
  const response = await ok(
    await apiClient.api.membership.invitations.accept.$post({ json: { token } }),
  )
  return businessIdResponseSchema.parse(await response.json()).businessId
}

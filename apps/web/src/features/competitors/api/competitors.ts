// /api/competitors (issue 34 item 1): a location's competitors and their figures over a window of
// days, and following or hiding one. A change refetches everything keyed under competitors, so the
// geo-grid's followed column and the Rank Tracker's map chart follow it too.
import {
  competitorsResponseSchema,
  competitorUpdatedSchema,
  type CompetitorsResponse,
  type CompetitorWindow,
} from '@localseo/shared/competitors'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { competitorsKey } from '@/lib/competitors'

const competitorsScope = (businessId: string) => [...competitorsKey, businessId] as const

async function fetchCompetitors(
  locationId: string,
  days: CompetitorWindow,
): Promise<CompetitorsResponse> {
  const response = await apiClient.api.competitors.$get({
    query: { location: locationId, days: String(days) as '30' | '90' | '365' },
  })
  if (!response.ok) throw await toApiError(response)
  return competitorsResponseSchema.parse(await response.json())
}

export function useCompetitors(businessId: string, locationId: string, days: CompetitorWindow) {
  return useQuery({
    queryKey: [...competitorsScope(businessId), locationId, 'list', days],
    queryFn: () => fetchCompetitors(locationId, days),
  })
}

export interface CompetitorChange {
  id: string
  followed?: boolean
  hidden?: boolean
}

async function updateCompetitor({ id, ...change }: CompetitorChange) {
  const response = await apiClient.api.competitors[':id'].$patch({
    param: { id },
    json: change,
  })
  if (!response.ok) throw await toApiError(response)
  return competitorUpdatedSchema.parse(await response.json())
}

/** Follow, unfollow, hide or unhide; the server's refusal (the 11th follow) is the error's message. */
export function useUpdateCompetitor(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCompetitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: competitorsScope(businessId) }),
  })
}

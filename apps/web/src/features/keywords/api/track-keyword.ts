// POST /api/rank-tracker/keywords from Keyword Analysis: an analysed keyword tracked with one click
// (issue 32 item 9, 'Analyze keywords to start tracking them'). The Rank Tracker owns the endpoint;
// the keyword is the same entity on every screen (docs/decisions/016-one-keyword-entity.md).
import { trackKeywordResponseSchema } from '@localseo/shared/rank-tracker'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { keywordFigureKeys } from '@/lib/query-keys'

async function trackKeyword(input: { keyword: string; location: string }) {
  const response = await apiClient.api['rank-tracker'].keywords.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return trackKeywordResponseSchema.parse(await response.json())
}

export function useTrackKeyword(locationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (keyword: string) => trackKeyword({ keyword, location: locationId }),
    // Tracked now, with its history: every screen that shows the keyword reads it again.
    onSuccess: () =>
      Promise.all(keywordFigureKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  })
}

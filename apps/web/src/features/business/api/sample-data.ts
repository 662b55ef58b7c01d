// GET and DELETE /api/business/sample-data: what is left of the sample data a new business starts
// with, and the one action that removes all of it (issue 15 item 2).
import { sampleDataResponseSchema, type SampleData } from '@localseo/shared/business'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { competitorsKey } from '@/lib/competitors'
import { businessDerivedKeys } from '@/lib/query-keys'

const sampleDataKey = (businessId: string) => ['business', 'sample-data', businessId] as const

async function fetchSampleData(): Promise<SampleData> {
  const response = await apiClient.api.business['sample-data'].$get()
  if (!response.ok) throw await toApiError(response)
  return sampleDataResponseSchema.parse(await response.json()).sampleData
}

async function removeSampleData(): Promise<SampleData> {
  const response = await apiClient.api.business['sample-data'].$delete()
  if (!response.ok) throw await toApiError(response)
  return sampleDataResponseSchema.parse(await response.json()).sampleData
}

export function useSampleData(businessId: string) {
  return useQuery({
    ...queryOptions({ queryKey: sampleDataKey(businessId), queryFn: fetchSampleData }),
    enabled: businessId !== '',
  })
}

export function useRemoveSampleData(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeSampleData,
    onSuccess: (sampleData) => {
      queryClient.setQueryData(sampleDataKey(businessId), sampleData)
      // The backlinks, keywords, listings, dashboard and score all showed the samples.
      for (const queryKey of businessDerivedKeys) void queryClient.invalidateQueries({ queryKey })
      // So did the competitors (lib/competitors.ts says why they are not among those keys).
      void queryClient.invalidateQueries({ queryKey: competitorsKey })
    },
  })
}

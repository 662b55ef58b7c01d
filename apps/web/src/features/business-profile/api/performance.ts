// One place's Business Profile performance as the daily import stored it (issue 33 item 5, ADR
// 035): GET /api/business-profile/performance?location= (the 28 days against the 28 before, the
// 90-day chart, the top search terms and their source), read from our database, never from Google.
import {
  profilePerformanceSchema,
  type ProfilePerformance,
} from '@localseo/shared/business-profile-performance'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

/** ['business-profile', 'performance', businessId, location]. */
const performanceKey = ['business-profile', 'performance'] as const

async function fetchPerformance(location: string): Promise<ProfilePerformance> {
  const response = await apiClient.api['business-profile'].performance.$get({
    query: { location },
  })
  if (!response.ok) throw await toApiError(response)
  return profilePerformanceSchema.parse(await response.json())
}

export function useProfilePerformance(businessId: string, location: string) {
  return useQuery({
    queryKey: [...performanceKey, businessId, location],
    queryFn: () => fetchPerformance(location),
    enabled: businessId !== '',
  })
}

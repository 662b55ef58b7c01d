// GET /api/reports/months?location=: the months a report can be made for, newest first.
import { reportMonthsSchema } from '@localseo/shared/reports'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

export const reportsKey = ['reports'] as const

async function fetchMonths(location: string): Promise<string[]> {
  const response = await apiClient.api.reports.months.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return reportMonthsSchema.parse(await response.json()).months
}

export function useReportMonths(businessId: string, location: string) {
  return useQuery({
    queryKey: [...reportsKey, 'months', businessId, location],
    queryFn: () => fetchMonths(location),
  })
}

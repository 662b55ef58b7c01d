// GET /api/integrations/google/analytics: what the Website Analytics card shows (issue 18 item 3):
// 'simulated' without a Google client on the server, else the connection's state or the picked
// GA4 property's stored import. Asked again every few seconds while an import is running.
import { analyticsStatusSchema, type AnalyticsStatus } from '@localseo/shared/analytics'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { integrationsKey } from '@/lib/query-keys'

const IMPORT_POLL_MS = 3000

async function fetchAnalyticsStatus(): Promise<AnalyticsStatus> {
  const response = await apiClient.api.integrations.google.analytics.$get()
  if (!response.ok) throw await toApiError(response)
  return analyticsStatusSchema.parse(await response.json())
}

/** Asked only when Google is real on this server and Analytics is connected (or revoked). */
export function useAnalyticsStatus(businessId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...integrationsKey, 'analytics-status', businessId],
    queryFn: fetchAnalyticsStatus,
    enabled: enabled && businessId !== '',
    refetchInterval: (query) => {
      const data = query.state.data
      return data?.status === 'property' && data.import.state === 'pending' ? IMPORT_POLL_MS : false
    },
  })
}

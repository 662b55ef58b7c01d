// GET /api/integrations/google/analytics/properties: the GA4 properties of the owner's Google account,
// those named like the business first; PUT …/property picks the one the imports read and starts its
// first import (issue 18 item 3).
import {
  analyticsPropertiesSchema,
  analyticsStatusSchema,
  type AnalyticsProperties,
} from '@localseo/shared/analytics'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { integrationsKey } from '@/lib/query-keys'

const propertiesKey = (userId: string) =>
  [...integrationsKey, 'analytics-properties', userId] as const

async function fetchProperties(): Promise<AnalyticsProperties> {
  const response = await apiClient.api.integrations.google.analytics.properties.$get()
  if (!response.ok) throw await toApiError(response)
  return analyticsPropertiesSchema.parse(await response.json())
}

export function useAnalyticsProperties(userId: string) {
  return useQuery({ queryKey: propertiesKey(userId), queryFn: fetchProperties, retry: false })
}

async function chooseProperty(property: string) {
  const response = await apiClient.api.integrations.google.analytics.property.$put({
    json: { property },
  })
  if (!response.ok) throw await toApiError(response)
  return analyticsStatusSchema.parse(await response.json())
}

export function useChooseAnalyticsProperty(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: chooseProperty,
    onSuccess: (_status, property): void => {
      queryClient.setQueryData(propertiesKey(userId), (old: AnalyticsProperties | undefined) =>
        old ? { ...old, selected: property } : old,
      )
      // The dashboard's Website Analytics card follows the new property and its import.
      void queryClient.invalidateQueries({ queryKey: [...integrationsKey, 'analytics-status'] })
    },
  })
}

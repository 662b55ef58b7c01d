// GET and PUT /api/alerts/preferences (issue 16 item 4): the alert topics the owner hears about, in
// the bell and the daily email.
import { alertPreferencesSchema, type AlertPreferences } from '@localseo/shared/alert-preferences'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { alertsKey } from '@/lib/query-keys'

const preferencesKey = (businessId: string) => [...alertsKey, businessId, 'preferences'] as const

async function fetchPreferences(): Promise<AlertPreferences> {
  const response = await apiClient.api.alerts.preferences.$get()
  if (!response.ok) throw await toApiError(response)
  return alertPreferencesSchema.parse(await response.json())
}

async function savePreferences(preferences: AlertPreferences): Promise<AlertPreferences> {
  const response = await apiClient.api.alerts.preferences.$put({ json: preferences })
  if (!response.ok) throw await toApiError(response)
  return alertPreferencesSchema.parse(await response.json())
}

export function useAlertPreferences(businessId: string) {
  return useQuery(queryOptions({ queryKey: preferencesKey(businessId), queryFn: fetchPreferences }))
}

export function useSaveAlertPreferences(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey(businessId), saved),
  })
}

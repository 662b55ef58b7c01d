// GET and PUT /api/reports/settings: the report's white label (title, colour, logo) and who gets the
// monthly email. The PUT answers the saved settings, which replace the cached ones.
import {
  reportSettingsSchema,
  type ReportSettings,
  type ReportSettingsInput,
} from '@localseo/shared/reports'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { reportsKey } from './report-months'

const settingsKey = (businessId: string) => [...reportsKey, 'settings', businessId]

async function fetchSettings(): Promise<ReportSettings> {
  const response = await apiClient.api.reports.settings.$get()
  if (!response.ok) throw await toApiError(response)
  return reportSettingsSchema.parse(await response.json())
}

async function saveSettings(input: ReportSettingsInput): Promise<ReportSettings> {
  const response = await apiClient.api.reports.settings.$put({ json: input })
  if (!response.ok) throw await toApiError(response)
  return reportSettingsSchema.parse(await response.json())
}

export function useReportSettings(businessId: string) {
  return useQuery({ queryKey: settingsKey(businessId), queryFn: fetchSettings })
}

export function useSaveReportSettings(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(businessId), saved),
  })
}

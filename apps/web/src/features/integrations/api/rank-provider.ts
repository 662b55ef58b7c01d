// /api/rank-provider: the business's search-results provider (issue 17 item 2). The key is sent
// once when saved and never comes back (the last 4 characters only).
import {
  connectionTestSchema,
  rankProviderSettingsSchema,
  type RankProviderSettings,
  type SaveRankProvider,
} from '@localseo/shared/rank-provider'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

const settingsKey = (userId: string) => ['rank-provider', userId] as const

async function readSettings(): Promise<RankProviderSettings> {
  const response = await apiClient.api['rank-provider'].$get()
  if (!response.ok) throw await toApiError(response)
  return rankProviderSettingsSchema.parse(await response.json())
}

export function useRankProviderSettings(userId: string) {
  return useQuery({ queryKey: settingsKey(userId), queryFn: readSettings, enabled: userId !== '' })
}

export function useSaveRankProvider(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: SaveRankProvider) => {
      const response = await apiClient.api['rank-provider'].$put({ json: input })
      if (!response.ok) throw await toApiError(response)
      return rankProviderSettingsSchema.parse(await response.json())
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKey(userId), settings)
      // Every screen's positions may now come from another provider.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'rank-provider' })
    },
  })
}

export function useTestRankProvider(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const response = await apiClient.api['rank-provider'].test.$post()
      if (!response.ok) throw await toApiError(response)
      return connectionTestSchema.parse(await response.json())
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey(userId) }),
  })
}

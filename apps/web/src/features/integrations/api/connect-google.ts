// POST /api/integrations/:service/connect (docs/product.md §4 "Google connection per service", §8 messages).
import { connectServiceResponseSchema, type GoogleService } from '@localseo/shared/integrations'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'
import { storeConnections } from '@/lib/integrations'
import { dashboardKey } from '@/lib/query-keys'

async function connectGoogle(service: GoogleService) {
  const response = await apiClient.api.integrations[':service'].connect.$post({
    param: { service },
  })
  if (!response.ok) throw await toApiError(response)
  return connectServiceResponseSchema.parse(await response.json())
}

export function useConnectGoogle() {
  const queryClient = useQueryClient()
  const store = useAuthStore()
  return useMutation({
    mutationFn: connectGoogle,
    onSuccess: async ({ connections }): Promise<void> => {
      await storeConnections(queryClient, store, connections)
      // A new connection is logged as activity on the dashboard.
      void queryClient.invalidateQueries({ queryKey: dashboardKey })
    },
  })
}

// DELETE /api/integrations/:service: back to disconnected; the flag is stored on the server.
import { connectionsResponseSchema, type GoogleService } from '@localseo/shared/integrations'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'
import { storeConnections } from '@/lib/integrations'
import { dashboardKey } from '@/lib/query-keys'

async function disconnectGoogle(service: GoogleService) {
  const response = await apiClient.api.integrations[':service'].$delete({ param: { service } })
  if (!response.ok) throw await toApiError(response)
  return connectionsResponseSchema.parse(await response.json()).connections
}

export function useDisconnectGoogle() {
  const queryClient = useQueryClient()
  const store = useAuthStore()
  return useMutation({
    mutationFn: disconnectGoogle,
    onSuccess: async (connections): Promise<void> => {
      await storeConnections(queryClient, store, connections)
      void queryClient.invalidateQueries({ queryKey: dashboardKey })
    },
  })
}

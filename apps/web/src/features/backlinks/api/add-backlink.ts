// POST /api/backlinks: docs/product.md §5 "Backlink add". The form validates with the same shared schema the
// server uses, so the invalid-URL message is the same on both sides.
import { backlinkSchema, type BacklinkInput } from '@localseo/shared/backlinks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey } from '@/lib/query-keys'
import { backlinkDataKey } from './backlink-keys'

async function addBacklink(input: BacklinkInput) {
  const response = await apiClient.api.backlinks.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return backlinkSchema.parse(await response.json())
}

export function useAddBacklink(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addBacklink,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) })
      // The dashboard's recent activity lists the new backlink.
      void queryClient.invalidateQueries({ queryKey: dashboardKey })
    },
  })
}

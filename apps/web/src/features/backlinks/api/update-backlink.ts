// PATCH /api/backlinks/:id {status} (Mark Broken / Mark Active) and DELETE /api/backlinks/:id.
import { backlinkSchema } from '@localseo/shared/backlinks'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { backlinkDataKey } from './backlink-keys'

async function setBacklinkStatus(input: { id: string; status: 'active' | 'broken' }) {
  const response = await apiClient.api.backlinks[':id'].$patch({
    param: { id: input.id },
    json: { status: input.status },
  })
  if (!response.ok) throw await toApiError(response)
  return backlinkSchema.parse(await response.json())
}

async function deleteBacklink(id: string) {
  const response = await apiClient.api.backlinks[':id'].$delete({ param: { id } })
  if (!response.ok) throw await toApiError(response)
}

export function useSetBacklinkStatus(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setBacklinkStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) }),
  })
}

export function useDeleteBacklink(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBacklink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backlinkDataKey(businessId) }),
  })
}

// DELETE /api/business/locations/:id: removing the primary promotes the first remaining (docs/product.md §4).
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import { readLocations, useReplaceLocations } from './replace-locations'

async function deleteLocation(id: string) {
  return readLocations(await apiClient.api.business.locations[':id'].$delete({ param: { id } }))
}

export function useDeleteLocation() {
  const replaceLocations = useReplaceLocations()
  return useMutation({ mutationFn: deleteLocation, onSuccess: replaceLocations })
}

// POST /api/business/locations/:id/primary: the server clears the flag on every other location.
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import { readLocations, useReplaceLocations } from './replace-locations'

async function setPrimaryLocation(id: string) {
  return readLocations(
    await apiClient.api.business.locations[':id'].primary.$post({ param: { id } }),
  )
}

export function useSetPrimaryLocation() {
  const replaceLocations = useReplaceLocations()
  return useMutation({ mutationFn: setPrimaryLocation, onSuccess: replaceLocations })
}

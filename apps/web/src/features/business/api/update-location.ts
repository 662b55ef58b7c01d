// PATCH /api/business/locations/:id: the inline edit sends all six fields.
import { useMutation } from '@tanstack/react-query'
import { apiClient } from '@/lib/api-client'
import type { LocationFormOutput } from './add-location'
import { readLocations, useReplaceLocations } from './replace-locations'

async function updateLocation({ id, input }: { id: string; input: LocationFormOutput }) {
  return readLocations(
    await apiClient.api.business.locations[':id'].$patch({ param: { id }, json: input }),
  )
}

export function useUpdateLocation() {
  const replaceLocations = useReplaceLocations()
  return useMutation({ mutationFn: updateLocation, onSuccess: replaceLocations })
}

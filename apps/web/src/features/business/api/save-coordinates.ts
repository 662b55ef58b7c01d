// PUT /api/business/coordinates and /api/business/locations/:id/coordinates (issue 17 item 3): the pin
// of the business or of one location; nulls clear it. The business on the stored user follows.
import { businessResponseSchema, type Business } from '@localseo/shared/business'
import type { CoordinatesInput } from '@localseo/shared/coordinates'
import { useMutation } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'
import { readLocations } from './replace-locations'

async function saveCoordinates({
  business,
  locationId,
  input,
}: {
  business: Business
  locationId: string
  input: CoordinatesInput
}): Promise<Business> {
  if (locationId === 'main') {
    const response = await apiClient.api.business.coordinates.$put({ json: input })
    if (!response.ok) throw await toApiError(response)
    return businessResponseSchema.parse(await response.json()).business
  }
  const locations = await readLocations(
    await apiClient.api.business.locations[':id'].coordinates.$put({
      param: { id: locationId },
      json: input,
    }),
  )
  return { ...business, locations }
}

export function useSaveCoordinates() {
  const store = useAuthStore()
  return useMutation({
    mutationFn: saveCoordinates,
    onSuccess: (business) => store.setBusiness(business),
  })
}

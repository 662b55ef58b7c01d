// Every locations endpoint answers with the whole updated list, so each mutation ends the same way:
// the list replaces the one on the business.
import { locationsResponseSchema, type Location } from '@localseo/shared/business'
import { toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'

export async function readLocations(response: Response): Promise<Location[]> {
  if (!response.ok) throw await toApiError(response)
  return locationsResponseSchema.parse(await response.json()).locations
}

export function useReplaceLocations() {
  const store = useAuthStore()
  return (locations: Location[]) => {
    const business = store.getState().user?.business
    if (business) store.setBusiness({ ...business, locations })
  }
}

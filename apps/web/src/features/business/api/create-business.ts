// POST /api/businesses: another business for the signed-in person, who owns it (issue 35 item 2);
// the app then opens it (lib/switch-business.ts).
import { businessIdResponseSchema } from '@localseo/shared/members'
import { useMutation } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'
import { switchBusiness } from '@/lib/switch-business'
import type { SaveBusinessInput } from './save-business'

async function createBusiness(input: SaveBusinessInput): Promise<string> {
  const response = await apiClient.api.businesses.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return businessIdResponseSchema.parse(await response.json()).businessId
}

export function useCreateBusiness() {
  const store = useAuthStore()
  return useMutation({
    mutationFn: async (input: SaveBusinessInput) =>
      switchBusiness(await createBusiness(input), store.setBusiness),
  })
}

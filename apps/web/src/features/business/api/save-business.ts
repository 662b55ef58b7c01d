// PUT /api/business: creates or updates the owner's one business (docs/product.md §4 "Business save success").
import { businessResponseSchema, type Business } from '@localseo/shared/business'
import { businessInputSchema } from '@localseo/shared/business-input'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'

/** The form validates with the same schema the server applies (docs/product.md §5). */
export const saveBusinessInputSchema = businessInputSchema
export type SaveBusinessInput = z.output<typeof saveBusinessInputSchema>

async function saveBusiness(input: SaveBusinessInput): Promise<Business> {
  const response = await apiClient.api.business.$put({ json: input })
  if (!response.ok) throw await toApiError(response)
  return businessResponseSchema.parse(await response.json()).business
}

/** Saves, then replaces the business on the stored user and in the query cache. */
export function useSaveBusiness() {
  const store = useAuthStore()
  return useMutation({
    mutationFn: saveBusiness,
    onSuccess: (business) => store.setBusiness(business),
  })
}

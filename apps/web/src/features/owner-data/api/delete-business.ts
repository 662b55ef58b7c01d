// DELETE /api/business (issue 35 item 6): the business and all its data, after its name is typed.
// The person's account stays: the business they see next is read again (the empty one when they
// have no other), so the app is back at its first run, on the dashboard.
import { deleteBusinessResponseSchema, type DeleteBusinessInput } from '@localseo/shared/owner-data'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { apiClient, toApiError } from '@/lib/api-client'
import { useAuthStore } from '@/lib/auth'
import { fetchBusiness } from '@/lib/business'

async function deleteBusiness(input: DeleteBusinessInput) {
  const response = await apiClient.api.business.$delete({ json: input })
  if (!response.ok) throw await toApiError(response)
  deleteBusinessResponseSchema.parse(await response.json())
  return fetchBusiness()
}

/**
 * Deletes, then the business is replaced on the stored user and the app opens on the dashboard. Here
 * rather than in mutate()'s callbacks: Settings drops the card as the business goes, and these run
 * all the same.
 */
export function useDeleteBusiness() {
  const store = useAuthStore()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: deleteBusiness,
    onSuccess: async (business) => {
      // Nothing of the deleted business is kept or asked for again: a refetch would be a 404.
      await queryClient.cancelQueries()
      queryClient.clear()
      store.setBusiness(business)
      void navigate(paths.dashboard, { replace: true })
    },
  })
}

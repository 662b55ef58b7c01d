import { emptyBusiness, type Business } from '@localseo/shared/business'
import { useQuery } from '@tanstack/react-query'
import { useAuth } from '@/lib/auth'
import { businessQueryOptions } from '@/lib/business'

/** The signed-in user's business, or the empty business (docs/product.md §2: every screen receives one). */
export function useBusiness(): Business {
  const { user } = useAuth()
  const { data } = useQuery({
    ...businessQueryOptions(user?.id ?? ''),
    enabled: Boolean(user),
    initialData: user?.business,
  })
  return data ?? user?.business ?? emptyBusiness
}

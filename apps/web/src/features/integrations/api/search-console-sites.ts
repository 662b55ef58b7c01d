// GET /api/integrations/google/search-console/sites: the properties of the owner's Google account,
// the website's first; PUT …/site picks the one the imports will read (issue 18 item 2).
import {
  googleAccountResponseSchema,
  searchConsoleSitesSchema,
  type SearchConsoleSites,
} from '@localseo/shared/integrations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { integrationsKey } from '@/lib/query-keys'

const sitesKey = (userId: string) => [...integrationsKey, 'search-console-sites', userId] as const

async function fetchSites(): Promise<SearchConsoleSites> {
  const response = await apiClient.api.integrations.google['search-console'].sites.$get()
  if (!response.ok) throw await toApiError(response)
  return searchConsoleSitesSchema.parse(await response.json())
}

export function useSearchConsoleSites(userId: string) {
  return useQuery({ queryKey: sitesKey(userId), queryFn: fetchSites, retry: false })
}

async function chooseSite(siteUrl: string) {
  const response = await apiClient.api.integrations.google['search-console'].site.$put({
    json: { siteUrl },
  })
  if (!response.ok) throw await toApiError(response)
  return googleAccountResponseSchema.parse(await response.json()).google
}

export function useChooseSearchConsoleSite(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: chooseSite,
    onSuccess: (_account, siteUrl): void => {
      queryClient.setQueryData(sitesKey(userId), (old: SearchConsoleSites | undefined) =>
        old ? { ...old, selected: siteUrl } : old,
      )
      void queryClient.invalidateQueries({ queryKey: [...integrationsKey, 'google-account'] })
    },
  })
}

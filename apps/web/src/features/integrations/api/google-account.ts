// The business's Google account over OAuth (issue 18 item 1): GET /api/integrations tells whether
// Google is real on this server and, if so, connected, revoked or not; GET /google/connect answers
// the consent screen's address, which the browser then opens; DELETE /google revokes and forgets.
import {
  googleConnectResponseSchema,
  googleDisconnectResponseSchema,
  integrationsStateSchema,
  type GoogleAccount,
} from '@localseo/shared/integrations'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { dashboardKey, integrationsKey } from '@/lib/query-keys'

const accountKey = (userId: string) => [...integrationsKey, 'google-account', userId] as const

async function fetchGoogleAccount(): Promise<GoogleAccount> {
  const response = await apiClient.api.integrations.$get()
  if (!response.ok) throw await toApiError(response)
  return integrationsStateSchema.parse(await response.json()).google
}

function googleAccountQueryOptions(userId: string) {
  return queryOptions({ queryKey: accountKey(userId), queryFn: fetchGoogleAccount })
}

/** Undefined while loading: the cards wait rather than offer the wrong button. */
export function useGoogleAccount(userId: string) {
  return useQuery({ ...googleAccountQueryOptions(userId), enabled: userId !== '' })
}

async function consentScreenUrl(): Promise<string> {
  const response = await apiClient.api.integrations.google.connect.$get()
  if (!response.ok) throw await toApiError(response)
  return googleConnectResponseSchema.parse(await response.json()).url
}

/** 'Connect with Google': on success the browser leaves for Google's consent screen. */
export function useStartGoogleConnect() {
  return useMutation({
    mutationFn: consentScreenUrl,
    onSuccess: (url): void => window.location.assign(url),
  })
}

async function disconnectGoogleAccount(): Promise<GoogleAccount> {
  const response = await apiClient.api.integrations.google.$delete()
  if (!response.ok) throw await toApiError(response)
  return googleDisconnectResponseSchema.parse(await response.json()).google
}

export function useDisconnectGoogleAccount(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: disconnectGoogleAccount,
    onSuccess: (account): void => {
      queryClient.setQueryData(accountKey(userId), account)
      // The account's Search Console properties are gone with it: dropped, not asked again (the
      // picker is leaving the screen, and the server has no connection to list them from).
      const propertyLists = ['search-console-sites', 'analytics-properties']
      for (const list of propertyLists) {
        queryClient.removeQueries({ queryKey: [...integrationsKey, list] })
      }
      // The per-service flags (dashboard, stored user) follow the account.
      void queryClient.invalidateQueries({
        queryKey: integrationsKey,
        predicate: (query) => !propertyLists.includes(String(query.queryKey[1])),
      })
      void queryClient.invalidateQueries({ queryKey: dashboardKey })
    },
  })
}

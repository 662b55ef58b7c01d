// /api/share-links (issue 35 item 5, docs/decisions/050-share-links.md): the business's share
// links, a new one (its URL is in this answer only) and turning one off.
import {
  shareLinkCreatedSchema,
  shareLinkRevokedSchema,
  shareLinksResponseSchema,
  type ShareLink,
  type ShareLinkInput,
} from '@localseo/shared/share-links'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

const linksKey = (businessId: string) => ['share-links', businessId] as const

async function fetchLinks(): Promise<ShareLink[]> {
  const response = await apiClient.api['share-links'].$get()
  if (!response.ok) throw await toApiError(response)
  return shareLinksResponseSchema.parse(await response.json()).links
}

async function createLink(input: ShareLinkInput) {
  const response = await apiClient.api['share-links'].$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return shareLinkCreatedSchema.parse(await response.json())
}

async function revokeLink(id: string): Promise<ShareLink> {
  const response = await apiClient.api['share-links'][':id'].$delete({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return shareLinkRevokedSchema.parse(await response.json()).link
}

export function useShareLinks(businessId: string) {
  return useQuery({ queryKey: linksKey(businessId), queryFn: fetchLinks })
}

/** A new link goes to the top of the list; the URL is kept by the caller, never cached. */
export function useCreateShareLink(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createLink,
    onSuccess: ({ link }) =>
      queryClient.setQueryData<ShareLink[]>(linksKey(businessId), (links = []) => [link, ...links]),
  })
}

export function useRevokeShareLink(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeLink,
    onSuccess: (revoked) =>
      queryClient.setQueryData<ShareLink[]>(linksKey(businessId), (links = []) =>
        links.map((link) => (link.id === revoked.id ? revoked : link)),
      ),
  })
}

// Profile posts (issue 33 item 6, docs/decisions/036-profile-posts.md): GET
// /api/business-profile/posts lists one place's posts; POST writes one for the places chosen (a
// draft, now, or at a time of the business's time zone); PATCH changes one; DELETE removes it, on
// Google too. GET /api/business-profile says whether Google is connected, or the profiles are samples.
import { profileStatusSchema } from '@localseo/shared/business-profile'
import {
  postDeletedSchema,
  postSchema,
  postsCreatedSchema,
  postsPageSchema,
  type PostInputValue,
  type PostUpdate,
} from '@localseo/shared/business-profile-posts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

const postsKey = ['business-profile', 'posts'] as const

async function fetchPosts(location: string) {
  const response = await apiClient.api['business-profile'].posts.$get({ query: { location } })
  if (!response.ok) throw await toApiError(response)
  return postsPageSchema.parse(await response.json())
}

export function usePosts(businessId: string, location: string) {
  return useQuery({
    queryKey: [...postsKey, businessId, location],
    queryFn: () => fetchPosts(location),
    // A post being published turns live within the minute: read again while one is.
    refetchInterval: (query) =>
      query.state.data?.posts.some((p) => p.status === 'publishing' || p.status === 'scheduled')
        ? 30_000
        : false,
  })
}

async function fetchStatus() {
  const response = await apiClient.api['business-profile'].$get()
  if (!response.ok) throw await toApiError(response)
  return profileStatusSchema.parse(await response.json())
}

export function useProfileStatus(businessId: string) {
  return useQuery({ queryKey: ['business-profile', 'status', businessId], queryFn: fetchStatus })
}

async function createPosts(input: PostInputValue) {
  const response = await apiClient.api['business-profile'].posts.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return postsCreatedSchema.parse(await response.json())
}

async function updatePost({ id, update }: { id: string; update: PostUpdate }) {
  const response = await apiClient.api['business-profile'].posts[':id'].$patch({
    param: { id },
    json: update,
  })
  if (!response.ok) throw await toApiError(response)
  return postSchema.parse(await response.json())
}

async function deletePost(id: string) {
  const response = await apiClient.api['business-profile'].posts[':id'].$delete({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return postDeletedSchema.parse(await response.json())
}

function useInvalidatePosts() {
  const queryClient = useQueryClient()
  return (): void => {
    void queryClient.invalidateQueries({ queryKey: postsKey })
  }
}

export function useCreatePosts() {
  return useMutation({ mutationFn: createPosts, onSuccess: useInvalidatePosts() })
}

export function useUpdatePost() {
  return useMutation({ mutationFn: updatePost, onSuccess: useInvalidatePosts() })
}

export function useDeletePost() {
  return useMutation({ mutationFn: deletePost, onSuccess: useInvalidatePosts() })
}

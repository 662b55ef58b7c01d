// The owner's reply to a review and its draft (issue 33 item 3, docs/decisions/037-review-replies.md):
// POST /api/business-profile/reviews/reply sends or replaces it, DELETE …/reviews/reply removes it,
// POST …/reviews/draft asks the AI service for a draft (never sent by itself). A sent or removed
// reply changes the list and the summary's response rate, so both are read again.
import {
  profileReviewSchema,
  reviewDraftSchema,
  type ProfileReview,
  type ReviewDraft,
} from '@localseo/shared/business-profile'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

/** The prefix of every reviews query (the list and the summary, in api/reviews.ts). */
const reviewsKey = ['business-profile', 'reviews'] as const

async function sendReply(input: { review: string; comment: string }): Promise<ProfileReview> {
  const response = await apiClient.api['business-profile'].reviews.reply.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return profileReviewSchema.parse(await response.json())
}

async function deleteReply(review: string): Promise<ProfileReview> {
  const response = await apiClient.api['business-profile'].reviews.reply.$delete({
    query: { review },
  })
  if (!response.ok) throw await toApiError(response)
  return profileReviewSchema.parse(await response.json())
}

async function draftReply(review: string): Promise<ReviewDraft> {
  const response = await apiClient.api['business-profile'].reviews.draft.$post({
    json: { review },
  })
  if (!response.ok) throw await toApiError(response)
  return reviewDraftSchema.parse(await response.json())
}

function useInvalidateReviews() {
  const queryClient = useQueryClient()
  return (): void => {
    void queryClient.invalidateQueries({ queryKey: reviewsKey })
  }
}

export function useSendReply() {
  const invalidate = useInvalidateReviews()
  return useMutation({ mutationFn: sendReply, onSuccess: invalidate })
}

export function useDeleteReply() {
  const invalidate = useInvalidateReviews()
  return useMutation({ mutationFn: deleteReply, onSuccess: invalidate })
}

export function useDraftReply() {
  return useMutation({ mutationFn: draftReply })
}

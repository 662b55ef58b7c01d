// One place's Google reviews as the daily import stored them (issue 33 item 2, ADR 034 "Reviews
// import"): GET /api/business-profile/reviews (filtered, paged) and /reviews/summary; and the
// review link and texts to send customers, GET /api/business-profile/review-requests (item 4).
import {
  reviewsPageSchema,
  reviewsSummarySchema,
  type ReviewsPage,
  type ReviewsSummary,
} from '@localseo/shared/business-profile'
import { reviewRequestSchema, type ReviewRequest } from '@localseo/shared/review-requests'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

/**
 * ['business-profile', 'reviews', businessId, location, …]: a sent reply invalidates this prefix
 * (api/replies.ts).
 */
const reviewsKey = ['business-profile', 'reviews'] as const

/** The screen's filters, as the URL and the API write them (absent = any). */
export interface ReviewFilters {
  rating?: string
  replied?: 'true' | 'false'
  from?: string
  to?: string
  q?: string
  page: number
}

async function fetchReviews(location: string, filters: ReviewFilters): Promise<ReviewsPage> {
  const { page, ...rest } = filters
  const query = Object.fromEntries(Object.entries(rest).filter(([, value]) => value))
  const response = await apiClient.api['business-profile'].reviews.$get({
    query: { location, page: String(page), ...query },
  })
  if (!response.ok) throw await toApiError(response)
  return reviewsPageSchema.parse(await response.json())
}

export function useReviews(businessId: string, location: string, filters: ReviewFilters) {
  return useQuery({
    queryKey: [...reviewsKey, businessId, location, 'list', filters],
    queryFn: () => fetchReviews(location, filters),
    // The list stays while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  })
}

async function fetchSummary(location: string): Promise<ReviewsSummary> {
  const response = await apiClient.api['business-profile'].reviews.summary.$get({
    query: { location },
  })
  if (!response.ok) throw await toApiError(response)
  return reviewsSummarySchema.parse(await response.json())
}

export function useReviewsSummary(businessId: string, location: string) {
  return useQuery({
    queryKey: [...reviewsKey, businessId, location, 'summary'],
    queryFn: () => fetchSummary(location),
  })
}

async function fetchReviewRequest(location: string): Promise<ReviewRequest> {
  const response = await apiClient.api['business-profile']['review-requests'].$get({
    query: { location },
  })
  if (!response.ok) throw await toApiError(response)
  return reviewRequestSchema.parse(await response.json())
}

export function useReviewRequest(businessId: string, location: string) {
  return useQuery({
    queryKey: ['business-profile', 'review-requests', businessId, location],
    queryFn: () => fetchReviewRequest(location),
  })
}

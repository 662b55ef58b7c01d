// The owner's Google Business Profile (issue 33 item 1, ADR 034): GET /api/business-profile/locations
// lists the profiles (samples without a Google client) with a suggested link per location; PUT
// /links/:location saves the link the owner confirms; GET /api/integrations/google/connect with
// product=business-profile answers the consent screen that asks for the profile's scope alone.
import {
  profileLocationsSchema,
  profileStatusSchema,
  type ProfileLocations,
} from '@localseo/shared/business-profile'
import { googleConnectResponseSchema } from '@localseo/shared/integrations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

const locationsKey = (userId: string) => ['business-profile', 'locations', userId] as const

async function fetchLocations(): Promise<ProfileLocations> {
  const response = await apiClient.api['business-profile'].locations.$get()
  if (!response.ok) throw await toApiError(response)
  return profileLocationsSchema.parse(await response.json())
}

export function useProfileLocations(userId: string) {
  return useQuery({
    queryKey: locationsKey(userId),
    queryFn: fetchLocations,
    enabled: userId !== '',
    retry: false,
  })
}

async function linkLocation({
  location,
  googleLocation,
}: {
  location: string
  googleLocation: string
}) {
  const response = await apiClient.api['business-profile'].links[':location'].$put({
    param: { location },
    json: { googleLocation },
  })
  if (!response.ok) throw await toApiError(response)
  return profileStatusSchema.parse(await response.json())
}

export function useLinkProfileLocation(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: linkLocation,
    onSuccess: (): void => {
      void queryClient.invalidateQueries({ queryKey: locationsKey(userId) })
    },
  })
}

async function profileConsentUrl(): Promise<string> {
  const response = await apiClient.api.integrations.google.connect.$get({
    query: { product: 'business-profile' },
  })
  if (!response.ok) throw await toApiError(response)
  return googleConnectResponseSchema.parse(await response.json()).url
}

/** 'Connect Business Profile': on success the browser leaves for Google's consent screen. */
export function useConnectBusinessProfile() {
  return useMutation({
    mutationFn: profileConsentUrl,
    onSuccess: (url): void => window.location.assign(url),
  })
}

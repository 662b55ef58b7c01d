// POST /api/business/locations: the first location added becomes the primary one (docs/product.md §4).
import { locationInputSchema } from '@localseo/shared/business-input'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiClient } from '@/lib/api-client'
import { readLocations, useReplaceLocations } from './replace-locations'

/** Shared with the server (docs/product.md §5 "New location required"). */
export const locationFormSchema = locationInputSchema
export type LocationFormOutput = z.output<typeof locationFormSchema>

async function addLocation(input: LocationFormOutput) {
  return readLocations(await apiClient.api.business.locations.$post({ json: input }))
}

export function useAddLocation() {
  const replaceLocations = useReplaceLocations()
  return useMutation({ mutationFn: addLocation, onSuccess: replaceLocations })
}

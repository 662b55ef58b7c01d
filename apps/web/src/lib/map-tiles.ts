// The map tiles the server allows (MAP_TILE_URL, issue 17): the URL template and its credit, or null
// when none is configured and maps are drawn without tiles. Read once per session.
import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from './api-client'

const tilesSchema = z.object({
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
})
export type MapTiles = NonNullable<z.infer<typeof tilesSchema>['tiles']>

async function fetchTiles(): Promise<MapTiles | null> {
  const response = await apiClient.api['geo-grid'].tiles.$get()
  if (!response.ok) throw await toApiError(response)
  return tilesSchema.parse(await response.json()).tiles
}

export function useMapTiles() {
  return useQuery({ queryKey: ['map-tiles'], queryFn: fetchTiles, staleTime: Infinity })
}

// The map tiles the server allows (MAP_TILE_URL, issue 17): the URL template and its credit, or null
// when none is configured and maps are drawn without tiles. Read once per session.
import { mapTilesResponseSchema, type MapTiles } from '@localseo/shared/geo-grid'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from './api-client'

async function fetchTiles(): Promise<MapTiles | null> {
  const response = await apiClient.api['geo-grid'].tiles.$get()
  if (!response.ok) throw await toApiError(response)
  return mapTilesResponseSchema.parse(await response.json()).tiles
}

export function useMapTiles() {
  return useQuery({ queryKey: ['map-tiles'], queryFn: fetchTiles, staleTime: Infinity })
}

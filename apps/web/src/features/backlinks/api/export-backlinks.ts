// GET /api/backlinks/export: backlinks.csv (docs/product.md §9 columns) built on the server from every row of
// the current filters, not only the page on screen.
import { BACKLINKS_CSV_FILENAME } from '@localseo/shared/backlinks-csv'
import { apiClient, toApiError } from '@/lib/api-client'
import { downloadBlob } from '@/lib/download-file'
import { filterQuery, type BacklinkFilters } from './get-backlinks'

export async function exportBacklinks(location: string, filters: BacklinkFilters) {
  const response = await apiClient.api.backlinks.export.$get({
    query: filterQuery(location, filters),
  })
  if (!response.ok) throw await toApiError(response)
  downloadBlob(BACKLINKS_CSV_FILENAME, await response.blob())
}

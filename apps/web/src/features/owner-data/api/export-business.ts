// GET /api/business/export (issue 35 item 6): everything of the business as one ZIP of CSV and JSON
// files, built on the server page by page and saved by the browser.
import { EXPORT_FILENAME } from '@localseo/shared/owner-data'
import { useMutation } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { downloadBlob } from '@/lib/download-file'

async function exportBusiness(): Promise<void> {
  const response = await apiClient.api.business.export.$get()
  if (!response.ok) throw await toApiError(response)
  downloadBlob(EXPORT_FILENAME, await response.blob())
}

export function useExportBusiness() {
  return useMutation({ mutationFn: exportBusiness })
}

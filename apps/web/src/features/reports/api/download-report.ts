// GET /api/reports/pdf?month=&location=: the month's report, built on the server, saved as a file.
import { apiClient, toApiError } from '@/lib/api-client'
import { downloadBlob } from '@/lib/download-file'

/** The server's file name from Content-Disposition, else a plain one. */
function filenameOf(response: Response, month: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')
  return match?.[1] ?? `local-seo-report-${month}.pdf`
}

export async function downloadReport(month: string, location: string) {
  const response = await apiClient.api.reports.pdf.$get({ query: { month, location } })
  if (!response.ok) throw await toApiError(response)
  downloadBlob(filenameOf(response, month), await response.blob())
}

// /api/geo-grid (issue 17 item 4): what a scan needs, the scans (a page at a time), one scan with its
// points (polled while it runs), and starting one.
import {
  gridSetupSchema,
  scanDetailSchema,
  scanListSchema,
  type GridScanDetail,
  type ScanInput,
} from '@localseo/shared/geo-grid'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

/** How often a running scan is polled. */
const SCAN_POLL_MS = 1_000

const geoGridKey = (businessId: string) => ['geo-grid', businessId] as const

async function fetchSetup() {
  const response = await apiClient.api['geo-grid'].setup.$get()
  if (!response.ok) throw await toApiError(response)
  return gridSetupSchema.parse(await response.json())
}

export function useGridSetup(businessId: string) {
  return useQuery({ queryKey: [...geoGridKey(businessId), 'setup'], queryFn: fetchSetup })
}

async function fetchScans(before: string | undefined, keyword: string | undefined) {
  const response = await apiClient.api['geo-grid'].scans.$get({ query: { before, keyword } })
  if (!response.ok) throw await toApiError(response)
  return scanListSchema.parse(await response.json())
}

/** The scans, newest first, ten at a time; 'Older scans' loads the next page. */
export function useScans(businessId: string, keyword?: string) {
  return useInfiniteQuery({
    queryKey: [...geoGridKey(businessId), 'scans', keyword ?? ''],
    queryFn: ({ pageParam }) => fetchScans(pageParam, keyword),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  })
}

async function fetchScan(id: string) {
  const response = await apiClient.api['geo-grid'].scans[':id'].$get({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return scanDetailSchema.parse(await response.json())
}

const isRunning = (detail: GridScanDetail | undefined) =>
  detail?.scan.status === 'queued' || detail?.scan.status === 'running'

export function useScan(businessId: string, id: string | null) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...geoGridKey(businessId), 'scan', id],
    queryFn: async () => {
      const detail = await fetchScan(id ?? '')
      // The list shows the scan's progress and figures too.
      if (!isRunning(detail))
        void queryClient.invalidateQueries({ queryKey: [...geoGridKey(businessId), 'scans'] })
      return detail
    },
    enabled: id !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? SCAN_POLL_MS : false),
  })
}

async function startScan(input: ScanInput) {
  const response = await apiClient.api['geo-grid'].scans.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return scanDetailSchema.parse(await response.json())
}

export function useStartScan(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startScan,
    onSuccess: (detail) => {
      queryClient.setQueryData([...geoGridKey(businessId), 'scan', detail.scan.id], detail)
      void queryClient.invalidateQueries({ queryKey: geoGridKey(businessId) })
    },
  })
}

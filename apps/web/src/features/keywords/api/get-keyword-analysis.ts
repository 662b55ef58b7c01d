// GET /api/keywords/analyses/:id: an analysis the server finishes in a job (issue 36 item 3). The
// POST answers it pending; it is read at once, then every half second for the first reads (the
// built-in engine finishes in a moment), then every 2 s while it is pending, as the other waits for
// a job (lib/first-checks.ts). Once it has finished the keyword's screens are read again: the job
// may have stored its figures.
import {
  keywordAnalysisResponseSchema,
  type KeywordAnalysisRecord,
} from '@localseo/shared/keywords'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiClient, toApiError } from '@/lib/api-client'
import { pollWhilePending } from '@/lib/first-checks'
import { keywordFigureKeys } from '@/lib/query-keys'

async function fetchAnalysis(id: string): Promise<KeywordAnalysisRecord> {
  const response = await apiClient.api.keywords.analyses[':id'].$get({ param: { id } })
  if (!response.ok) throw await toApiError(response)
  return keywordAnalysisResponseSchema.parse(await response.json()).analysis
}

const SLOW_POLL_MS = 15_000
const QUICK_POLL_MS = 500
const QUICK_READS = 4

/**
 * When to read a pending analysis again: every half second for its first reads, then as the other
 * waits for a job, and after those 45 reads every 15 s: the server answers a job that never finished
 * as failed after a while (keyword-analyses.ts), and the panel should then say so.
 */
export function analysisReadInterval(
  query: { state: { dataUpdateCount: number } },
  pending: boolean,
): number | false {
  if (pending && query.state.dataUpdateCount < QUICK_READS) return QUICK_POLL_MS
  return pollWhilePending(query, pending) || (pending ? SLOW_POLL_MS : false)
}

/** The analysis as the server last answered it: `started` (the POST's answer) until read again. */
export function useKeywordAnalysis(businessId: string, started: KeywordAnalysisRecord | null) {
  const queryClient = useQueryClient()
  const id = started?.id ?? ''
  const query = useQuery({
    // Not under keywordsKey: the keyword screens read again when it finishes, and it need not.
    queryKey: ['keyword-analysis', businessId, id],
    queryFn: () => fetchAnalysis(id),
    enabled: started?.status === 'pending',
    refetchInterval: (q) =>
      analysisReadInterval(q, (q.state.data ?? started)?.status === 'pending'),
  })
  const analysis = query.data ?? started
  const finished = analysis !== null && analysis.status !== 'pending'
  useEffect(() => {
    if (!finished || started?.status !== 'pending') return
    for (const queryKey of keywordFigureKeys) void queryClient.invalidateQueries({ queryKey })
  }, [finished, started, queryClient])
  return analysis
}

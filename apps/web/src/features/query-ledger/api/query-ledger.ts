// /api/query-ledger (issue 34 item 4): a month's search queries and their cost, for Settings.
import { queryLedgerSchema } from '@localseo/shared/query-ledger'
import { useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

async function fetchLedger(month: string) {
  const response = await apiClient.api['query-ledger'].$get({ query: { month } })
  if (!response.ok) throw await toApiError(response)
  return queryLedgerSchema.parse(await response.json())
}

export function useQueryLedger(businessId: string, month: string) {
  return useQuery({
    queryKey: ['query-ledger', businessId, month],
    queryFn: () => fetchLedger(month),
  })
}

// GET /api/ai/status: which engine answers the AI features (the key and endpoint never reach us).
import { aiStatusSchema, type AiStatus } from '@localseo/shared/ai'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'

async function fetchAiStatus(): Promise<AiStatus> {
  const response = await apiClient.api.ai.status.$get()
  if (!response.ok) throw await toApiError(response)
  return aiStatusSchema.parse(await response.json())
}

function aiStatusQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['ai', 'status', userId], queryFn: fetchAiStatus })
}

/** Undefined while loading or when the status cannot be read: the card then omits the engine line. */
export function useAiStatus(userId: string) {
  return useQuery({ ...aiStatusQueryOptions(userId), enabled: userId !== '', retry: false }).data
}

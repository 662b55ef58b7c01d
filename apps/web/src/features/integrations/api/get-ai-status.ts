// GET /api/ai/status: which engine answers the AI features (the key and endpoint never reach us).
import { AI_ENGINES } from '@localseo/shared/ai'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'

const aiStatusSchema = z.object({
  engine: z.enum(AI_ENGINES),
  model: z.string().optional(),
})
export type AiStatus = z.infer<typeof aiStatusSchema>

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

// POST /api/keywords/analyse: the AI analysis, stored as a keyword record (docs/product.md §2, §5, §8).
import { keywordAnalyseResponseSchema } from '@localseo/shared/keywords'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from '@/lib/api-client'
import { keywordFigureKeys } from '@/lib/query-keys'

async function analyseKeyword(input: { keyword: string; locationId: string }) {
  const response = await apiClient.api.keywords.analyse.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return keywordAnalyseResponseSchema.parse(await response.json())
}

export function useAnalyseKeyword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: analyseKeyword,
    onSuccess: () => {
      // The rankings table, the suggestions (which leave out analysed keywords), the dashboard's top
      // keywords and activity, and the keyword's other screens all read the same record.
      for (const queryKey of keywordFigureKeys) void queryClient.invalidateQueries({ queryKey })
    },
  })
}

// POST /api/keywords/analyse: the AI analysis, stored as a keyword record (docs/product.md §2, §5, §8).
import { keywordAnalysisSchema } from '@localseo/shared/ai'
import { keywordRecordSchema } from '@localseo/shared/keyword-figures'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiClient, toApiError } from '@/lib/api-client'
import { keywordFigureKeys } from '@/lib/query-keys'

const analyseResponseSchema = z.object({
  analysis: keywordAnalysisSchema,
  keyword: keywordRecordSchema,
})
export type AnalyseKeywordResult = z.infer<typeof analyseResponseSchema>

async function analyseKeyword(input: { keyword: string; locationId: string }) {
  const response = await apiClient.api.keywords.analyse.$post({ json: input })
  if (!response.ok) throw await toApiError(response)
  return analyseResponseSchema.parse(await response.json())
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

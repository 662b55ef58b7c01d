// POST /api/keywords/analyse: stores the keyword and answers its analysis pending; the server's job
// asks the figures and the AI (issue 36 item 3, docs/decisions/051-provider-work-after-the-answer.md)
// and the screen reads the analysis until it is done (get-keyword-analysis.ts).
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

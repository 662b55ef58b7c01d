// The Keyword Analysis answers (/api/keywords, docs/product.md §5): the owner's keywords as records,
// the suggestions, and an analysis with the record it was stored as.
import { z } from 'zod'
import { keywordAnalysisSchema } from './ai.js'
import { keywordRecordSchema } from './keyword-figures.js'

/** GET /api/keywords: the place's keywords (empty before the business has a name). */
export const keywordListResponseSchema = z.object({ keywords: z.array(keywordRecordSchema) })

/** POST /api/keywords/analyse: the AI analysis, stored as a keyword record. */
export const keywordAnalyseResponseSchema = z.object({
  analysis: keywordAnalysisSchema,
  keyword: keywordRecordSchema,
})
export type AnalyseKeywordResult = z.infer<typeof keywordAnalyseResponseSchema>

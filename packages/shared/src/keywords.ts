// The Keyword Analysis answers (/api/keywords, docs/product.md §5): the owner's keywords as records,
// the suggestions, and an analysis (a job's record) with the keyword it was stored as.
import { z } from 'zod'
import { keywordAnalysisSchema } from './ai.js'
import { keywordRecordSchema } from './keyword-figures.js'

/** GET /api/keywords: the place's keywords (empty before the business has a name). */
export const keywordListResponseSchema = z.object({ keywords: z.array(keywordRecordSchema) })

export const KEYWORD_ANALYSIS_STATUSES = ['pending', 'done', 'failed'] as const

/**
 * One analysis as a job left it (issue 36 item 3, docs/decisions/051-provider-work-after-the-answer.md):
 * 'pending' until the job has asked the keyword figures and the AI, then 'done' with the analysis or
 * 'failed' with a reason an owner can read (never a figure).
 */
export const keywordAnalysisRecordSchema = z.object({
  id: z.string(),
  keywordId: z.string(),
  /** The keyword as analysed, so a pending analysis can say what it is working on. */
  keyword: z.string(),
  status: z.enum(KEYWORD_ANALYSIS_STATUSES),
  result: keywordAnalysisSchema.nullable(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type KeywordAnalysisRecord = z.infer<typeof keywordAnalysisRecordSchema>

/**
 * POST /api/keywords/analyse (202): the keyword as stored and its analysis, pending; the screen reads
 * GET /api/keywords/analyses/:id until it is done or failed.
 */
export const keywordAnalyseResponseSchema = z.object({
  analysis: keywordAnalysisRecordSchema,
  keyword: keywordRecordSchema,
})
export type AnalyseKeywordResult = z.infer<typeof keywordAnalyseResponseSchema>

/** GET /api/keywords/analyses/:id. */
export const keywordAnalysisResponseSchema = z.object({ analysis: keywordAnalysisRecordSchema })

// The Keyword Planner's answers (/api/planner, docs/product.md §6): ideas as estimates and the saved
// keywords (docs/decisions/016-one-keyword-entity.md).
import { z } from 'zod'
import { plannerKeywordSchema } from './keyword-engine.js'

/** POST /api/planner/search and GET /api/keywords/suggestions: ideas, each figure with its source. */
export const estimatedKeywordsResponseSchema = z.object({
  keywords: z.array(plannerKeywordSchema),
  estimated: z.literal(true),
  /** A search: some figures are being asked of the keyword data source; read it again shortly. */
  pending: z.optional(z.boolean()),
})

export const savedKeywordSchema = plannerKeywordSchema.extend({
  id: z.string(),
  sample: z.boolean(),
  createdAt: z.iso.datetime(),
})
export type SavedKeyword = z.infer<typeof savedKeywordSchema>

/** GET /api/planner/saved. */
export const savedKeywordsResponseSchema = z.object({ keywords: z.array(savedKeywordSchema) })

/** POST /api/planner/saved (201). */
export const savedKeywordResponseSchema = z.object({ keyword: savedKeywordSchema })

// AI result shapes shared by the server's AI service and the screens that show them (docs/product.md §3, §7, §8).
import { z } from 'zod'

/**
 * Which engine produced a result, so the UI can say so honestly: the built-in deterministic engine
 * (no key configured), the configured model, or a docs/product.md §8 fallback after the model failed.
 */
export const AI_SOURCES = ['built-in', 'model', 'fallback'] as const
export type AiSource = (typeof AI_SOURCES)[number]

export const AI_ENGINES = ['built-in', 'model'] as const
export type AiEngine = (typeof AI_ENGINES)[number]

export const LEVELS = ['Low', 'Medium', 'High'] as const
export type Level = (typeof LEVELS)[number]

/** docs/product.md §3 "Keyword analysis result". searchVolume is an estimate, never measured data. */
export const keywordAnalysisSchema = z.object({
  keyword: z.string(),
  /** The keyword data provider's estimate; null when there is none (issue 15 item 4). */
  searchVolume: z.number().int().nonnegative().nullable(),
  /** The same provider's difficulty, so analysis and planner agree; null with no estimate. */
  competition: z.enum(LEVELS).nullable(),
  relevance: z.enum(LEVELS),
  recommendations: z.array(z.string()),
  aiAnalysis: z.string(),
  source: z.enum(AI_SOURCES),
})
export type KeywordAnalysis = z.infer<typeof keywordAnalysisSchema>

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const
export const TASK_CATEGORIES = ['technical', 'content', 'listings', 'reputation'] as const

/** One suggested SEO task (docs/product.md §3 "SEO task / recommendation", without the stored fields). */
export const seoTaskSuggestionSchema = z.object({
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  category: z.enum(TASK_CATEGORIES),
  impact: z.string(),
  points: z.number().int().positive(),
})
export type SeoTaskSuggestion = z.infer<typeof seoTaskSuggestionSchema>

export const seoTaskSuggestionsSchema = z.object({
  tasks: z.array(seoTaskSuggestionSchema),
  source: z.enum(AI_SOURCES),
})
export type SeoTaskSuggestions = z.infer<typeof seoTaskSuggestionsSchema>

/** docs/product.md §3 "Backlink analysis result"; the three scores are 0-100 (docs/product.md §9). */
export const backlinkAnalysisSchema = z.object({
  /**
   * From measured ratings (ADR 032): null ('Not rated') until a check has rated a link or found
   * its page silent; broken and unreachable links count as 0.
   */
  qualityScore: z.number().int().min(0).max(100).nullable(),
  /** The links the Quality Score counts (rated, or without an answer); the others are not rated. */
  qualityCounted: z.number().int().nonnegative(),
  diversityScore: z.number().int().min(0).max(100),
  localRelevanceScore: z.number().int().min(0).max(100),
  totalBacklinks: z.number().int().nonnegative(),
  recommendations: z.string(),
  source: z.enum(AI_SOURCES),
})
export type BacklinkAnalysis = z.infer<typeof backlinkAnalysisSchema>

export const contentIdeasSchema = z.object({
  ideas: z.array(z.string()),
  source: z.enum(AI_SOURCES),
})
export type ContentIdeas = z.infer<typeof contentIdeasSchema>

/** The spec's fixed Settings text (docs/product.md §2 "API Settings"). */
export const AI_CONNECTED_MESSAGE = 'Connected and working properly'

/** GET /api/ai/status, read by the Settings AI card. Never carries the key or the base URL. */
export const aiStatusSchema = z.object({
  connected: z.literal(true),
  engine: z.enum(AI_ENGINES),
  model: z.string().optional(),
  message: z.literal(AI_CONNECTED_MESSAGE),
  quota: z.object({
    limit: z.number().int().nonnegative(),
    usedToday: z.number().int().nonnegative(),
    /** Only calls to the configured model count; the built-in engine costs nothing. */
    counts: z.literal('model-calls'),
  }),
})
export type AiStatus = z.infer<typeof aiStatusSchema>

// Keyword analysis (docs/product.md §3 "Keyword analysis result", §7, §8).
import { z } from 'zod'
import type { KeywordAnalysis } from '@localseo/shared/ai'
import { resolveLocation } from '@localseo/shared/location-selection'
import { analyseKeywordBuiltIn } from '../built-in/keyword-engine.js'
import { fallbackKeywordAnalysis } from '../fallbacks.js'
import { capText, modelParagraphs, modelText } from '../plain-text.js'
import { buildPrompt, businessData, locationData } from '../prompts.js'
import type { AiTask } from '../run-task.js'
import { businessInput, locationIdInput, modelCount, modelLevel } from './task-inputs.js'

const analyseKeywordInput = z
  .object({
    business: businessInput,
    locationId: locationIdInput,
    keyword: z
      .string()
      .trim()
      .min(1, 'Enter a keyword.')
      .max(100, 'Keywords are at most 100 characters.'),
    /**
     * The keyword data provider's figures (docs/decisions/016-one-keyword-entity.md): the analysis states
     * these, so it agrees with the planner; the service stores them over whatever the model says.
     */
    estimate: z
      .object({
        volume: z.number().int().nonnegative().nullable(),
        competition: z.enum(['Low', 'Medium', 'High']).nullable(),
        relevance: z.enum(['Low', 'Medium', 'High']).optional(),
      })
      .optional(),
  })
  .transform((v) => ({ ...v, location: resolveLocation(v.business, v.locationId) }))

export type AnalyseKeywordRequest = z.input<typeof analyseKeywordInput>
type Input = z.output<typeof analyseKeywordInput>

const modelOutput = z.object({
  searchVolume: modelCount,
  competition: modelLevel,
  relevance: modelLevel,
  recommendations: z
    .array(modelText(300))
    .min(1)
    .transform((items) => items.slice(0, 8)),
  aiAnalysis: modelParagraphs(1500),
})

/** A sentence that suggests a page or its content for the phrase. */
const PAGE_ADVICE = /\b(pages?|landing|titles?|headings?|h1|url|slug|blog|article|post|content)\b/i

/**
 * A Low-relevance keyword suggests no page, whatever the model says or when it fails (issue 32 item
 * 7, docs/product.md "Keyword Analysis"): the advice is the built-in engine's for an unrelated phrase
 * (aim at the business's own phrases instead), and the model's analysis keeps only its sentences
 * that suggest no page (the built-in analysis when none is left).
 */
function lowRelevanceAdvice(input: Input, aiAnalysis: string) {
  const ours = analyseKeywordBuiltIn({
    ...input,
    estimate: { volume: null, competition: null, ...input.estimate, relevance: 'Low' },
  })
  const kept = aiAnalysis
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !PAGE_ADVICE.test(sentence))
    .join(' ')
  return {
    relevance: 'Low' as const,
    recommendations: ours.recommendations,
    aiAnalysis: kept || ours.aiAnalysis,
  }
}

export const analyseKeywordTask: AiTask<Input, z.output<typeof modelOutput>, KeywordAnalysis> = {
  name: 'keyword-analysis',
  input: analyseKeywordInput,
  modelOutput,
  prompt: ({ business, location, keyword, estimate }) =>
    buildPrompt({
      task: 'Analyse this search keyword for the local business below, for searches made around the given location. Estimate monthly searches in that area, and judge competition and relevance to this business. When an estimate is given, use its figures (a null volume means the phrase is not a plausible search). When relevance is Low, the phrase does not fit this business: suggest no page, title or content for it, only phrases that fit the business instead.',
      data: {
        business: businessData(business),
        location: locationData(location),
        keyword: capText(keyword, 100),
        ...(estimate ? { estimate } : {}),
      },
      shape:
        '{"searchVolume": number, "competition": "Low" | "Medium" | "High", "relevance": "Low" | "Medium" | "High", "recommendations": string[] (3 to 5 concrete actions), "aiAnalysis": string (2 to 4 sentences)}',
    }),
  fromModel: (input, output) => {
    const relevance = input.estimate?.relevance ?? output.relevance
    if (relevance !== 'Low') return { keyword: input.keyword, ...output, source: 'model' }
    const advice = lowRelevanceAdvice(input, output.aiAnalysis)
    return { keyword: input.keyword, ...output, ...advice, source: 'model' }
  },
  builtIn: (input) => ({ ...analyseKeywordBuiltIn(input), source: 'built-in' }),
  fallback: (input) => {
    const { keyword, estimate } = input
    const canned = {
      ...fallbackKeywordAnalysis(keyword),
      ...(estimate ? { searchVolume: estimate.volume, competition: estimate.competition } : {}),
    }
    // The canned advice aims a page at the keyword and calls it relevant: not for a Low one.
    const low = estimate?.relevance === 'Low' ? lowRelevanceAdvice(input, '') : {}
    return { ...canned, ...low, source: 'fallback' }
  },
}

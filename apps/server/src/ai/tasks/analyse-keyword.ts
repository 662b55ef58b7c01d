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

export const analyseKeywordTask: AiTask<Input, z.output<typeof modelOutput>, KeywordAnalysis> = {
  name: 'keyword-analysis',
  input: analyseKeywordInput,
  modelOutput,
  prompt: ({ business, location, keyword, estimate }) =>
    buildPrompt({
      task: 'Analyse this search keyword for the local business below, for searches made around the given location. Estimate monthly searches in that area, and judge competition and relevance to this business. When an estimate is given, use its figures (a null volume means the phrase is not a plausible search).',
      data: {
        business: businessData(business),
        location: locationData(location),
        keyword: capText(keyword, 100),
        ...(estimate ? { estimate } : {}),
      },
      shape:
        '{"searchVolume": number, "competition": "Low" | "Medium" | "High", "relevance": "Low" | "Medium" | "High", "recommendations": string[] (3 to 5 concrete actions), "aiAnalysis": string (2 to 4 sentences)}',
    }),
  fromModel: ({ keyword }, output) => ({ keyword, ...output, source: 'model' }),
  builtIn: (input) => ({ ...analyseKeywordBuiltIn(input), source: 'built-in' }),
  fallback: ({ keyword, estimate }) => ({
    ...fallbackKeywordAnalysis(keyword),
    ...(estimate ? { searchVolume: estimate.volume, competition: estimate.competition } : {}),
    source: 'fallback',
  }),
}

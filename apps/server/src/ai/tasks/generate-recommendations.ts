// SEO task suggestions (docs/product.md §3 "SEO task", §7, §8): no fallback, the call fails instead.
import { z } from 'zod'
import type { SeoTaskSuggestions } from '@localseo/shared/ai'
import { scoreBacklinks } from '@localseo/shared/backlink-scores'
import { generateRecommendationsBuiltIn } from '../built-in/recommendations-engine.js'
import { recommendationsFailed } from '../fallbacks.js'
import { capText, modelText } from '../plain-text.js'
import { buildPrompt, businessData } from '../prompts.js'
import type { AiTask } from '../run-task.js'
import { backlinksInput, businessInput, modelPriority, modelTaskCategory } from './task-inputs.js'

const generateRecommendationsInput = z
  .object({
    business: businessInput,
    keywords: z
      .array(
        z.object({
          keyword: z.string().max(200),
          position: z.number().int().nullable(),
          /** The position is the rank simulation's (sample data), not a measured one. */
          simulated: z.boolean().optional(),
        }),
      )
      .max(500)
      .default([]),
    backlinks: backlinksInput.optional(),
    /** Titles the owner already has, so suggestions do not repeat them. */
    existingTitles: z.array(z.string().max(300)).max(500).default([]),
  })
  .transform((v) => ({
    ...v,
    scores: v.backlinks
      ? scoreBacklinks({
          backlinks: v.backlinks,
          city: v.business.city,
          state: v.business.state,
          category: v.business.category,
        })
      : undefined,
  }))

export type GenerateRecommendationsRequest = z.input<typeof generateRecommendationsInput>
type Input = z.output<typeof generateRecommendationsInput>

const modelTask = z.object({
  title: modelText(120),
  description: modelText(600),
  priority: modelPriority,
  category: modelTaskCategory,
  impact: modelText(160).catch('Improves local visibility'),
  // Points feed levels and badges (docs/product.md §9), so a model cannot hand out thousands.
  points: z.coerce
    .number()
    .finite()
    .transform((n) => Math.min(100, Math.max(10, Math.round(n))))
    .catch(40),
})

const modelOutput = z.object({
  tasks: z
    .array(modelTask)
    .min(1)
    .transform((tasks) => tasks.slice(0, 10)),
})

export const generateRecommendationsTask: AiTask<
  Input,
  z.output<typeof modelOutput>,
  SeoTaskSuggestions
> = {
  name: 'recommendations',
  input: generateRecommendationsInput,
  modelOutput,
  prompt: ({ business, keywords, scores, existingTitles }) =>
    buildPrompt({
      task: 'Suggest the most useful local SEO tasks for this business, most important first. Do not repeat tasks the owner already has. A tracked keyword whose positionSource is "simulated" has a sample position, not a measured one: if you mention it, write "(simulated)" after it.',
      data: {
        business: businessData(business),
        trackedKeywords: keywords.slice(0, 20).map((k) => ({
          keyword: capText(k.keyword, 100),
          position: k.position,
          positionSource: k.position === null ? null : k.simulated ? 'simulated' : 'measured',
        })),
        backlinkScores: scores ?? null,
        existingTasks: existingTitles.slice(0, 30).map((t) => capText(t, 120)),
      },
      shape:
        '{"tasks": [{"title": string, "description": string, "priority": "high" | "medium" | "low", "category": "technical" | "content" | "listings" | "reputation", "impact": string, "points": number (25 to 75)}] (5 to 8 tasks)}',
    }),
  fromModel: ({ existingTitles }, output) => {
    const taken = new Set(existingTitles.map((t) => t.trim().toLowerCase()))
    return { tasks: output.tasks.filter((t) => !taken.has(t.title.toLowerCase())), source: 'model' }
  },
  builtIn: (input) => ({ tasks: generateRecommendationsBuiltIn(input), source: 'built-in' }),
  fallback: () => recommendationsFailed(),
}

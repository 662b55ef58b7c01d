// Location-specific content ideas (docs/product.md §7, §8).
import { z } from 'zod'
import type { ContentIdeas } from '@localseo/shared/ai'
import { resolveLocation } from '@localseo/shared/location-selection'
import { generateContentIdeasBuiltIn } from '../built-in/content-ideas-engine.js'
import { fallbackContentIdeas } from '../fallbacks.js'
import { modelText } from '../plain-text.js'
import { buildPrompt, businessData, locationData } from '../prompts.js'
import type { AiTask } from '../run-task.js'
import { businessInput, locationIdInput } from './task-inputs.js'

const generateContentIdeasInput = z
  .object({ business: businessInput, locationId: locationIdInput })
  .transform((v) => ({ ...v, location: resolveLocation(v.business, v.locationId) }))

export type GenerateContentIdeasRequest = z.input<typeof generateContentIdeasInput>
type Input = z.output<typeof generateContentIdeasInput>

const modelOutput = z.object({
  ideas: z
    .array(modelText(300))
    .min(3)
    .transform((ideas) => ideas.slice(0, 10)),
})

export const generateContentIdeasTask: AiTask<Input, z.output<typeof modelOutput>, ContentIdeas> = {
  name: 'content-ideas',
  input: generateContentIdeasInput,
  modelOutput,
  prompt: ({ business, location }) =>
    buildPrompt({
      task: 'Suggest website and blog content ideas that would help this business rank in local search for the given location. Every idea must be specific to the location and the business category.',
      data: { business: businessData(business), location: locationData(location) },
      shape: '{"ideas": string[] (5 to 7 ideas, one sentence each)}',
    }),
  fromModel: (_input, output) => ({ ideas: output.ideas, source: 'model' }),
  builtIn: (input) => ({ ideas: generateContentIdeasBuiltIn(input), source: 'built-in' }),
  fallback: () => ({ ...fallbackContentIdeas(), source: 'fallback' }),
}

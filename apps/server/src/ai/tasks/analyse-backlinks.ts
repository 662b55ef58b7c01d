// Backlink analysis (docs/product.md §3, §7, §8, §9): the three scores come from counts over ALL backlinks in
// scope (a profile the server counts in SQL, or counted here from the array when none is given); the
// model only writes the advice text and sees the first 5 links.
import { z } from 'zod'
import type { BacklinkAnalysis } from '@localseo/shared/ai'
import { scoresFromCounts } from '@localseo/shared/backlink-scores'
import { resolveLocation } from '@localseo/shared/location-selection'
import { analyseBacklinksBuiltIn, profileBacklinks } from '../built-in/backlinks-engine.js'
import { FALLBACK_BACKLINK_RECOMMENDATIONS } from '../fallbacks.js'
import { capText, modelParagraphs } from '../plain-text.js'
import { buildPrompt, businessData } from '../prompts.js'
import type { AiTask } from '../run-task.js'
import {
  backlinkProfileInput,
  backlinksInput,
  businessInput,
  locationIdInput,
} from './task-inputs.js'

/** docs/product.md §7: only the first 5 backlinks are sent to the model. */
export const BACKLINKS_SENT_TO_MODEL = 5

const analyseBacklinksInput = z
  .object({
    business: businessInput,
    locationId: locationIdInput,
    /** The links the model may see (the first 5 are sent); the whole profile when no `profile`. */
    backlinks: backlinksInput,
    /** Counted over every backlink in scope; when absent, counted from `backlinks`. */
    profile: backlinkProfileInput.optional(),
  })
  .transform((v) => {
    // A chosen location's city and state decide what counts as local (docs/product.md §2 location selector).
    const place = resolveLocation(v.business, v.locationId)
    const profile =
      v.profile ?? profileBacklinks({ business: v.business, place, backlinks: v.backlinks })
    return { ...v, place, profile, scores: scoresFromCounts(profile) }
  })

export type AnalyseBacklinksRequest = z.input<typeof analyseBacklinksInput>
type Input = z.output<typeof analyseBacklinksInput>

const modelOutput = z.object({ recommendations: modelParagraphs(3000) })

export const analyseBacklinksTask: AiTask<Input, z.output<typeof modelOutput>, BacklinkAnalysis> = {
  name: 'backlink-analysis',
  input: analyseBacklinksInput,
  modelOutput,
  prompt: ({ business, place, backlinks, scores }) =>
    buildPrompt({
      task: `Review the backlink profile of this local business and recommend what to do next. The scores (0-100) were computed from all ${scores.totalBacklinks} backlinks; only the first ${BACKLINKS_SENT_TO_MODEL} are listed.`,
      data: {
        business: {
          ...businessData(business),
          city: capText(place.city, 100),
          state: capText(place.state, 40),
        },
        scores,
        backlinks: backlinks.slice(0, BACKLINKS_SENT_TO_MODEL).map((link) => ({
          url: capText(link.url, 200),
          domain: capText(link.domain, 100),
          anchorText: capText(link.anchorText, 100),
          linkType: link.linkType,
          quality: link.quality,
        })),
      },
      shape: '{"recommendations": string (a few short paragraphs of plain text)}',
    }),
  fromModel: ({ scores }, output) => ({
    ...scores,
    recommendations: output.recommendations,
    source: 'model',
  }),
  builtIn: ({ business, place, profile, scores }) => ({
    ...scores,
    recommendations: analyseBacklinksBuiltIn({
      business: { ...business, city: place.city, state: place.state },
      profile,
      scores,
    }),
    source: 'built-in',
  }),
  fallback: ({ scores }) => ({
    ...scores,
    recommendations: FALLBACK_BACKLINK_RECOMMENDATIONS,
    source: 'fallback',
  }),
}

// A draft reply to a Google review (issue 33 item 3, docs/decisions/037-review-replies.md): from the
// review's own words and the business information, never inventing facts, in the reviewer's
// language. The draft is only shown to the owner, who edits it and sends it themself.
import { z } from 'zod'
import type { ReviewDraft } from '@localseo/shared/business-profile'
import { draftReplyBuiltIn } from '../built-in/review-reply-engine.js'
import { capText, modelParagraphs } from '../plain-text.js'
import { buildPrompt } from '../prompts.js'
import type { AiTask } from '../run-task.js'
import { businessInput } from './task-inputs.js'

const draftReviewReplyInput = z.object({
  business: businessInput,
  review: z.object({
    reviewer: z.string().max(300),
    anonymous: z.boolean(),
    rating: z.number().int().min(1).max(5).nullable(),
    comment: z.string().max(20_000),
  }),
})

export type DraftReviewReplyRequest = z.input<typeof draftReviewReplyInput>
type Input = z.output<typeof draftReviewReplyInput>

const modelOutput = z.object({
  // Well under Google's 4096 bytes even in a script of 3-byte letters.
  reply: modelParagraphs(1300),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/)
    .catch('und'),
})

const RULES = [
  'Write the reply the owner of this business could post under this Google review.',
  "Write it in the same language as the review's comment (English when there is no comment).",
  'Use only facts from the data: the review itself, the business name and its services. Never invent anything: no offers, discounts, refunds, gifts or promises, no names of people not in the review, no opening hours, prices or phone numbers.',
  'Thank the reviewer, by their first name when the review shows one; refer to what they actually wrote.',
  'For 1 to 3 stars: acknowledge their concerns calmly without arguing or admitting fault for things the review does not say, and invite them to contact the business directly to talk it through.',
  'For 4 or 5 stars: invite them back.',
  'Keep it short (2 to 5 sentences), warm and plain; sign off as the team of the business.',
].join(' ')

export const draftReviewReplyTask: AiTask<Input, z.output<typeof modelOutput>, ReviewDraft> = {
  name: 'review-reply',
  input: draftReviewReplyInput,
  modelOutput,
  prompt: ({ business, review }) =>
    buildPrompt({
      task: RULES,
      data: {
        business: {
          name: capText(business.name, 120),
          category: capText(business.category, 60),
          services: business.services.slice(0, 20).map((s) => capText(s, 60)),
        },
        review: {
          reviewerName: review.anonymous ? null : capText(review.reviewer, 120),
          stars: review.rating,
          comment: capText(review.comment, 4000),
        },
      },
      shape:
        '{"reply": string (the reply, plain text), "language": string (ISO 639-1 code of the language you wrote it in)}',
    }),
  fromModel: (_input, output) => ({
    draft: output.reply,
    source: 'model',
    language: output.language,
    note: null,
  }),
  builtIn: (input) => ({ ...draftReplyBuiltIn(input), source: 'built-in' }),
  // The model failed: the built-in writer's draft, labelled as the fallback it is.
  fallback: (input) => ({ ...draftReplyBuiltIn(input), source: 'fallback' }),
}

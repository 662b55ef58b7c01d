// Asking customers for a Google review (issue 33 item 4): the place's review link, and one email and
// one SMS the owner copies. The same request goes to every customer: no 'were you happy?' step that
// sends unhappy customers elsewhere (review gating), which Google's review policy and the US FTC
// rule on consumer reviews forbid (docs/decisions/034-google-business-profile.md "Review requests").
import { z } from 'zod'

/** Google's 'write a review' page for a place id: the link customers open. */
export function reviewLink(placeId: string): string {
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`
}

export const reviewRequestTextsSchema = z.object({
  email: z.object({ subject: z.string(), body: z.string() }),
  sms: z.string(),
})
export type ReviewRequestTexts = z.infer<typeof reviewRequestTextsSchema>

/** The request in the business's words: its name and the link, the same for every customer. */
export function reviewRequestTexts(name: string, link: string): ReviewRequestTexts {
  const body = [
    'Hello,',
    '',
    `Thank you for choosing ${name}. Would you take a minute to tell others about your experience in a Google review? Every review helps people nearby find us.`,
    '',
    `Write your review here: ${link}`,
    '',
    'Thank you,',
    name,
  ].join('\n')
  return {
    email: { subject: `How was your visit to ${name}?`, body },
    sms: `Thank you for choosing ${name}! Would you share your experience in a Google review? ${link}`,
  }
}

/** GET /api/business-profile/review-requests?location=: one place's review link and texts. */
export const reviewRequestSchema = z.object({
  /** 'main' or a location id. */
  location: z.string(),
  /** The place's name as the texts say it. */
  name: z.string(),
  /** The linked profile location, or null when the place is not linked. */
  link: z
    .object({
      googleLocation: z.string(),
      title: z.string(),
      /** Google's place id; null when Google has none for the profile yet. */
      placeId: z.string().nullable(),
    })
    .nullable(),
  /** Google's 'write a review' link; null without a place id. */
  reviewUrl: z.string().nullable(),
  /** The email and SMS to copy; null without a review link. */
  texts: reviewRequestTextsSchema.nullable(),
  /** A sample link and place id (no Google client on this server): labelled 'Sample'. */
  sample: z.boolean(),
})
export type ReviewRequest = z.infer<typeof reviewRequestSchema>

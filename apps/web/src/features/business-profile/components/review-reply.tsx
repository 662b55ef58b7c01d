import type { ProfileReview } from '@localseo/shared/business-profile'

/** The owner's reply under a review (issue 33 item 3); replying, drafting, editing come here. */
export function ReviewReply({ review }: { review: ProfileReview; location: string }) {
  if (!review.reply) return null
  return (
    <div className="mt-3 rounded-md border-l-2 border-primary/40 bg-muted/50 px-3 py-2 text-sm">
      <p className="font-medium">Your reply</p>
      <p className="whitespace-pre-line text-muted-foreground">{review.reply.comment}</p>
    </div>
  )
}

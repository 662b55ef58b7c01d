// One place's reviews, newest first (issue 33 item 2): who wrote it, the stars, the day (on the
// business's clock), the words, and the owner's reply under it (review-reply.tsx).
import type { ProfileReview, ReviewsPage } from '@localseo/shared/business-profile'
import { UserRound } from 'lucide-react'
import { SampleBadge } from '@/components/figure-source'
import { Pagination } from '@/components/pagination'
import { Card, CardContent } from '@/components/ui/card'
import { formatDate } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { ReviewReply } from './review-reply'
import { Stars } from './stars'

function Reviewer({ review }: { review: ProfileReview }) {
  const name = review.reviewerAnonymous || !review.reviewer ? 'A Google user' : review.reviewer
  return (
    <div className="flex min-w-0 items-center gap-3">
      {review.reviewerPhotoUrl && !review.reviewerAnonymous ? (
        <img
          src={review.reviewerPhotoUrl}
          alt=""
          referrerPolicy="no-referrer"
          loading="lazy"
          className="size-9 shrink-0 rounded-full bg-muted object-cover"
        />
      ) : (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <UserRound aria-hidden="true" className="size-5" />
        </span>
      )}
      <p className="truncate font-medium">{name}</p>
    </div>
  )
}

function ReviewItem({ review, location }: { review: ProfileReview; location: string }) {
  const timeZone = useTimeZone()
  return (
    <li className="grid gap-2 border-b py-4 last:border-b-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Reviewer review={review} />
        {review.sample ? <SampleBadge /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
        <Stars rating={review.rating} />
        <time dateTime={review.createTime}>{formatDate(review.createTime, timeZone)}</time>
      </div>
      {review.comment ? (
        <p className="text-sm whitespace-pre-line">{review.comment}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">A rating without words.</p>
      )}
      <ReviewReply review={review} location={location} />
    </li>
  )
}

export function ReviewsList({
  page,
  location,
  loading,
  filtered,
  onPage,
}: {
  page: ReviewsPage
  location: string
  loading: boolean
  filtered: boolean
  onPage: (page: number) => void
}) {
  const pages = Math.ceil(page.total / page.pageSize)
  const first = (page.page - 1) * page.pageSize + 1
  return (
    <Card role="region" aria-label="Reviews" aria-busy={loading}>
      <CardContent className="grid gap-2 py-2">
        {page.reviews.length === 0 ? (
          <p role="status" className="py-8 text-center text-sm text-muted-foreground">
            {filtered ? 'No reviews match these filters.' : 'No reviews yet.'}
          </p>
        ) : (
          <ul aria-label="Reviews, newest first">
            {page.reviews.map((review) => (
              <ReviewItem key={review.name} review={review} location={location} />
            ))}
          </ul>
        )}
        <div className="pb-2">
          <Pagination
            label="Review pages"
            page={page.page}
            pages={pages}
            loading={loading}
            onPage={onPage}
          >
            Reviews {first}-{first + page.reviews.length - 1} of {page.total}
          </Pagination>
        </div>
      </CardContent>
    </Card>
  )
}

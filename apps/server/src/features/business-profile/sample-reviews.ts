// Sample reviews (issue 33 item 7, ADR 034 "Reviews import"): without GOOGLE_CLIENT_ID a sample
// profile location has reviews the screens can show, labelled 'Sample' and removed with the other
// sample data. Seeded by the business and the place (docs/house-rules.md "Deterministic
// simulation") and dated back from the day the place was linked, so every import writes the same.
import { seededRandom } from '@localseo/shared/random'
import type { GoogleReview } from './google-api.js'

const DAY_MS = 86_400_000
const SAMPLE_COUNT = 14

const NAMES = ['Sam R.', 'Priya K.', 'Dan O.', 'Lucy M.', 'Chris T.', 'Aisha B.', 'Mark W.']

const COMMENTS: Record<number, string[]> = {
  5: [
    'Friendly, on time and the price was what they quoted.',
    'Explained everything clearly and did a tidy job. Would use again.',
    'Booked the same week and sorted it first time.',
  ],
  4: ['Good work, though the first appointment was moved once.', 'Helpful team, fair price.'],
  3: ['The job was done, but nobody called back when they said they would.'],
  2: ['Arrived two hours late without a call.'],
  1: ['Had to come back twice for the same problem.'],
}

/** The sample reviews of one linked sample place: newest first, some answered. */
export function sampleReviews(
  businessId: string,
  link: { account: string; googleLocation: string; linkedAt: Date },
): GoogleReview[] {
  const random = seededRandom('sample-reviews', businessId, link.googleLocation)
  const reviews: GoogleReview[] = []
  let time = link.linkedAt.getTime() - random.int(1, 4) * DAY_MS
  for (let i = 0; i < SAMPLE_COUNT; i++) {
    const roll = random.next()
    const rating = roll < 0.6 ? 5 : roll < 0.8 ? 4 : roll < 0.88 ? 3 : roll < 0.94 ? 2 : 1
    const created = new Date(time - random.int(0, 23) * 3_600_000)
    const replied = random.next() < 0.55
    const anonymous = i % 9 === 4
    reviews.push({
      name: `${link.account}/${link.googleLocation}/reviews/sample-${i + 1}`,
      reviewer: anonymous ? 'A Google user' : random.pick(NAMES),
      reviewerAnonymous: anonymous,
      reviewerPhotoUrl: null,
      rating,
      comment: random.pick(COMMENTS[rating]!),
      createTime: created.toISOString(),
      updateTime: created.toISOString(),
      reply: replied
        ? {
            comment:
              rating >= 4
                ? 'Thank you for your kind words!'
                : 'Sorry to hear this: please call us.',
            // Never after the link: an import right after it shows no reply from the future.
            updateTime: new Date(
              Math.min(created.getTime() + random.int(2, 72) * 3_600_000, link.linkedAt.getTime()),
            ).toISOString(),
            state: null,
            policyViolation: null,
          }
        : null,
    })
    time -= random.int(6, 40) * DAY_MS
  }
  return reviews
}

// How often one link may be checked on demand (issue 31 item 6): 300 clicks of Verify in 12 s made
// 300 requests to the same page of someone else's site. Each link is checked at most once a minute,
// and each business's links 60 at once and then one a minute (so at most 120 in any hour). "Verify
// all" is a run of its own that leaves out links checked in the last 10 minutes (verify-runs.ts).
// The buckets live in the database (auth.rate_limits, one atomic upsert per decision), so the
// limits hold across every instance on one PostgreSQL (docs/house-rules.md "Scaling out").
import { takeToken, type Bucket } from '../../auth/rate-limit.js'
import type { Db } from '../../db/client.js'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'

/** One check of a link per minute. */
const LINK_BUCKET: Bucket = { burst: 1, perSecond: 1 / 60 }
/** A business's one-by-one checks: this many at once, refilled at as many an hour. */
const BUSINESS_VERIFIES_PER_HOUR = 60
export const BUSINESS_BUCKET: Bucket = {
  burst: BUSINESS_VERIFIES_PER_HOUR,
  perSecond: BUSINESS_VERIFIES_PER_HOUR / 3600,
}

/** The business's bucket of one-by-one checks. */
export const businessBucketKey = (businessId: string) => `backlink-verify-business:${businessId}`

/** 429 rate_limited, with the seconds to wait for the `Retry-After` header. */
export class VerifyLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message)
  }
}

const wait = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`

/**
 * Takes this check's turn, or throws VerifyLimitError. The link's own limit is asked first, so
 * clicking one link again and again never uses up the business's checks.
 */
export async function takeVerifyTurn({
  db,
  clock,
  businessId,
  backlinkId,
}: {
  db: Db
  clock: Clock
  businessId: string
  backlinkId: string
}): Promise<void> {
  const link = await takeToken({
    db,
    clock,
    key: `backlink-verify:${businessId}:${backlinkId}`,
    bucket: LINK_BUCKET,
  })
  if (!link.allowed) {
    const seconds = Math.max(1, link.retryAfterSeconds)
    throw new VerifyLimitError(
      `This link was checked less than a minute ago. You can check it again in ${wait(seconds)}.`,
      seconds,
    )
  }
  const business = await takeToken({
    db,
    clock,
    key: businessBucketKey(businessId),
    bucket: BUSINESS_BUCKET,
  })
  if (!business.allowed) {
    const seconds = Math.max(1, business.retryAfterSeconds)
    throw new VerifyLimitError(
      `You have checked many links one by one in the last hour. You can check another in ${wait(seconds)}, or use Verify all.`,
      seconds,
    )
  }
}

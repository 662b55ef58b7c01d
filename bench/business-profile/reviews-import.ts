// Reviews import benchmark (issue 33 item 2, ADR 034 "Reviews import"): one business with 10 linked
// profile locations of 500 reviews each (5,000) on the fake Google on loopback, imported the way the
// daily job does (importProfileReviews) into an embedded database on a fresh DATA_DIR. Reports the
// first import's time and the process's peak RSS, and the Google calls of the first import, of the
// next day's (only what changed) and of the weekly full read.
// Run: npx tsx --conditions=source bench/business-profile/reviews-import.ts   (REVIEWS, LOCATIONS)
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { createApp } from '../../apps/server/src/app.js'
import { businesses } from '../../apps/server/src/db/schema/business.js'
import {
  businessProfileLinks,
  businessProfileReviews,
} from '../../apps/server/src/db/schema/business-profile.js'
import { createDeps } from '../../apps/server/src/deps.js'
import { parseEnv } from '../../apps/server/src/env.js'
import { importProfileReviews } from '../../apps/server/src/features/business-profile/reviews-import.js'
import { signUp } from '../../apps/server/src/testing/auth.js'
import { GBP_ACCOUNT } from '../../apps/server/src/testing/fake-business-profile.js'
import { startFakeGoogle } from '../../apps/server/src/testing/fake-google.js'
import { businessInput } from '../../apps/server/src/testing/factories.js'
import { connectGoogle } from '../../apps/server/src/testing/google-owner.js'

const LOCATIONS = Number(process.env.LOCATIONS ?? 10)
const REVIEWS = Number(process.env.REVIEWS ?? 5000)
const PER_LOCATION = Math.ceil(REVIEWS / LOCATIONS)
const MB = 1024 * 1024
const DAY_MS = 86_400_000

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-reviews-'))
const fake = await startFakeGoogle()
let now = new Date()
const clock = { now: () => now }
const env = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMITS: 'off',
  DATA_DIR: dataDir,
  SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
  SITE_URL: 'http://localhost:3000',
  ...fake.env,
})
const deps = await createDeps(env, { clock })
const app = createApp(deps)

try {
  const session = await signUp(app, { email: 'bench-reviews@example.com' })
  await app.request('/api/business', {
    method: 'PUT',
    headers: { authorization: `Bearer ${session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(businessInput),
  })
  await connectGoogle(app, session.accessToken, 'business-profile')
  const [business] = await deps.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  const businessId = business!.id
  // The links as the owner would confirm them (the linking itself is not what is measured).
  await deps.db.insert(businessProfileLinks).values(
    Array.from({ length: LOCATIONS }, (_, i) => ({
      businessId,
      locationKey: i === 0 ? 'main' : `bench-${i}`,
      googleLocation: `locations/bench-${i}`,
      account: GBP_ACCOUNT,
      title: `Bench location ${i}`,
      linkedAt: now,
    })),
  )
  fake.businessProfile.generateReviews({ perLocation: PER_LOCATION, newest: new Date(now) })

  global.gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  const reviewCalls = () => fake.calls.filter((c) => c.endsWith('/reviews')).length

  fake.calls.length = 0
  const started = performance.now()
  const first = await importProfileReviews(deps, businessId)
  const firstMs = performance.now() - started
  clearInterval(sampler)
  const firstCalls = reviewCalls()
  const stored = await deps.db
    .select({ id: businessProfileReviews.id })
    .from(businessProfileReviews)
    .where(eq(businessProfileReviews.businessId, businessId))

  // The next day, nothing changed at Google: only the first page of each location is asked.
  now = new Date(now.getTime() + DAY_MS)
  fake.calls.length = 0
  const dailyStarted = performance.now()
  const daily = await importProfileReviews(deps, businessId)
  const dailyMs = performance.now() - dailyStarted
  const dailyCalls = reviewCalls()

  // A week after the first: every page again (deletions), unchanged reviews write nothing.
  now = new Date(now.getTime() + 6 * DAY_MS)
  fake.calls.length = 0
  const fullStarted = performance.now()
  await importProfileReviews(deps, businessId)
  const fullMs = performance.now() - fullStarted
  const fullCalls = reviewCalls()

  console.log(`reviews import, ${LOCATIONS} locations x ${PER_LOCATION} reviews, PGlite`)
  console.log(`  first import:  ${(firstMs / 1000).toFixed(2)} s, ${stored.length} reviews stored`)
  console.log(`                 ${first?.outcome}`)
  console.log(
    `  peak RSS:      ${(peak / MB).toFixed(0)} MB (growth ${((peak - baseline) / MB).toFixed(0)} MB over ${(baseline / MB).toFixed(0)} MB)`,
  )
  console.log(
    `  Google calls:  first ${firstCalls}, next day ${dailyCalls}, weekly full read ${fullCalls}`,
  )
  console.log(`  next day:      ${(dailyMs / 1000).toFixed(2)} s (${daily?.outcome})`)
  console.log(`  weekly full:   ${(fullMs / 1000).toFixed(2)} s`)
} finally {
  await deps.close()
  await fake.close()
  rmSync(dataDir, { recursive: true, force: true })
}

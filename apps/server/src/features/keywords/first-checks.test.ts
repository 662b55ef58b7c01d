// A new keyword's first check is asked once, however many screens open together (issue 19 item 4):
// the dashboard, the Rank Tracker and a reload each look for unchecked keywords, and a real
// provider's queries are paid for.
import { afterEach, expect, test } from 'vitest'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

test('screens opened together ask the provider once for each new keyword', async () => {
  const { provider, queries } = recordingRankProvider({ simulated: false, position: 5 })
  t = await createTestApp({ rank: provider })
  const owner = await signUp(t.app, { email: 'together@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)

  const answers = await Promise.all([
    call('GET', '/api/dashboard'),
    call<{ keywords: { keyword: string }[] }>('GET', '/api/rank-tracker/keywords?location=main'),
    call('GET', '/api/dashboard'),
    call('GET', '/api/rank-tracker/keywords?location=main'),
  ])
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
  const tracked = answers[1].body.keywords
  expect(tracked.length).toBeGreaterThan(1)
  // One query per keyword (the provider is asked the keyword's normalised text).
  expect(queries.map((query) => query.keyword.toLowerCase()).sort()).toEqual(
    tracked.map((keyword) => keyword.keyword.toLowerCase()).sort(),
  )
  // Each stored once: today's check (a real provider has no past to fill in).
  const stored = await t.db.select().from(rankPositions)
  expect(stored.map((row) => row.position)).toEqual(tracked.map(() => 5))
})

// An owner of Bright Smile Dental pinned in Austin, on a test app whose SERP adapters ask the fake
// provider (testing/fake-serp.ts): with the named provider and its key saved, or the test app's
// simulated one. The business's first checks (a job the save sends) end before the provider and the
// pin, so the sample keywords never search the map and a test's own keywords are the only ones that
// do; the jobs the pin sends end before it returns (a late one checked a new keyword without the map,
// seen on PostgreSQL in CI).
import { expect } from 'vitest'
import type { Clock } from '../lib/clock.js'
import { apiCaller } from './api.js'
import { createTestApp, type TestApp } from './app.js'
import { signUp } from './auth.js'
import { businessInput } from './factories.js'

export const AUSTIN = { lat: 30.2672, lng: -97.7431 }

export async function pinnedOwner(options: {
  serpOrigin: string
  email: string
  provider?: { name: 'serpapi' | 'serper'; key: string }
  /** The app's clock, where a test depends on the time of day. */
  clock?: Clock
}): Promise<{ app: TestApp; call: ReturnType<typeof apiCaller> }> {
  const app = await createTestApp({
    jobs: true,
    ...(options.clock ? { clock: options.clock } : {}),
    env: { SECRETS_KEY: Buffer.alloc(32, 5).toString('hex'), SERP_BASE_URL: options.serpOrigin },
  })
  // No test provider: the app chooses the business's provider as in production.
  if (options.provider) app.deps.rank = undefined
  const { accessToken } = await signUp(app.app, { email: options.email })
  const call = apiCaller(app.app, () => accessToken)
  await call('PUT', '/api/business', businessInput)
  await app.deps.jobs.whenIdle()
  if (options.provider) {
    const { name, key } = options.provider
    expect((await call('PUT', '/api/rank-provider', { provider: name, key })).status).toBe(200)
  }
  await call('PUT', '/api/business/coordinates', AUSTIN)
  await app.deps.jobs.whenIdle()
  return { app, call }
}

// The owner the Business Profile tests start from (ADR 034, 035): the Austin dentist with a Round
// Rock location, connected to the fake Google for the profile (unless the profile location is a
// sample one) and its main place linked to `googleLocation`. Answers an API caller for the owner,
// with the business id and the Round Rock location's id.
import { eq } from 'drizzle-orm'
import { businesses } from '../db/schema/business.js'
import { apiCaller } from './api.js'
import type { TestApp } from './app.js'
import { signUp } from './auth.js'
import { GBP_LOCATION } from './fake-business-profile.js'
import { businessInput, locationInput } from './factories.js'
import { connectGoogle } from './google-owner.js'

export async function linkedProfileOwner(t: TestApp, email: string, googleLocation = GBP_LOCATION) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  await call('PUT', '/api/business', businessInput)
  const added = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
  )
  if (!googleLocation.startsWith('locations/sample')) {
    const back = await connectGoogle(t.app, session.accessToken, 'business-profile')
    if (back !== '/settings?google=connected') throw new Error(`Connecting Google ended at ${back}`)
  }
  const linked = await call('PUT', '/api/business-profile/links/main', { googleLocation })
  if (linked.status !== 200) throw new Error(`Linking answered ${linked.status}`)
  const [business] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  return Object.assign(call, {
    businessId: business!.id,
    roundRock: added.body.locations[0]!.id,
  })
}

// Rank queries carry the country of the place they are made from (issue 21 item 2), so a real
// provider can search that country's results; the simulated one ignores it.
import { afterEach, expect, test } from 'vitest'
import type { Location } from '@localseo/shared/business'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput, londonAddress } from '../../testing/factories.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

test('checks for a UK business and its Irish branch name each one’s country and city', async () => {
  const { provider, queries } = recordingRankProvider()
  t = await createTestApp({ rank: provider })
  const owner = await signUp(t.app, { email: 'owner@example.co.uk' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', {
    ...businessInput,
    ...londonAddress,
  })
  const { body } = await call<{ locations: Location[] }>('POST', '/api/business/locations', {
    name: 'Dublin',
    address: '1 Grafton Street',
    city: 'Dublin',
    state: '',
    zip: 'D02 X285',
    country: 'IE',
  })
  const dublin = body.locations[0]!.id
  await call('POST', '/api/rank-tracker/keywords', { keyword: 'dentist dublin', location: dublin })
  await call('POST', '/api/rank-tracker/refresh', { location: 'main' })
  await call('POST', '/api/rank-tracker/refresh', { location: dublin })
  const where = new Set(
    queries.map((q) => `${q.locationId === 'main' ? 'main' : 'branch'} ${q.city} ${q.country}`),
  )
  expect([...where].sort()).toEqual(['branch Dublin IE', 'main London GB'])
})

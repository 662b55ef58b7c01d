// Settings → API Settings → 'Search results provider' (issue 17 item 2): the business's provider
// and the last 4 characters of its key (never the key), saving a choice, going back to the default,
// and 'Test connection': one real search, one query of the day's budget. The key is the owner's to
// set: managers and viewers see the provider, not change it (docs/decisions/043-members-and-roles.md).
import { MAIN_LOCATION } from '@localseo/shared/location-selection'
import { saveRankProviderSchema } from '@localseo/shared/rank-provider'
import { Hono } from 'hono'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { validate } from '../../lib/validate.js'
import { serpOptionsFor } from './provider-for.js'
import {
  readProviderSettings,
  recordProviderStatus,
  removeProviderSettings,
  saveProviderSettings,
} from './provider-settings.js'
import { testSearch } from './serp-provider.js'
import { dayOf } from '@localseo/shared/rank-tracker'

export function rankProviderRoutes(deps: AppDeps) {
  const { db, clock } = deps
  return new Hono()
    .use('*', requireAuth(deps, { writes: 'owner' }))
    .get('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json(await readProviderSettings(deps, businessId))
    })
    .put('/', validate('json', saveRankProviderSchema), async (c) => {
      const businessId = await c.var.tenant.businessId()
      await saveProviderSettings(deps, businessId, c.req.valid('json'))
      return c.json(await readProviderSettings(deps, businessId))
    })
    .delete('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      await removeProviderSettings(db, businessId)
      return c.json(await readProviderSettings(deps, businessId))
    })
    .post('/test', async (c) => {
      const business = await c.var.tenant.named()
      const options = await serpOptionsFor({ ...deps, rank: undefined }, business.id, 'test')
      if (options === null) {
        throw new AppError('conflict', 'Choose SerpApi or Serper and save its key first.')
      }
      const now = clock.now()
      const outcome =
        'unusable' in options
          ? { status: 'failing' as const, reason: options.unusable }
          : await testSearch(options, {
              businessId: business.id,
              locationId: MAIN_LOCATION,
              city: business.city,
              region: business.state,
              country: business.country,
              keyword: business.name,
              day: dayOf(now),
              attempt: 1,
              website: business.website,
            })
      if (outcome.status !== 'deferred') {
        await recordProviderStatus(db, business.id, outcome.reason, now)
      }
      const cost = 'unusable' in options || outcome.status === 'deferred' ? 0 : 1
      return c.json({ ...outcome, at: now.toISOString(), cost })
    })
}

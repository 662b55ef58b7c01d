// Each business's search-results provider (issue 17 item 2): the choice and its key, sealed at rest
// (lib/secrets.ts, the context names the business so a sealed key opens for that business only),
// the last connection outcome, and the provider a check uses: the business's own, else the
// instance default from env, else the simulation.
import {
  RANK_PROVIDER_LABELS,
  type RankProviderId,
  type RankProviderSettings,
} from '@localseo/shared/rank-provider'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { rankProviderSettings } from '../../db/schema/rank-providers.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { queryBudget } from './query-budget.js'
import { SERPAPI_BASE_URL, serpApiAdapter } from './serpapi.js'
import { SERPER_BASE_URL, serperAdapter } from './serper.js'
import type { SerpAdapter } from './serp-provider.js'

type SettingsDeps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'secrets'>
type RealProvider = Exclude<RankProviderId, 'simulated'>

export const ADAPTERS: Readonly<Record<RealProvider, { adapter: SerpAdapter; baseUrl: string }>> = {
  serpapi: { adapter: serpApiAdapter, baseUrl: SERPAPI_BASE_URL },
  serper: { adapter: serperAdapter, baseUrl: SERPER_BASE_URL },
}

const sealContext = (businessId: string) => `rank-provider-key:${businessId}`

/** What answers a business's checks: a real provider with its key, or the simulation. */
export type ProviderChoice =
  | { provider: 'simulated' }
  | { provider: RealProvider; key: string; own: boolean }
  | { provider: RealProvider; unusable: string }

async function settingsRow(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(rankProviderSettings)
    .where(eq(rankProviderSettings.businessId, businessId))
  return row
}

export async function providerChoice(
  deps: SettingsDeps,
  businessId: string,
): Promise<ProviderChoice> {
  const row = await settingsRow(deps.db, businessId)
  if (row) {
    if (row.provider === 'simulated' || !row.keyCiphertext) return { provider: 'simulated' }
    try {
      const secrets = await deps.secrets()
      const key = secrets.open(row.keyCiphertext, sealContext(businessId))
      return { provider: row.provider, key, own: true }
    } catch {
      return {
        provider: row.provider,
        unusable:
          'The saved key cannot be opened on this server (was SECRETS_KEY changed?): paste it again in Settings → API Settings.',
      }
    }
  }
  const { SERP_PROVIDER, SERP_API_KEY } = deps.env
  if (SERP_PROVIDER && SERP_API_KEY)
    return { provider: SERP_PROVIDER, key: SERP_API_KEY, own: false }
  return { provider: 'simulated' }
}

/** Why keys cannot be saved on this server, or null. */
async function keysUnavailable(deps: SettingsDeps): Promise<string | null> {
  try {
    await deps.secrets()
    return null
  } catch (error) {
    return error instanceof AppError ? error.message : 'Keys cannot be stored on this server.'
  }
}

export async function readProviderSettings(
  deps: SettingsDeps,
  businessId: string,
): Promise<RankProviderSettings> {
  const row = await settingsRow(deps.db, businessId)
  const instanceDefault = deps.env.SERP_API_KEY ? (deps.env.SERP_PROVIDER ?? null) : null
  const budget = await queryBudget(
    deps.db,
    businessId,
    deps.clock.now(),
    deps.env.SERP_DAILY_QUERY_BUDGET,
  )
  return {
    provider: row?.provider ?? instanceDefault ?? 'simulated',
    source: row ? 'business' : instanceDefault ? 'instance' : 'none',
    keyLast4: row?.keyLast4 ?? null,
    status: row?.status ?? 'untested',
    statusReason: row?.statusReason ?? null,
    statusAt: row?.statusAt?.toISOString() ?? null,
    instanceDefault,
    keysUnavailable: await keysUnavailable(deps),
    budget,
  }
}

/**
 * Saves the choice. A real provider needs a key, unless the same provider's key is saved already
 * (changing nothing but keeping it); the simulation drops any saved key.
 */
export async function saveProviderSettings(
  deps: SettingsDeps,
  businessId: string,
  input: { provider: RankProviderId; key?: string },
): Promise<void> {
  const now = deps.clock.now()
  if (input.provider === 'simulated') {
    await upsertRow(deps.db, businessId, {
      provider: 'simulated',
      keyCiphertext: null,
      keyLast4: null,
      status: 'untested',
      statusReason: null,
      statusAt: null,
      updatedAt: now,
    })
    return
  }
  if (input.key === undefined) {
    const row = await settingsRow(deps.db, businessId)
    if (row?.provider === input.provider && row.keyCiphertext) return
    throw new AppError('validation_failed', 'Some fields are missing or invalid.', [
      { path: 'key', message: `Paste your ${RANK_PROVIDER_LABELS[input.provider]} API key.` },
    ])
  }
  const secrets = await deps.secrets()
  await upsertRow(deps.db, businessId, {
    provider: input.provider,
    keyCiphertext: secrets.seal(input.key, sealContext(businessId)),
    keyLast4: input.key.slice(-4),
    status: 'untested',
    statusReason: null,
    statusAt: null,
    updatedAt: now,
  })
}

type RowValues = Omit<typeof rankProviderSettings.$inferInsert, 'businessId'>

async function upsertRow(db: Db, businessId: string, values: RowValues) {
  await db
    .insert(rankProviderSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: rankProviderSettings.businessId, set: values })
}

/** Back to the instance default or the simulation: the saved key is deleted. */
export async function removeProviderSettings(db: Db, businessId: string): Promise<void> {
  await db.delete(rankProviderSettings).where(eq(rankProviderSettings.businessId, businessId))
}

/** The outcome of the business's own key's last request: Settings shows 'Connected' or 'Failing'. */
export async function recordProviderStatus(
  db: Db,
  businessId: string,
  failure: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(rankProviderSettings)
    .set({
      status: failure === null ? 'connected' : 'failing',
      statusReason: failure,
      statusAt: now,
    })
    .where(eq(rankProviderSettings.businessId, businessId))
}

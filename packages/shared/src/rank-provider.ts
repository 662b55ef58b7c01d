// The search-results provider of a business (issue 17 item 2), as Settings → API Settings shows
// and saves it. The key itself never comes back: only its last 4 characters.
import { z } from 'zod'

export const RANK_PROVIDERS = ['simulated', 'serpapi', 'serper'] as const
export type RankProviderId = (typeof RANK_PROVIDERS)[number]

export const RANK_PROVIDER_LABELS: Readonly<Record<RankProviderId, string>> = {
  simulated: 'Simulated',
  serpapi: 'SerpApi',
  serper: 'Serper',
}

const budgetSchema = z.object({
  limit: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
})

export const rankProviderSettingsSchema = z.object({
  provider: z.enum(RANK_PROVIDERS),
  /** 'business': chosen here; 'instance': the server's default (env); 'none': nothing configured. */
  source: z.enum(['business', 'instance', 'none']),
  keyLast4: z.string().nullable(),
  status: z.enum(['untested', 'connected', 'failing']),
  statusReason: z.string().nullable(),
  statusAt: z.string().nullable(),
  /** The server's default provider for businesses that chose none, if the operator set one. */
  instanceDefault: z.enum(RANK_PROVIDERS).nullable(),
  /** Null when keys can be saved; otherwise why not (no SECRETS_KEY on a shared database). */
  keysUnavailable: z.string().nullable(),
  budget: budgetSchema,
})
export type RankProviderSettings = z.infer<typeof rankProviderSettingsSchema>

export const saveRankProviderSchema = z.object({
  provider: z.enum(RANK_PROVIDERS, { message: 'Choose Simulated, SerpApi or Serper.' }),
  key: z
    .string()
    .trim()
    .min(8, 'Paste the whole API key (8 characters or more).')
    .max(200, 'That is longer than any API key (200 characters at most).')
    .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters.')
    .optional(),
})
export type SaveRankProvider = z.input<typeof saveRankProviderSchema>

export const connectionTestSchema = z.object({
  status: z.enum(['connected', 'failing', 'deferred']),
  reason: z.string().nullable(),
  at: z.string(),
  /** Provider queries the test spent (one search). */
  cost: z.number().int(),
})
export type ConnectionTest = z.infer<typeof connectionTestSchema>

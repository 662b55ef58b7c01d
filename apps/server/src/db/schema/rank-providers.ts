// Search-results providers (issue 17 items 2 and 5): each business's chosen provider with its key,
// encrypted at rest (lib/secrets.ts), and the provider queries it spent per UTC day, counted in the
// database so every instance shares one budget (docs/house-rules.md "Scaling out").
import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

const RANK_PROVIDER_IDS = ['simulated', 'serpapi', 'serper'] as const

/** One row per business that chose a provider; none means the instance default (env) or simulated. */
export const rankProviderSettings = pgTable('rank_provider_settings', {
  businessId: businessIdColumn().primaryKey(),
  provider: text('provider', { enum: RANK_PROVIDER_IDS }).notNull(),
  /** AES-256-GCM sealed key (lib/secrets.ts); never the key in clear, never sent to the browser. */
  keyCiphertext: text('key_ciphertext'),
  /** The last 4 characters, so the owner recognises the key. */
  keyLast4: text('key_last4'),
  /** The last connection test or real check: 'connected', 'failing' (with the reason) or untested. */
  status: text('status', { enum: ['untested', 'connected', 'failing'] })
    .notNull()
    .default('untested'),
  statusReason: text('status_reason'),
  statusAt: timestamp('status_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Provider queries (one per results page) a business spent on a UTC day: its daily budget's count. */
export const rankQueryUsage = pgTable(
  'rank_query_usage',
  {
    businessId: businessIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
)

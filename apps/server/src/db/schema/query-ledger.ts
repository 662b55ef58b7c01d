// The monthly cost ledger (issue 34 item 4, docs/decisions/038-query-ledger.md): the real provider
// queries a business spent per UTC day, kind and provider, counted in the same transaction as the
// daily budget's take (rank_query_usage) and given back with it when a call fails.
import type { QueryKind } from '@localseo/shared/query-ledger'
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const queryLedger = pgTable(
  'query_ledger',
  {
    businessId: businessIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<QueryKind>().notNull(),
    /** The provider as the screens name it ('SerpApi', 'Serper'): its price is read by this name. */
    provider: text('provider').notNull(),
    queries: integer('queries').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.kind, t.provider] })],
)

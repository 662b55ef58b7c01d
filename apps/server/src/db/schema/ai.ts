// AI usage per user per UTC day, for the daily quota (issue 5). In the database, not in memory, so
// every app instance behind a load balancer shares one count (docs/house-rules.md "Scaling out").
import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { authUsers } from './auth.js'

export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** The UTC calendar day the calls were made on. */
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

// Keyword data from a real provider (issue 18 item 4, docs/decisions/024-keyword-data-source.md): one
// row per provider, place, keyword and month asked, so every screen reads the database and the
// provider is asked at most once per keyword, place and month. Market figures, not a business's data:
// every business of the instance searching the same place reads the same row.
import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/** A month of searches as the provider reports it. */
export interface MonthlyVolume {
  year: number
  month: number
  volume: number | null
}

export const keywordVolumes = pgTable(
  'keyword_volumes',
  {
    /** 'dataforseo' */
    provider: text('provider').notNull(),
    /** The place and language asked for: 'Austin,Texas,United States|en'. */
    place: text('place').notNull(),
    /** The keyword as compared everywhere (normaliseKeyword). */
    keyword: text('keyword').notNull(),
    /** The UTC month the provider was asked in: '2026-11'. */
    month: text('month').notNull(),
    /** The location that answered: the city, or its country when the provider does not know the city. */
    answeredFor: text('answered_for').notNull(),
    /** Average monthly searches; null when the provider has no data for the keyword (never 0 for none). */
    searchVolume: integer('search_volume'),
    /** 0-1 (the provider's competition index / 100); null without data. */
    competition: doublePrecision('competition'),
    cpc: doublePrecision('cpc'),
    monthly: jsonb('monthly').$type<MonthlyVolume[]>(),
    /** The latest month the monthly figures cover: '2026-10'; null without monthly figures. */
    dataMonth: text('data_month'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.place, t.keyword, t.month] })],
)

// The version of what a business's dashboard is computed from (issue 19 item 4,
// docs/decisions/019-compressed-assets-and-preloading.md "The dashboard's reads"): database
// triggers (migration 0028) add one at the commit of every transaction that writes one of the
// dashboard's tables, so a dashboard kept in memory is used only while its version is current.
import { bigint, pgTable } from 'drizzle-orm/pg-core'
import { businessIdColumn } from './business.js'

export const dashboardVersions = pgTable('dashboard_versions', {
  businessId: businessIdColumn().primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})

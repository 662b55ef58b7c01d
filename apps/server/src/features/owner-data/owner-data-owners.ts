// Owners and the database's own list of business tables, for the owner-data tests (issue 35 item 6).
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { apiCaller } from '../../testing/api.js'
import type { TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

/** A signed-up owner with a named business (and its first-run sample data). */
export async function ownerWithBusiness(t: TestApp, email: string, name: string) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  const saved = await call<{ business: { id: string } }>('PUT', '/api/business', {
    ...businessInput,
    name,
  })
  if (saved.status !== 200) throw new Error(`the business was not saved: ${saved.status}`)
  return { ...session, call, businessId: saved.body.business.id }
}

/** Every table of the app's schema that has a business_id column, as the database lists them. */
export async function tablesWithBusinessId(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct table_name from information_schema.columns
    where column_name = 'business_id' and table_schema = current_schema()
    order by table_name`)
  // Both drivers answer { rows }; Drizzle types the raw result per driver, so it is named here.
  const { rows } = result as { rows: { table_name: string }[] }
  return rows.map((row) => row.table_name)
}

/** The tables that still hold a row of the business, with how many. */
export async function rowsLeft(db: Db, businessId: string): Promise<Record<string, number>> {
  const left: Record<string, number> = {}
  for (const table of await tablesWithBusinessId(db)) {
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where business_id = ${businessId}`,
    )
    const { rows } = result as { rows: { n: number }[] }
    const n = Number(rows[0]?.n ?? 0)
    if (n > 0) left[table] = n
  }
  return left
}

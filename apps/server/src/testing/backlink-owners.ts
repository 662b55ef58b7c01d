// Owners, businesses and known backlink rows for the backlinks tests.
import { eq } from 'drizzle-orm'
import { backlinks } from '../db/schema/backlinks.js'
import { businesses } from '../db/schema/business.js'
import { apiCaller } from './api.js'
import type { TestApp } from './app.js'
import { signUp } from './auth.js'
import { businessInput, locationInput } from './factories.js'

export type ErrorBody = { error?: { code: string; message: string } }

/** A signed-up owner with the Austin dentist (and a website unless told otherwise) and a Round Rock location. */
export async function createOwner(
  t: TestApp,
  { email, website = 'https://brightsmile.example' }: { email: string; website?: string },
) {
  const session = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => session.accessToken)
  await call('PUT', '/api/business', { ...businessInput, website })
  const res = await call<{ locations: { id: string }[] }>(
    'POST',
    '/api/business/locations',
    locationInput('Round Rock'),
  )
  const [business] = await t.db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.userId, session.userId))
  return {
    session,
    token: session.accessToken,
    call,
    businessId: business!.id,
    locationId: res.body.locations[0]!.id,
  }
}

export type SeedRow = Partial<typeof backlinks.$inferInsert> & { domain: string }

/** Known rows straight into the table, replacing the business's backlinks (the first-run samples too). */
export async function seedBacklinks(
  t: TestApp,
  businessId: string,
  rows: SeedRow[],
  now = new Date('2026-03-10T15:00:00Z'),
) {
  await t.db.delete(backlinks).where(eq(backlinks.businessId, businessId))
  if (rows.length === 0) return
  await t.db.insert(backlinks).values(
    rows.map((row, i) => ({
      businessId,
      url: `https://${row.domain}/${i}`,
      anchorText: row.domain,
      linkType: 'dofollow' as const,
      quality: 'medium' as const,
      firstSeen: now,
      createdAt: new Date(now.getTime() - i * 1000),
      ...row,
    })),
  )
}

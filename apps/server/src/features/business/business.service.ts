import { asc, eq } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import { servicesFromName } from '@localseo/shared/business-terms'
import { defaultTimeZone } from '@localseo/shared/regions'
import type { businessInputSchema } from '@localseo/shared/business-input'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.js'
import { businesses, users } from '../../db/schema/business.js'
import { businessMembers } from '../../db/schema/members.js'
import { recordActivity } from '../../lib/activity.js'
import type { Tenant } from '../../lib/tenant.js'
import { ensureSchedules } from '../automation/public.js'
import { refreshListingConsistency } from '../listings/public.js'
import { seedFirstRunData } from './first-run.js'

type BusinessInput = z.output<typeof businessInputSchema>

/** A new business with `userId` its owner (docs/decisions/043-members-and-roles.md). */
async function insertBusiness(tx: Tx, userId: string, input: BusinessInput, now: Date) {
  const [created] = await tx
    .insert(businesses)
    .values({
      ...input,
      // A new business takes its address's zone (regions.ts) and its name's services ('Lopez
      // Plumbing' offers plumbing) unless the owner gave them (issue 15 item 5).
      timeZone: input.timeZone ?? defaultTimeZone(input.country, input.state),
      services: input.services ?? servicesFromName(input.name, input.category, input.country),
      userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: businesses.id })
  if (!created) throw new Error('the new business was not returned')
  await tx
    .insert(businessMembers)
    // Its creator hears about it by email, as before members (ADR 043).
    .values({ businessId: created.id, userId, role: 'owner', alertEmails: true, createdAt: now })
  // Its schedules, due now: the planner's tick reads only due rows, never every business (issue 36).
  await ensureSchedules(tx, now, created.id)
  return created.id
}

/** Saves the form over a business: fields left out keep what is saved. */
async function updateBusiness(tx: Tx, businessId: string, input: BusinessInput, now: Date) {
  // Services left out keep the saved list; a business without any gets its name's.
  let services = input.services
  if (!services) {
    const [saved] = await tx
      .select({ services: businesses.services })
      .from(businesses)
      .where(eq(businesses.id, businessId))
      .for('no key update')
    services = saved?.services.length
      ? saved.services
      : servicesFromName(input.name, input.category, input.country)
  }
  await tx
    .update(businesses)
    .set({
      name: input.name,
      category: input.category,
      address: input.address,
      city: input.city,
      state: input.state,
      zip: input.zip,
      country: input.country,
      timeZone: input.timeZone ?? businesses.timeZone,
      phone: input.phone,
      website: input.website,
      services,
      updatedAt: now,
    })
    .where(eq(businesses.id, businessId))
}

/**
 * The person's first business: their earliest membership, or a new one they own. Their user row is
 * locked first, so two first saves at once (two tabs) make one business, not two.
 */
async function firstBusiness(tx: Tx, userId: string, input: BusinessInput, now: Date) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const [member] = await tx
    .select({ businessId: businessMembers.businessId })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businessMembers.createdAt))
    .limit(1)
  if (!member) return { id: await insertBusiness(tx, userId, input, now), created: true }
  return { id: member.businessId, created: false }
}

/**
 * Saves the request's business (the one it names, or the person's first), creating it when they
 * have none yet. `seeded`: this save wrote the first-run data, whose keywords wait for their first check.
 */
export async function saveBusiness({
  db,
  userId,
  tenant,
  input,
  now,
}: {
  db: Db
  userId: string
  /** The request's business: read again once the save has ended. */
  tenant: Tenant
  input: BusinessInput
  now: Date
}): Promise<{ business: Business; seeded: boolean }> {
  const current = await tenant.business()
  const seeded = await db.transaction(async (tx) => {
    const saved = current.id
      ? { id: current.id, created: false }
      : await firstBusiness(tx, userId, input, now)
    if (!saved.created) await updateBusiness(tx, saved.id, input, now)
    return finishSave(tx, saved.id, now)
  })
  tenant.forget()
  const business = await tenant.business()
  // A new phone or address can leave the listings showing the old one: the owner hears about it.
  await refreshListingConsistency(db, business, { now, alert: true })
  return { business, seeded }
}

/**
 * Another business for a person who has one already (an agency, a second brand): they own it. The
 * request then names it to work on it (BUSINESS_HEADER).
 */
export async function createAnotherBusiness({
  db,
  userId,
  input,
  now,
}: {
  db: Db
  userId: string
  input: BusinessInput
  now: Date
}): Promise<{ businessId: string; seeded: boolean }> {
  return db.transaction(async (tx) => {
    const businessId = await insertBusiness(tx, userId, input, now)
    return { businessId, seeded: await finishSave(tx, businessId, now) }
  })
}

/** What every save ends with: the first-run data once, and the activity line. */
async function finishSave(tx: Tx, businessId: string, now: Date): Promise<boolean> {
  const firstRun = await seedFirstRunData(tx, businessId, now)
  await recordActivity(tx, {
    businessId,
    kind: 'business_saved',
    message: 'Business information saved',
    now,
  })
  return firstRun
}

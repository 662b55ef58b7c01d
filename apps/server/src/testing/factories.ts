// Factories with overrides, shared by tests (STYLE "Tests"): createBusiness(db, { city: 'Austin' }).
import { businesses, locations } from '../db/schema/business.js'
import type { Db } from '../db/client.js'

/** A valid PUT /api/business body: a dentist in Austin. */
export const businessInput = {
  name: 'Bright Smile Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
}

/** A valid POST /api/business/locations body. */
export const locationInput = (name: string) => ({
  name,
  address: '5 Main St',
  city: 'Round Rock',
  state: 'TX',
  zip: '78664',
})

type BusinessRow = typeof businesses.$inferInsert
type LocationRow = typeof locations.$inferInsert

export async function createBusiness(
  db: Db,
  overrides: Partial<BusinessRow> & Pick<BusinessRow, 'userId'>,
) {
  const [row] = await db
    .insert(businesses)
    .values({ ...businessInput, website: 'https://brightsmile.example', ...overrides })
    .returning()
  if (!row) throw new Error('createBusiness inserted nothing')
  return row
}

let locationSeq = 0

export async function createLocation(
  db: Db,
  overrides: Partial<LocationRow> & Pick<LocationRow, 'businessId'>,
) {
  locationSeq += 1
  const [row] = await db
    .insert(locations)
    .values({
      id: `loc_test_${locationSeq}`,
      name: `Branch ${locationSeq}`,
      address: `${locationSeq} Main St`,
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('createLocation inserted nothing')
  return row
}

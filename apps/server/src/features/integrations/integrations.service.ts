import { eq } from 'drizzle-orm'
import type { Business } from '@localseo/shared/business'
import {
  GOOGLE_SERVICE_NAMES,
  type GoogleConnections,
  type GoogleService,
} from '@localseo/shared/integrations'
import type { Db } from '../../db/client.js'
import { users } from '../../db/schema/business.js'
import { recordActivity } from '../../lib/activity.js'
import { requireLocation } from '../../lib/tenant.js'
import type { GoogleDataProvider, GoogleDataRequest } from './google-data.js'

const column = {
  'search-console': users.searchConsoleConnected,
  analytics: users.analyticsConnected,
} as const

const flag = {
  'search-console': 'searchConsoleConnected',
  analytics: 'analyticsConnected',
} as const

export async function getConnections({
  db,
  userId,
}: {
  db: Db
  userId: string
}): Promise<GoogleConnections> {
  const [row] = await db
    .select({ searchConsole: column['search-console'], analytics: column.analytics })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? { searchConsole: false, analytics: false }
}

export async function setConnection({
  db,
  userId,
  businessId,
  service,
  connected,
  now,
}: {
  db: Db
  userId: string
  /** The owner's business, whose activity log records the change; null before there is one. */
  businessId: string | null
  service: GoogleService
  connected: boolean
  now: Date
}): Promise<GoogleConnections> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ [flag[service]]: connected, updatedAt: now })
      .where(eq(users.id, userId))
    if (businessId) {
      const name = GOOGLE_SERVICE_NAMES[service]
      await recordActivity(tx, {
        businessId,
        kind: connected ? 'connection_made' : 'connection_removed',
        message: connected ? `Connected ${name}` : `Disconnected ${name}`,
        now,
      })
    }
  })
  return getConnections({ db, userId })
}

/** Builds the provider request for the chosen location; a location of another business is a 404. */
export function googleDataRequest(
  business: Business,
  locationId: string | undefined,
  now: Date,
): GoogleDataRequest {
  return {
    businessId: business.id,
    category: business.category,
    location: requireLocation(business, locationId),
    cities: [business.city, ...business.locations.map((l) => l.city)],
    day: now.toISOString().slice(0, 10),
  }
}

export async function connectService({
  db,
  provider,
  userId,
  businessId,
  service,
  now,
}: {
  db: Db
  provider: GoogleDataProvider
  userId: string
  businessId: string | null
  service: GoogleService
  now: Date
}) {
  const result = await provider.connect(service)
  const connections = result.success
    ? await setConnection({ db, userId, businessId, service, connected: true, now })
    : await getConnections({ db, userId })
  return { ...result, connections }
}

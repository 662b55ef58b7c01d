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
import type { KeywordDataProvider } from '@localseo/shared/keyword-engine'
import { keywordKey } from '@localseo/shared/rank-tracker'
import {
  SIMULATED_PERIOD_DAYS,
  simulatedQueries,
  type GoogleDataProvider,
  type GoogleDataRequest,
} from './google-data.js'

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

const MS_PER_DAY = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A simulated position of a keyword on a day (the Rank Tracker's simulation). */
export type SimulatedPositionOf = (query: {
  businessId: string
  locationId: string
  city: string
  keyword: string
  day: string
}) => number

/**
 * Builds the provider request for the chosen location (a location of another business is a 404):
 * the last 28 days, and the simulated searches with the planner's monthly estimate and the Rank
 * Tracker's simulated position of each of those days (issue 32 item 3).
 */
export async function googleDataRequest({
  business,
  locationId,
  now,
  keywordData,
  positionOf,
}: {
  business: Business
  locationId: string | undefined
  now: Date
  keywordData: KeywordDataProvider
  positionOf: SimulatedPositionOf
}): Promise<GoogleDataRequest> {
  const location = requireLocation(business, locationId)
  const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`)
  const days = Array.from({ length: SIMULATED_PERIOD_DAYS }, (_, i) =>
    isoDay(today - (SIMULATED_PERIOD_DAYS - i) * MS_PER_DAY),
  )
  const searches = await Promise.all(
    simulatedQueries(business, location).map(async (query) => ({
      query,
      monthlyVolume: (await keywordData.describe(query, business, location.id)).volume,
      positions: days.map((day) =>
        positionOf({
          businessId: business.id,
          locationId: location.id,
          city: location.city,
          keyword: keywordKey(query),
          day,
        }),
      ),
    })),
  )
  return {
    businessId: business.id,
    location,
    cities: [business.city, ...business.locations.map((l) => l.city)],
    day: isoDay(now.getTime()),
    period: { from: days[0] ?? '', to: days.at(-1) ?? '', days: SIMULATED_PERIOD_DAYS },
    searches,
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

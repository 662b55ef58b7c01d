// The dashboard kept in memory (issue 19 item 4, dashboard-cache.ts): a visit with nothing written
// since the last one reads nothing again, while any committed write, through this instance or
// another, shows on the very next visit.
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { activities } from '../../db/schema/activities.js'
import { businesses } from '../../db/schema/business.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import type { Db } from '../../db/client.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signIn, signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { runFirstChecks, simulateMapPack } from '../../testing/rank-providers.js'
import type { RankProvider, RankResult } from '../keywords/public.js'

interface Dashboard {
  topKeywords: { keyword: string; position: number | null }[]
  recentActivity: { message: string }[]
}

const PASSWORD = 'correct horse battery'
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
let t: TestApp
let owner: { accessToken: string; userId: string }
let businessId: string

const dashboard = async (app = t.app) =>
  (await apiCaller(app, () => owner.accessToken)<Dashboard>('GET', '/api/dashboard')).body

/** A change the version triggers do not see, as if the dashboard's data had been left unread. */
async function changeUnseen(db: Db, message: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await tx.update(activities).set({ message }).where(eq(activities.businessId, businessId))
  })
}

async function start(rank?: RankProvider) {
  t = await createTestApp({ clock, ...(rank ? { rank } : {}) })
  owner = await signUp(t.app, { email: 'kept@example.com', password: PASSWORD })
  await apiCaller(t.app, () => owner.accessToken)('PUT', '/api/business', businessInput)
  const [row] = await t.db.select().from(businesses).where(eq(businesses.userId, owner.userId))
  businessId = row!.id
}

afterEach(() => t.close())

describe('the dashboard kept in memory', () => {
  beforeEach(() => start())

  test('is used while nothing was written, and recomputed on the next visit after a write', async () => {
    await dashboard() // read and kept
    expect((await dashboard()).recentActivity.map((a) => a.message)).toEqual([
      'Business information saved',
    ])
    await changeUnseen(t.db, 'Changed unseen')
    // Kept: the dashboard did not read the activity again.
    expect((await dashboard()).recentActivity.map((a) => a.message)).toEqual([
      'Business information saved',
    ])

    clock.advance(60)
    await apiCaller(t.app, () => owner.accessToken)('PUT', '/api/business', {
      ...businessInput,
      phone: '(512) 555-0142',
    })
    expect((await dashboard()).recentActivity.map((a) => a.message)).toEqual([
      'Business information saved',
      'Changed unseen',
    ])
  })

  test('a write through another instance on the same database shows at once', async () => {
    const other = await createTestApp({ clock, database: t.database })
    try {
      await dashboard()
      await dashboard()
      clock.advance(60)
      // Each test app signs with its own key: the owner signs in there too.
      const there = await signIn(other.app, { email: 'kept@example.com', password: PASSWORD })
      const saved = await apiCaller(other.app, () => there.accessToken)('PUT', '/api/business', {
        ...businessInput,
        name: 'Bright Smile Dental Studio',
      })
      expect(saved.status).toBe(200)
      const messages = (await dashboard()).recentActivity.map((a) => a.message)
      expect(messages).toHaveLength(2)
    } finally {
      await other.close()
    }
  })

  test('a new day reads again: the listings are judged against the date', async () => {
    await dashboard()
    await dashboard()
    await changeUnseen(t.db, 'Changed unseen')
    clock.advance(24 * 60 * 60)
    owner = await signIn(t.app, { email: 'kept@example.com', password: PASSWORD })
    expect((await dashboard()).recentActivity.map((a) => a.message)).toEqual(['Changed unseen'])
  })
})

test('a first check the provider put off is not asked by a visit; the check that stores it shows at once', async () => {
  let answering = false
  const asked: number[] = []
  const provider: RankProvider = {
    simulated: false,
    label: 'Test provider',
    checkMapPack: (batch) => Promise.resolve(batch.map(simulateMapPack)),
    check(batch) {
      asked.push(batch.length)
      return Promise.resolve(
        batch.map((): RankResult =>
          answering
            ? { status: 'ok', position: 4 }
            : { status: 'deferred', reason: "Today's query budget is spent." },
        ),
      )
    },
  }
  // Saving the business sends the first checks of its default keywords (the job's handler run
  // here): put off.
  await start(provider)
  await runFirstChecks(t.deps, businessId)
  expect(asked).toHaveLength(1)
  expect((await dashboard()).topKeywords).toEqual([])
  expect((await dashboard()).topKeywords).toEqual([])
  // A GET only reads (issue 30 item 8): the visits asked nothing.
  expect(asked).toHaveLength(1)
  answering = true
  await runFirstChecks(t.deps, businessId)
  expect(asked).toHaveLength(2)
  // The stored checks moved the dashboard's version: the kept reads are not used.
  expect((await dashboard()).topKeywords.map((k) => k.position)).toEqual([4, 4, 4])
  expect(await t.db.select().from(rankPositions)).not.toHaveLength(0)
})

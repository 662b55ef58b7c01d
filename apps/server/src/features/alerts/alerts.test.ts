// The notification list (issue 16 item 4): the daily rank check writes a notification when a keyword
// leaves the top 3 or 10 or moves by 5 places (a drop once a second check confirms it, ADR 039); the
// owner reads them and marks them read; no other owner ever sees them.
import { afterEach, describe, expect, test } from 'vitest'
import type { Notification } from '@localseo/shared/alerts'
import { notifications } from '../../db/schema/alerts.js'
import { businesses } from '../../db/schema/business.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { recordingRankProvider } from '../../testing/rank-providers.js'
import { signIn, signUp, type TestSession } from '../../testing/auth.js'
import { runDropRechecks } from '../../testing/delayed-jobs.js'
import { businessInput } from '../../testing/factories.js'
import { recordCompetitorNews } from './alerts.service.js'

interface ListBody {
  notifications: Notification[]
  unread: number
  error?: { code: string }
}

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

/** Positions by day for the keyword 'emergency dentist austin'; every other keyword stays at #50. */
function scriptedProvider(byDay: Record<string, number>, simulated = false) {
  return recordingRankProvider({
    simulated,
    position: (q) => (q.keyword === 'emergency dentist austin' ? (byDay[q.day] ?? 50) : 50),
  }).provider
}

async function setUp({ simulated = false } = {}) {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const rank = scriptedProvider({ '2026-03-10': 2, '2026-03-11': 8, '2026-03-12': 9 }, simulated)
  const app = await createTestApp({ clock, rank, jobs: true })
  t = app
  let owner = await signUp(app.app, { email: 'owner@example.com' })
  const call = <T = ListBody>(method: string, path: string, body?: unknown, as?: TestSession) =>
    apiCaller(app.app, () => (as ?? owner).accessToken)<T>(method, path, body)
  await call('PUT', '/api/business', businessInput)
  for (const kind of ['backlink_checks', 'site_audits']) {
    await call('PUT', '/api/automation', { kind, frequency: 'off' })
  }
  await call('POST', '/api/rank-tracker/keywords', { keyword: 'emergency dentist austin' })
  const nextDay = async () => {
    clock.advance(86_400)
    await app.automation!.tick()
    await app.deps.jobs.whenIdle()
    // A drop is told once its second check, after a pause, confirms it (ADR 039).
    await runDropRechecks(app, clock)
    owner = await signIn(app.app, { email: owner.email, password: 'correct horse battery' })
  }
  await app.automation!.tick()
  await app.deps.jobs.whenIdle()
  return { app, call, nextDay }
}

describe('notifications', () => {
  test('a keyword that leaves the top 3 is in the list, once; marking read clears the count', async () => {
    const { call, nextDay } = await setUp()
    expect((await call('GET', '/api/alerts')).body).toEqual({ notifications: [], unread: 0 })

    await nextDay() // #2 -> #8: out of the top 3
    await nextDay() // #8 -> #9: not news
    const list = await call('GET', '/api/alerts')
    expect(list.status).toBe(200)
    expect(list.body.unread).toBe(1)
    expect(list.body.notifications).toMatchObject([
      {
        kind: 'rank_drop',
        // The sample keyword it matched keeps its spelling.
        message:
          "'emergency dentist Austin' left the top 3: now #8 (was #2). Checked twice: Test provider #8 at 10:00, Test provider #8 at 10:30.",
        link: '/rank-tracker',
        read: false,
      },
    ])

    const read = await call('POST', '/api/alerts/read')
    expect(read.body.unread).toBe(0)
    expect(read.body.notifications[0]!.read).toBe(true)
  })

  test('a move in simulated positions says so', async () => {
    const { call, nextDay } = await setUp({ simulated: true })
    await nextDay()
    expect((await call('GET', '/api/alerts')).body.notifications[0]!.message).toBe(
      "'emergency dentist Austin' left the top 3: now #8 (was #2, simulated). Checked twice: Simulated #8 at 10:00, Simulated #8 at 10:30.",
    )
  })

  test("another owner never sees or marks this owner's notifications", async () => {
    const { app, call, nextDay } = await setUp()
    await nextDay()
    const other = await signUp(app.app, { email: 'other@example.com' })
    // Without a business there is nothing to list: 404.
    expect((await call('GET', '/api/alerts', undefined, other)).status).toBe(404)
    await call('PUT', '/api/business', { ...businessInput, name: 'Other Dental' }, other)
    const theirs = await call('GET', '/api/alerts', undefined, other)
    expect(theirs.body).toEqual({ notifications: [], unread: 0 })
    await call('POST', '/api/alerts/read', undefined, other)
    expect((await call('GET', '/api/alerts')).body.unread).toBe(1)
    const rows = await app.db.select().from(notifications)
    expect(rows.every((row) => row.readAt === null)).toBe(true)
  })
})

test('a competitor news item told today is not told again by a rerun the same day (issue 34 item 6)', async () => {
  const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
  const app = await createTestApp({ clock })
  t = app
  const owner = await signUp(app.app, { email: 'news-rerun@example.com' })
  await apiCaller(app.app, () => owner.accessToken)('PUT', '/api/business', businessInput)
  const [business] = await app.db.select({ id: businesses.id }).from(businesses)
  const news = [
    { kind: 'competitor_overtook' as const, message: 'Rival Dental moved above you on the map.' },
  ]
  expect(await recordCompetitorNews(app.db, business!.id, news, clock.now())).toBe(1)
  clock.advance(3_600)
  expect(await recordCompetitorNews(app.db, business!.id, news, clock.now())).toBe(0)
  // The next day the same words are news again (it moved below and above once more).
  clock.advance(86_400)
  expect(await recordCompetitorNews(app.db, business!.id, news, clock.now())).toBe(1)
  expect(await app.db.select().from(notifications)).toHaveLength(2)
})

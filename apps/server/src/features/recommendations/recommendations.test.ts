import { eq } from 'drizzle-orm'
import type { SeoProgress, SeoTask } from '@localseo/shared/progress'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { activities } from '../../db/schema/activities.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp
let owner: { accessToken: string; userId: string }
// Late evening UTC: the completed date is the clock's day, not a browser's.
const clock = createTestClock(new Date('2026-03-10T23:30:00Z'))

interface ListBody {
  tasks: SeoTask[]
  progress: SeoProgress
}
interface ChangeBody {
  task: SeoTask
  pointsEarned: number
  progress: SeoProgress
  error?: { code: string; message: string }
}

const call = <T = ChangeBody>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => owner.accessToken)<T>(method, path, body, bearer)

const setStatus = (id: string, status: string, bearer?: string) =>
  call('PATCH', `/api/recommendations/${id}`, { status }, bearer)

async function tasks() {
  return (await call<ListBody>('GET', '/api/recommendations')).body.tasks
}
async function taskTitled(title: string) {
  const task = (await tasks()).find((x) => x.title === title)
  if (!task) throw new Error(`no task ${title}`)
  return task
}
const PROFILE = 'Complete your Google Business Profile' // listings, 50 points
const REVIEWS = 'Ask happy customers for Google reviews' // reputation, 75 points

beforeEach(async () => {
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'owner@example.com' })
  await call('PUT', '/api/business', businessInput)
})
afterEach(() => t.close())

describe('GET /api/recommendations', () => {
  test('needs a signed-in user', async () => {
    expect((await t.app.request('/api/recommendations')).status).toBe(401)
  })

  test('without a business it is a 404 that says what to do', async () => {
    const other = await signUp(t.app)
    const res = await call('GET', '/api/recommendations', undefined, other.accessToken)
    expect(res.status).toBe(404)
    expect(res.body.error?.message).toBe('Add your business information in Settings first.')
  })

  test('lists the 9 starter tasks, high priority first, with level 1 and no points', async () => {
    const { status, body } = await call<ListBody>('GET', '/api/recommendations')
    expect(status).toBe(200)
    expect(body.tasks).toHaveLength(9)
    const ranks = body.tasks.map((x) => ({ high: 0, medium: 1, low: 2 })[x.priority])
    expect(ranks).toEqual([...ranks].sort())
    // Equal priorities keep the order the starter tasks were written in.
    expect(body.tasks.slice(0, 2).map((x) => x.title)).toEqual([PROFILE, REVIEWS])
    expect(body.tasks.every((x) => x.implementationGuide.includes('\n'))).toBe(true)
    expect(body.progress).toMatchObject({ points: 0, level: 1, totalTasks: 9, pendingTasks: 9 })
  })
})

describe('PATCH /api/recommendations/:id (docs/product.md §4 transitions)', () => {
  test('Start moves a pending task to in progress with no completed date and no points', async () => {
    const task = await taskTitled(PROFILE)
    const { status, body } = await setStatus(task.id, 'in-progress')
    expect(status).toBe(200)
    expect(body.task).toMatchObject({ status: 'in-progress', completedDate: null })
    expect(body.pointsEarned).toBe(0)
    expect(body.progress).toMatchObject({ points: 0, inProgressTasks: 1 })
  })

  test('completing an in-progress task dates it today, scores it and logs it for the dashboard', async () => {
    const task = await taskTitled(PROFILE)
    await setStatus(task.id, 'in-progress')
    clock.advance(60)
    const { status, body } = await setStatus(task.id, 'completed')
    expect(status).toBe(200)
    expect(body.task).toMatchObject({ status: 'completed', completedDate: '2026-03-10' })
    expect(body.pointsEarned).toBe(50)
    expect(body.progress).toMatchObject({ points: 50, level: 1, completedTasks: 1 })
    expect(body.progress.badges.filter((b) => b.earned).map((b) => b.name)).toEqual([
      'SEO Beginner',
      'Local Hero',
    ])

    const dashboard = await call<{ recentActivity: { kind: string; message: string }[] }>(
      'GET',
      '/api/dashboard',
    )
    expect(dashboard.body.recentActivity[0]).toMatchObject({
      kind: 'task_completed',
      message: `Completed SEO task: ${PROFILE} (+50 points)`,
    })
  })

  test('Mark Complete also works straight from pending', async () => {
    const task = await taskTitled(REVIEWS)
    const { status, body } = await setStatus(task.id, 'completed')
    expect(status).toBe(200)
    expect(body.task.completedDate).toBe('2026-03-10')
    expect(body.pointsEarned).toBe(75)
  })

  test("the completed date is the business's own day, not UTC's (issue 32 item 5)", async () => {
    // Just past midnight UTC on Mar 11 is the evening of Mar 10 in New York, the business's time
    // zone (within the hour the session lasts).
    clock.advance(45 * 60)
    expect(clock.now().toISOString()).toMatch(/^2026-03-11T00:/)
    const task = await taskTitled(REVIEWS)
    expect((await setStatus(task.id, 'completed')).body.task.completedDate).toBe('2026-03-10')
    // The same moment in London is already Mar 11.
    await call('PUT', '/api/business', { ...businessInput, timeZone: 'Europe/London' })
    const other = await taskTitled(PROFILE)
    expect((await setStatus(other.id, 'completed')).body.task.completedDate).toBe('2026-03-11')
    clock.advance(-45 * 60)
  })

  test('points add up across tasks and 100 points reach level 2', async () => {
    await setStatus((await taskTitled(PROFILE)).id, 'completed')
    const { body } = await setStatus((await taskTitled(REVIEWS)).id, 'completed')
    expect(body.progress).toMatchObject({
      points: 125,
      level: 2,
      levelPoints: 25,
      pointsToNextLevel: 75,
    })
  })

  test.each([
    ['completed', 'completed', 'This task is already completed.'],
    ['completed', 'in-progress', 'This task is already completed.'],
    ['in-progress', 'in-progress', 'This task is already in progress.'],
    ['in-progress', 'pending', 'A task that is in progress cannot go back to pending.'],
    ['pending', 'pending', 'This task is already pending.'],
  ])('%s -> %s is a 409 and changes nothing', async (from, to, message) => {
    const task = await taskTitled(PROFILE)
    if (from !== 'pending') await setStatus(task.id, from)
    const before = await taskTitled(PROFILE)
    const activityBefore = await t.db.select().from(activities)

    clock.advance(40 * 60) // past midnight: a refused change must not touch the date either
    const { status, body } = await setStatus(task.id, to)
    clock.advance(-40 * 60)
    expect(status).toBe(409)
    expect(body.error).toEqual({ code: 'conflict', message })
    expect(await taskTitled(PROFILE)).toEqual(before)
    expect(await t.db.select().from(activities)).toHaveLength(activityBefore.length)
  })

  test('a completed task can be reopened: its points and badges are taken back, and it can be completed again', async () => {
    const task = await taskTitled(PROFILE)
    await setStatus(task.id, 'completed')
    const reopened = await setStatus(task.id, 'pending')
    expect(reopened.status).toBe(200)
    expect(reopened.body.task).toMatchObject({ status: 'pending', completedDate: null })
    expect(reopened.body.pointsEarned).toBe(-50)
    expect(reopened.body.progress).toMatchObject({ points: 0, completedTasks: 0 })
    expect(reopened.body.progress.badges.filter((b) => b.earned)).toEqual([])
    const log = await t.db.select().from(activities).where(eq(activities.kind, 'task_reopened'))
    expect(log.map((a) => a.message)).toEqual([`Reopened SEO task: ${PROFILE} (-50 points)`])

    const again = await setStatus(task.id, 'completed')
    expect(again.body).toMatchObject({ pointsEarned: 50, progress: { points: 50 } })
  })

  test('two Mark Complete clicks at once score the task once', async () => {
    const task = await taskTitled(REVIEWS)
    const results = await Promise.all([
      setStatus(task.id, 'completed'),
      setStatus(task.id, 'completed'),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const logged = await t.db.select().from(activities).where(eq(activities.kind, 'task_completed'))
    expect(logged).toHaveLength(1)
  })

  test('bad input is a clear 4xx and writes nothing', async () => {
    const task = await taskTitled(PROFILE)
    const bad = await setStatus(task.id, 'done')
    expect(bad.status).toBe(422)
    expect(bad.body.error?.code).toBe('validation_failed')
    expect((await call('PATCH', `/api/recommendations/${task.id}`, {})).status).toBe(422)
    expect((await setStatus('not-a-uuid', 'completed')).status).toBe(422)
    const missing = await setStatus('00000000-0000-4000-8000-000000000000', 'completed')
    expect(missing.status).toBe(404)
    expect(missing.body.error?.message).toBe('That task does not exist.')
    const malformed = await t.app.request(`/api/recommendations/${task.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json' },
      body: '{"status":',
    })
    expect(malformed.status).toBeGreaterThanOrEqual(400)
    expect(malformed.status).toBeLessThan(500)
    expect((await taskTitled(PROFILE)).status).toBe('pending')
  })
})

describe('tenant isolation', () => {
  test("another owner gets 404 for this owner's task ids and changes nothing", async () => {
    const intruder = await signUp(t.app, { email: 'intruder@example.com' })
    await call(
      'PUT',
      '/api/business',
      { ...businessInput, name: 'Other Dental' },
      intruder.accessToken,
    )
    const task = await taskTitled(PROFILE)

    for (const status of ['in-progress', 'completed']) {
      const res = await setStatus(task.id, status, intruder.accessToken)
      expect(res.status).toBe(404)
      expect(res.body.error?.message).toBe('That task does not exist.')
    }
    expect(await taskTitled(PROFILE)).toMatchObject({ status: 'pending', completedDate: null })

    const theirs = await call<ListBody>(
      'GET',
      '/api/recommendations',
      undefined,
      intruder.accessToken,
    )
    expect(theirs.body.tasks).toHaveLength(9)
    expect(theirs.body.tasks.some((x) => x.id === task.id)).toBe(false)
    const [row] = await t.db.select().from(recommendations).where(eq(recommendations.id, task.id))
    expect(row?.status).toBe('pending')
  })

  test("one owner's completions never count towards another owner's points", async () => {
    const other = await signUp(t.app)
    await call('PUT', '/api/business', businessInput, other.accessToken)
    await setStatus((await taskTitled(REVIEWS)).id, 'completed')
    const theirs = await call<ListBody>('GET', '/api/recommendations', undefined, other.accessToken)
    expect(theirs.body.progress.points).toBe(0)
  })
})

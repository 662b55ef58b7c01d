import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { backlinks, keywords, recommendations } from '../../db/schema/app.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp
let token: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
const DAY = 86_400_000

const business = businessInput

const save = (body: unknown = business) =>
  t.app.request('/api/business', {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

beforeEach(async () => {
  t = await createTestApp({ clock })
  token = (await signUp(t.app, { email: 'owner@example.com' })).accessToken
})
afterEach(() => t.close())

describe('first-run sample data', () => {
  test('the first save adds the 3 sample backlinks with their exact attributes and ages', async () => {
    await save()
    const rows = await t.db.select().from(backlinks).orderBy(backlinks.firstSeen)
    const now = clock.now().getTime()
    expect(
      rows.map((b) => [
        b.linkType,
        b.quality,
        b.domainAuthority,
        b.spamScore,
        b.status,
        Math.round((now - b.firstSeen.getTime()) / DAY),
      ]),
    ).toEqual([
      ['nofollow', 'high', 85, 1, 'active', 90],
      ['dofollow', 'medium', 45, 3, 'active', 30],
      ['dofollow', 'high', 65, 2, 'active', 0],
    ])
    for (const b of rows) expect(b.domain).toBe(new URL(b.url).hostname.replace(/^www\./, ''))
  })

  test('the first save adds 5 pending recommendations, one naming the city', async () => {
    await save()
    const rows = await t.db.select().from(recommendations)
    expect(rows.map((r) => r.points).sort()).toEqual([40, 50, 50, 60, 75])
    expect(rows.every((r) => r.status === 'pending' && r.completedDate === null)).toBe(true)
    expect(rows.filter((r) => r.description.includes('Austin'))).toHaveLength(1)
  })

  test('the first save adds 5 tracked keywords with positions 5-29 and volumes 100-1099', async () => {
    await save()
    const rows = await t.db.select().from(keywords)
    expect(rows).toHaveLength(5)
    expect(rows.map((k) => k.keyword)).toContain('dentist austin')
    for (const k of rows) {
      expect(k.position).toBeGreaterThanOrEqual(5)
      expect(k.position).toBeLessThanOrEqual(29)
      expect(k.searchVolume).toBeGreaterThanOrEqual(100)
      expect(k.searchVolume).toBeLessThanOrEqual(1099)
      expect(['low', 'medium', 'high']).toContain(k.difficulty)
    }
  })

  test('saving again, or many saves at once, never duplicates the samples', async () => {
    await Promise.all([save(), save(), save(), save()])
    await save({ ...business, name: 'Bright Smile Family Dental' })
    expect(await t.db.select().from(backlinks)).toHaveLength(3)
    expect(await t.db.select().from(recommendations)).toHaveLength(5)
    expect(await t.db.select().from(keywords)).toHaveLength(5)
  })

  test('samples the owner deleted do not come back on the next save', async () => {
    await save()
    await t.db.delete(backlinks)
    await save()
    expect(await t.db.select().from(backlinks)).toHaveLength(0)
  })

  test('a refused save inserts no samples', async () => {
    const res = await save({ ...business, city: '' })
    expect(res.status).toBe(422)
    expect(await t.db.select().from(backlinks)).toHaveLength(0)
  })
})

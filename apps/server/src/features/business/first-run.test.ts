import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { backlinks } from '../../db/schema/backlinks.js'
import { keywords } from '../../db/schema/keywords.js'
import { recommendations } from '../../db/schema/recommendations.js'
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
  test('the first save adds the 3 sample backlinks with their exact attributes and ages, Not rated and without made-up figures', async () => {
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
      ['nofollow', 'unrated', null, null, 'active', 90],
      ['dofollow', 'unrated', null, null, 'active', 30],
      ['dofollow', 'unrated', null, null, 'active', 0],
    ])
    for (const b of rows) expect(b.domain).toBe(new URL(b.url).hostname.replace(/^www\./, ''))
  })

  test('the first save adds 9 pending recommendations worth the docs/product.md §9 seed points', async () => {
    await save()
    const rows = await t.db.select().from(recommendations)
    expect(rows.map((r) => r.points).sort((a, b) => b - a)).toEqual([
      75, 60, 50, 50, 45, 40, 35, 30, 25,
    ])
    expect(rows.every((r) => r.status === 'pending' && r.completedDate === null)).toBe(true)
    expect(rows.filter((r) => r.description.includes('Austin')).length).toBeGreaterThanOrEqual(1)
    expect(new Set(rows.map((r) => r.title)).size).toBe(9)
  })

  test('the 5 docs/product.md §7 rows come first, and every starter task has a step-by-step guide', async () => {
    await save()
    const rows = await t.db.select().from(recommendations)
    const byTitle = new Map(rows.map((r) => [r.title, r]))
    expect(byTitle.get('Complete your Google Business Profile')?.points).toBe(50)
    expect(byTitle.get('Ask happy customers for Google reviews')?.points).toBe(75)
    for (const row of rows) {
      const steps = row.implementationGuide.split('\n')
      expect(steps.length, row.title).toBeGreaterThanOrEqual(5)
      expect(steps.every((step) => step.trim().length > 20)).toBe(true)
    }
    // Every category is represented, so every badge can be earned from the starter tasks.
    expect(new Set(rows.map((r) => r.category))).toEqual(
      new Set(['listings', 'reputation', 'technical', 'content']),
    )
    expect(rows.filter((r) => r.category === 'technical')).toHaveLength(2)
    expect(rows.filter((r) => r.category === 'content')).toHaveLength(2)
  })

  test('the first save adds the 5 default keywords, tracked on the main business and marked sample', async () => {
    await save()
    const rows = await t.db.select().from(keywords)
    expect(rows).toHaveLength(5)
    expect(rows.map((k) => k.keyword)).toContain('dentist in Austin')
    for (const k of rows) {
      expect(k).toMatchObject({ tracked: true, sample: true, locationId: null, analysedAt: null })
    }
  })

  test('saving again, or many saves at once, never duplicates the samples', async () => {
    await Promise.all([save(), save(), save(), save()])
    await save({ ...business, name: 'Bright Smile Family Dental' })
    expect(await t.db.select().from(backlinks)).toHaveLength(3)
    expect(await t.db.select().from(recommendations)).toHaveLength(9)
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

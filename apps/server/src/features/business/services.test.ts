// Issue 15 item 5: 'Services you offer' on the business profile, and what it drives.
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { Business } from '@localseo/shared/business'
import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import type { TrackedKeyword } from '@localseo/shared/rank-tracker'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp
let token: string
const call = <T>(method: string, path: string, body?: unknown) =>
  apiCaller(t.app, () => token)<T>(method, path, body)
const lopez = { ...businessInput, name: 'Lopez Plumbing', category: 'Home Services' }

beforeEach(async () => {
  t = await createTestApp()
  token = (await signUp(t.app)).accessToken
})
afterEach(() => t.close())

const save = async (body: unknown) =>
  (await call<{ business: Business }>('PUT', '/api/business', body)).body.business

describe('services you offer', () => {
  test('a new business starts with the services its name names; a save without the list keeps it', async () => {
    expect((await save(lopez)).services).toEqual(['Plumbing'])
    expect(
      (await save({ ...lopez, services: ['Plumbing', ' drain  cleaning ', 'PLUMBING'] })).services,
    ).toEqual(['Plumbing', 'drain cleaning'])
    expect((await save({ ...lopez, phone: '512 555 0111' })).services).toEqual([
      'Plumbing',
      'drain cleaning',
    ])
  })

  test('bad lists are refused and change nothing', async () => {
    await save(lopez)
    for (const services of [
      [''],
      ['x'.repeat(61)],
      Array.from({ length: 21 }, (_, i) => `s${i}`),
      'plumbing',
    ]) {
      const res = await call('PUT', '/api/business', { ...lopez, services })
      expect(res.status).toBe(422)
    }
    expect(
      (await call<{ business: Business }>('GET', '/api/business')).body.business.services,
    ).toEqual(['Plumbing'])
  })

  test('they drive the default keywords and the ideas: a plumber is never offered another trade', async () => {
    await save({ ...lopez, services: ['Plumbing', 'Water heater repair'] })
    const tracked = await call<{ keywords: TrackedKeyword[] }>('GET', '/api/rank-tracker/keywords')
    expect(tracked.body.keywords.map((k) => k.keyword)).toEqual(
      expect.arrayContaining(['plumber in Austin', 'best plumber near me', 'plumbing Austin']),
    )
    const ideas = await call<{ keywords: PlannerKeyword[] }>('POST', '/api/planner/search', {})
    const texts = ideas.body.keywords.map((k) => k.keyword)
    expect(texts).toContain('water heater repair austin')
    expect(texts.filter((k) => /electric|\bac\b|hvac/.test(k))).toEqual([])
    const suggestions = await call<{ keywords: PlannerKeyword[] }>(
      'GET',
      '/api/keywords/suggestions',
    )
    expect(suggestions.body.keywords.filter((k) => /electric|\bac\b/.test(k.keyword))).toEqual([])
  })
})

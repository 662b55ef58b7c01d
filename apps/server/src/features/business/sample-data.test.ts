// Issue 15 item 2: sample data is labelled wherever it shows, and one action removes all of it.
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { SampleData } from '@localseo/shared/business'
import type { Backlink } from '@localseo/shared/backlinks'
import type { KeywordRecord } from '@localseo/shared/keyword-figures'
import type { ListingsView } from '@localseo/shared/listings'
import type { TrackedKeyword } from '@localseo/shared/rank-tracker'
import { activities } from '../../db/schema/activities.js'
import { keywords } from '../../db/schema/keywords.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'

let t: TestApp
let token: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))
const call = <T>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => token)<T>(method, path, body, bearer)

beforeEach(async () => {
  t = await createTestApp({ clock })
  token = (await signUp(t.app)).accessToken
})
afterEach(() => t.close())

const sampleData = async (bearer?: string) =>
  (await call<{ sampleData: SampleData }>('GET', '/api/business/sample-data', undefined, bearer))
    .body.sampleData

describe('sample data', () => {
  test('is labelled on the backlinks, the tracked keywords, the keyword list and the listings', async () => {
    await call('PUT', '/api/business', businessInput)
    expect(await sampleData()).toEqual({
      backlinks: 3,
      keywords: 5,
      listings: true,
      removedAt: null,
    })
    const links = await call<{ items: Backlink[] }>('GET', '/api/backlinks')
    expect(links.body.items.map((b) => b.sample)).toEqual([true, true, true])
    const tracked = await call<{ keywords: TrackedKeyword[] }>('GET', '/api/rank-tracker/keywords')
    expect(tracked.body.keywords.every((k) => k.sample)).toBe(true)
    const list = await call<{ keywords: KeywordRecord[] }>('GET', '/api/keywords')
    expect(list.body.keywords.every((k) => k.sample)).toBe(true)
    const listings = await call<ListingsView>('GET', '/api/listings')
    expect(listings.body.listings.every((l) => l.source === 'sample')).toBe(true)
  })

  test('one action removes all of it and keeps what the owner added or analysed', async () => {
    await call('PUT', '/api/business', businessInput)
    await call('POST', '/api/backlinks', {
      url: 'https://partner.example.org/links',
      anchorText: 'Bright Smile',
    })
    const [sampleKeyword] = await t.db.select().from(keywords).where(eq(keywords.sample, true))
    // The owner analysed one of the sample keywords: it is theirs now, and stays.
    await call('POST', '/api/keywords/analyse', { keyword: sampleKeyword!.keyword })

    const removed = await call<{ sampleData: SampleData }>('DELETE', '/api/business/sample-data')
    expect(removed.status).toBe(200)
    expect(removed.body.sampleData).toEqual({
      backlinks: 0,
      keywords: 0,
      listings: false,
      removedAt: clock.now().toISOString(),
    })
    const links = await call<{ items: Backlink[] }>('GET', '/api/backlinks')
    expect(links.body.items.map((b) => b.domain)).toEqual(['partner.example.org'])
    expect(
      await t.db.select({ keyword: keywords.keyword, tracked: keywords.tracked }).from(keywords),
    ).toEqual([{ keyword: sampleKeyword!.keyword, tracked: true }])
    // No default keyword comes back on the next Rank Tracker view.
    const tracked = await call<{ keywords: TrackedKeyword[] }>('GET', '/api/rank-tracker/keywords')
    expect(tracked.body.keywords.map((k) => [k.keyword, k.sample])).toEqual([
      [sampleKeyword!.keyword, false],
    ])
    const listings = await call<ListingsView>('GET', '/api/listings')
    expect(listings.body.hasSampleData).toBe(false)
    expect(listings.body.inconsistentCount).toBe(0)
    expect(listings.body.listings.every((l) => l.source === 'none')).toBe(true)
    const logged = await t.db
      .select()
      .from(activities)
      .where(eq(activities.kind, 'sample_data_removed'))
    expect(logged).toHaveLength(1)

    // Removing again changes nothing and logs nothing.
    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(200)
    expect(
      await t.db.select().from(activities).where(eq(activities.kind, 'sample_data_removed')),
    ).toHaveLength(1)
  })

  test("needs a business, and never touches another owner's sample data", async () => {
    expect((await call('DELETE', '/api/business/sample-data')).status).toBe(404)
    expect((await call('GET', '/api/business/sample-data')).status).toBe(404)
    await call('PUT', '/api/business', businessInput)
    const other = await signUp(t.app)
    await call(
      'PUT',
      '/api/business',
      { ...businessInput, name: 'Other Dental' },
      other.accessToken,
    )
    await call('DELETE', '/api/business/sample-data', undefined, other.accessToken)
    expect(await sampleData()).toEqual({
      backlinks: 3,
      keywords: 5,
      listings: true,
      removedAt: null,
    })
    expect((await sampleData(other.accessToken)).backlinks).toBe(0)
  })
})

import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { BacklinkAnalysis, ContentIdeas } from '@localseo/shared/ai'
import {
  BUSINESS_INFO_REQUIRED,
  NO_BACKLINK_DATA,
  WEBSITE_REQUIRED_FOR_ANALYSIS,
} from '@localseo/shared/backlink-ai'
import { createAiProviderFromEnv, createAiService } from '../../ai/ai-service.js'
import { jsonAnswer, startOpenAiStub, type OpenAiStub } from '../../ai/testing/openai-stub.js'
import { businesses } from '../../db/schema/business.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import {
  createOwner,
  seedBacklinks,
  type ErrorBody,
  type SeedRow,
} from '../../testing/backlink-owners.js'
import { businessInput } from '../../testing/factories.js'

type Owner = Awaited<ReturnType<typeof createOwner>>

// 12 links: 3 high, 6 medium, 3 low; 10 domains; 4 mention Austin, Texas or dentist (2 in the
// anchor only); 2 location-specific ones in Round Rock.
const links = (locationId: string): SeedRow[] => [
  { domain: 'austinchamber.org', quality: 'high' },
  { domain: 'austinchamber.org', quality: 'high', anchorText: 'Chamber members' },
  { domain: 'texasdentalnews.com', quality: 'high' },
  { domain: 'blog.example', anchorText: 'Best dentist around' },
  { domain: 'a.example' },
  { domain: 'a.example' },
  { domain: 'b.example' },
  { domain: 'c.example' },
  { domain: 'd.example', quality: 'low' },
  { domain: 'e.example', quality: 'low' },
  { domain: 'roundrocknews.com', quality: 'low', locationId, isLocationSpecific: true },
  { domain: 'f.example', locationId, isLocationSpecific: true },
]

describe('POST /api/backlinks/analysis and /content-ideas (built-in engine)', () => {
  let t: TestApp
  let owner: Owner

  beforeEach(async () => {
    t = await createTestApp()
    owner = await createOwner(t, { email: 'owner@example.com' })
  })
  afterEach(() => t.close())

  test('scores every backlink in scope with the docs/product.md §9 formulas', async () => {
    await seedBacklinks(t, owner.businessId, links(owner.locationId))
    const res = await owner.call<BacklinkAnalysis & ErrorBody>(
      'POST',
      '/api/backlinks/analysis',
      {},
    )
    expect(res.status).toBe(200)
    // quality (3 x 100 + 6 x 50 + 3 x 0) / 12 = 50; diversity 10 domains / 12 = 83;
    // local: austinchamber x2, texasdentalnews, 'Best dentist around' = 4 / 12 = 33.
    expect(res.body).toMatchObject({
      qualityScore: 50,
      qualityCounted: 12,
      diversityScore: 83,
      localRelevanceScore: 33,
      totalBacklinks: 12,
      source: 'built-in',
    })
    expect(res.body.recommendations).toContain('12 backlinks analysed')
    // 'main' is the same scope as no location.
    const main = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {
      location: 'main',
    })
    expect(main.body).toEqual(res.body)
  })

  test('a location is scored on its own links, with its own city as local', async () => {
    await seedBacklinks(t, owner.businessId, links(owner.locationId))
    const res = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {
      location: owner.locationId,
    })
    expect(res.status).toBe(200)
    // roundrocknews.com (Round Rock) is local for the Round Rock location; f.example is not.
    expect(res.body).toMatchObject({
      totalBacklinks: 2,
      qualityScore: 25,
      diversityScore: 100,
      localRelevanceScore: 50,
    })
  })

  test('broken and unreachable links count against the Quality Score; unchecked links are Not rated (issue 32 item 4)', async () => {
    // The case: 5 links, 1 broken and 4 whose pages did not answer, once read 100/100 'Good'.
    await seedBacklinks(t, owner.businessId, [
      { domain: 'gone.example', status: 'broken', quality: 'low' },
      ...['a', 'b', 'c', 'd'].map((d) => ({
        domain: `${d}.example`,
        status: 'unreachable',
        quality: 'unrated' as const,
      })),
    ])
    const res = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {})
    expect(res.body).toMatchObject({ qualityScore: 0, qualityCounted: 5, totalBacklinks: 5 })
    expect(res.body.recommendations).toContain("4 links' pages did not answer")

    // Links never checked are left out; with nothing measured the score is null, not a figure.
    await seedBacklinks(t, owner.businessId, [
      { domain: 'new1.example', quality: 'unrated' },
      { domain: 'new2.example', quality: 'unrated' },
    ])
    const unrated = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {})
    expect(unrated.body).toMatchObject({ qualityScore: null, qualityCounted: 0 })
    expect(unrated.body.recommendations).toContain('quality not rated yet')
    await seedBacklinks(t, owner.businessId, [
      { domain: 'good.example', quality: 'high' },
      { domain: 'new.example', quality: 'unrated' },
    ])
    const one = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {})
    expect(one.body).toMatchObject({ qualityScore: 100, qualityCounted: 1, totalBacklinks: 2 })
  })

  test('refuses with the exact docs/product.md §2 messages, in order: name, website, backlinks', async () => {
    const nobody = apiCaller(t.app, () => '')
    const fresh = (await signUp(t.app, { email: 'fresh@example.com' })).accessToken
    for (const path of ['/api/backlinks/analysis', '/api/backlinks/content-ideas']) {
      const res = await nobody<ErrorBody>('POST', path, {}, fresh)
      expect(res.status).toBe(422)
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        message: BUSINESS_INFO_REQUIRED,
      })
    }
    // A business saved without a name is still "no business information".
    await nobody('PUT', '/api/business', { ...businessInput, name: '  ' }, fresh)
    const unnamed = await nobody<ErrorBody>('POST', '/api/backlinks/analysis', {}, fresh)
    expect(unnamed.body.error?.message).toBe(BUSINESS_INFO_REQUIRED)

    await t.db.update(businesses).set({ website: '' }).where(eq(businesses.id, owner.businessId))
    const noWebsite = await owner.call<ErrorBody>('POST', '/api/backlinks/analysis', {})
    expect(noWebsite.status).toBe(422)
    expect(noWebsite.body.error?.message).toBe(WEBSITE_REQUIRED_FOR_ANALYSIS)
    // Content ideas need only the name.
    expect((await owner.call('POST', '/api/backlinks/content-ideas', {})).status).toBe(200)

    await t.db
      .update(businesses)
      .set({ website: 'https://brightsmile.example' })
      .where(eq(businesses.id, owner.businessId))
    await seedBacklinks(t, owner.businessId, [])
    const noLinks = await owner.call<ErrorBody>('POST', '/api/backlinks/analysis', {})
    expect(noLinks.status).toBe(422)
    expect(noLinks.body.error?.message).toBe(NO_BACKLINK_DATA)
    // Links elsewhere in the business do not count for a location that has none.
    await seedBacklinks(t, owner.businessId, [{ domain: 'a.example' }])
    const emptyBranch = await owner.call<ErrorBody>('POST', '/api/backlinks/analysis', {
      location: owner.locationId,
    })
    expect(emptyBranch.body.error?.message).toBe(NO_BACKLINK_DATA)
  })

  test('content ideas are written for the chosen location', async () => {
    const main = await owner.call<ContentIdeas>('POST', '/api/backlinks/content-ideas', {})
    expect(main.status).toBe(200)
    expect(main.body.source).toBe('built-in')
    expect(main.body.ideas.join(' ')).toContain('Austin')
    const branch = await owner.call<ContentIdeas>('POST', '/api/backlinks/content-ideas', {
      location: owner.locationId,
    })
    expect(branch.body.ideas.join(' ')).toContain('Round Rock')
  })

  test('a link from a very long host name is analysed like any other', async () => {
    await seedBacklinks(t, owner.businessId, [])
    const url = `https://${'a'.repeat(300)}.example/page`
    expect((await owner.call('POST', '/api/backlinks', { url })).status).toBe(201)
    const res = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {})
    expect(res.status).toBe(200)
    expect(res.body.totalBacklinks).toBe(1)
  })

  test('bad input is a 422', async () => {
    for (const path of ['/api/backlinks/analysis', '/api/backlinks/content-ideas']) {
      expect((await owner.call('POST', path, { location: 'x'.repeat(101) })).status).toBe(422)
      expect((await owner.call('POST', path, { location: 7 })).status).toBe(422)
    }
  })

  test("another owner gets a 404 for this owner's location and never sees its links", async () => {
    await seedBacklinks(t, owner.businessId, links(owner.locationId))
    const intruder = await createOwner(t, { email: 'intruder@example.com' })
    for (const path of ['/api/backlinks/analysis', '/api/backlinks/content-ideas']) {
      const res = await intruder.call<ErrorBody>('POST', path, { location: owner.locationId })
      expect(res.status).toBe(404)
    }
    // The intruder's own scope: its 3 first-run samples, never the owner's 12 links.
    const own = await intruder.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {})
    expect(own.status).toBe(200)
    expect(own.body.totalBacklinks).toBe(3)
    await seedBacklinks(t, intruder.businessId, [])
    const none = await intruder.call<ErrorBody>('POST', '/api/backlinks/analysis', {})
    expect(none.body.error?.message).toBe(NO_BACKLINK_DATA)
  })
})

describe('POST /api/backlinks/analysis with a model', () => {
  const KEY = 'test-key-backlink-analysis-0123456789'
  let stub: OpenAiStub
  let t: TestApp
  let owner: Owner

  beforeAll(async () => {
    stub = await startOpenAiStub()
  })
  afterAll(() => stub.close())
  beforeEach(async () => {
    stub.reset()
    t = await createTestApp({
      env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: stub.baseURL, AI_MODEL: 'test-model' },
      ai: (deps) =>
        createAiService({
          ...deps,
          dailyQuota: 100,
          provider: createAiProviderFromEnv(deps.env, { retryDelayMs: 0 }),
        }),
    })
    owner = await createOwner(t, { email: 'owner@example.com' })
  })
  afterEach(() => t.close())

  test('sends the model only the 5 newest links but scores all of them', async () => {
    // 40 links, newest first: site0 ... site39; only the oldest 10 mention Austin.
    await seedBacklinks(
      t,
      owner.businessId,
      Array.from({ length: 40 }, (_, i) => ({
        domain: i >= 30 ? `austin${i}.example` : `site${i}.example`,
        quality: i < 20 ? ('high' as const) : ('low' as const),
      })),
    )
    stub.script([jsonAnswer({ recommendations: 'Ask the Austin chamber for a listing.' })])
    const res = await owner.call<BacklinkAnalysis>('POST', '/api/backlinks/analysis', {})
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      qualityScore: 50,
      qualityCounted: 40,
      diversityScore: 100,
      localRelevanceScore: 25,
      totalBacklinks: 40,
      recommendations: 'Ask the Austin chamber for a listing.',
      source: 'model',
    })
    expect(stub.requests).toHaveLength(1)
    const prompt = stub.requests[0]?.body.messages?.[1]?.content ?? ''
    for (let i = 0; i < 5; i++) expect(prompt).toContain(`site${i}.example`)
    expect(prompt).not.toContain('site5.example')
    expect(prompt).not.toContain('austin39.example')
    expect(prompt).toContain('all 40 backlinks')
  })

  test('a refusal never calls the model', async () => {
    await seedBacklinks(t, owner.businessId, [])
    expect((await owner.call('POST', '/api/backlinks/analysis', {})).status).toBe(422)
    expect(stub.requests).toHaveLength(0)
  })
})

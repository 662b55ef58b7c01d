// The SerpApi and Serper adapters against the fake provider (testing/fake-serp.ts), which answers
// with recorded responses shaped as each provider documents them (issue 17 item 6). No test talks
// to the internet: the base URL is the fake's, on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import type { MapPackQuery, RankQuery } from './rank-provider.js'
import { serpApiAdapter } from './serpapi.js'
import { serperAdapter } from './serper.js'
import { createSerpProvider, registrableDomain, type SerpAdapter } from './serp-provider.js'

const KEY = 'fake-key-0123456789abcd'
let fake: FakeSerp
beforeAll(async () => {
  fake = await startFakeSerp({ key: KEY })
})
afterAll(() => fake.close())

const unlimited = { take: (n: number) => Promise.resolve(n) }

const organicQuery = (keyword: string): RankQuery => ({
  businessId: 'b1',
  locationId: 'main',
  city: 'Austin',
  region: 'TX',
  country: 'US',
  keyword,
  day: '2026-11-25',
  attempt: 1,
  website: 'https://www.brightsmiledental.com/',
})

const mapQuery = (keyword: string, placeId: string | null): MapPackQuery => ({
  businessId: 'b1',
  locationId: 'main',
  keyword,
  country: 'US',
  lat: 30.2672,
  lng: -97.7431,
  zoom: 14,
  day: '2026-11-25',
  match: {
    name: 'Bright Smile Dental',
    phone: '(512) 555-0100',
    address: '100 Congress Ave',
    website: 'https://www.brightsmiledental.com/',
    placeId,
    lat: null,
    lng: null,
  },
})

function provider(adapter: SerpAdapter, options: { key?: string; timeoutMs?: number } = {}) {
  return createSerpProvider({
    adapter,
    key: options.key ?? KEY,
    baseUrl: fake.origin,
    timeoutMs: options.timeoutMs ?? 5000,
    meter: unlimited,
  })
}

/** The requests a call made. */
async function requestsOf<T>(run: () => Promise<T>) {
  const before = fake.requests.length
  const result = await run()
  return { result, requests: fake.requests.slice(before) }
}

test('the registrable domain ignores www, the scheme and the path', () => {
  expect(registrableDomain('http://brightsmiledental.com/services')).toBe('brightsmiledental.com')
  expect(registrableDomain('www.brightsmiledental.com')).toBe('brightsmiledental.com')
  expect(registrableDomain('https://shop.example.co.uk/x')).toBe('example.co.uk')
})

describe.each([
  { adapter: serpApiAdapter, pageParam: 'start', pages: ['0', '10'] },
  { adapter: serperAdapter, pageParam: 'page', pages: ['1', '2'] },
])('$adapter.label', ({ adapter, pageParam, pages }) => {
  test('finds the website on the second page by its registrable domain (position 14)', async () => {
    const { result, requests } = await requestsOf(() =>
      provider(adapter).check([organicQuery('dentist austin')]),
    )
    expect(result).toEqual([{ status: 'ok', position: 14 }])
    expect(requests.map((r) => r.params[pageParam])).toEqual(pages)
    expect(requests[0]?.params).toMatchObject({
      q: 'dentist austin',
      location: 'Austin, Texas, United States',
      gl: 'us',
      hl: 'en',
    })
    expect(requests.every((r) => r.key === KEY && !JSON.stringify(r.params).includes(KEY))).toBe(
      true,
    )
  })

  test("'Not in the top 100' after ten pages without the website", async () => {
    const { result, requests } = await requestsOf(() =>
      provider(adapter).check([organicQuery('dentist round rock')]),
    )
    expect(result).toEqual([{ status: 'ok', position: null }])
    expect(requests).toHaveLength(10)
  })

  test('finds the business on the map by its place id, with its coordinates', async () => {
    const query = mapQuery('dentist austin', 'ChIJbrightSmileDentalAus')
    const { result, requests } = await requestsOf(() => provider(adapter).checkMapPack([query]))
    const [answer] = result
    expect(answer).toMatchObject({
      status: 'ok',
      position: 3,
      business: { name: 'Bright Smile Dental', placeId: 'ChIJbrightSmileDentalAus', lat: 30.2647 },
    })
    expect(answer?.status === 'ok' && answer.places).toHaveLength(6)
    expect(requests[0]).toMatchObject({
      kind: 'maps',
      params: { ll: '@30.2672000,-97.7431000,14z' },
    })
  })

  test('finds the business on the map by name and phone, not its namesake elsewhere', async () => {
    const [answer] = await provider(adapter).checkMapPack([mapQuery('dentist near me', null)])
    expect(answer).toMatchObject({ status: 'ok', position: 3 })
  })

  test.each([
    [
      'a refused key',
      { key: 'wrong-key-000000' },
      'dentist austin',
      /refused the key \(HTTP 401\)/,
    ],
    ['a spent quota', {}, 'quota', /HTTP 429/],
    ['a server error', {}, 'broken', /HTTP 503/],
    ['no answer in time', { timeoutMs: 300 }, 'slow', /did not answer within 0\.3 s/],
    ['an answer that is not JSON', {}, 'garbled', /not JSON/],
  ])(
    '%s is a failed check with its reason, never a position',
    async (_, options, keyword, reason) => {
      const [answer] = await provider(adapter, options).check([organicQuery(keyword)])
      expect(answer?.status).toBe('failed')
      expect(answer?.status === 'failed' && answer.reason).toMatch(reason)
      expect(JSON.stringify(answer)).not.toContain('wrong-key-000000')
    },
  )

  test('a check the budget cannot finish is deferred, not failed', async () => {
    let left = 1
    const meter = { take: (n: number) => Promise.resolve(left-- > 0 ? n : 0) }
    const limited = createSerpProvider({
      adapter,
      key: KEY,
      baseUrl: fake.origin,
      timeoutMs: 5000,
      meter,
    })
    const [answer] = await limited.check([organicQuery('dentist austin')])
    expect(answer).toMatchObject({ status: 'deferred' })
  })
})

// The start-up preload's early requests (lib/early-requests.ts): an answer goes only to the same
// GET with the same token, once; anything else asks the network.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { json, stubNetwork } from '@/test/network'
import { businessHeaders, chooseBusiness } from './current-business'
import {
  fetchTakingEarly,
  forgetEarlyRequests,
  sendEarly,
  storedAccessToken,
} from './early-requests'

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } })

afterEach(() => vi.useRealTimers())

describe('early requests', () => {
  test('the same GET with the same token takes the early answer, once', async () => {
    const { calls } = stubNetwork({ 'GET /api/business': () => json({ n: calls.length }) })
    sendEarly(['/api/business'], 'token-a')
    expect(calls).toEqual(['GET /api/business'])
    const first = await fetchTakingEarly(
      `${window.location.origin}/api/business`,
      bearer('token-a'),
    )
    expect(await first.json()).toEqual({ n: 1 })
    expect(calls).toHaveLength(1)
    // Taken: the next one asks the network.
    await fetchTakingEarly('/api/business', bearer('token-a'))
    expect(calls).toHaveLength(2)
  })

  test('another token, another method, another URL or a late ask go to the network', async () => {
    const { calls } = stubNetwork({
      'GET /api/business': () => json({}),
      'POST /api/business': () => json({}),
      'GET /api/dashboard': () => json({}),
    })
    sendEarly(['/api/business', '/api/dashboard'], 'token-a')
    await fetchTakingEarly('/api/business', bearer('token-b'))
    await fetchTakingEarly('/api/dashboard?location=main', bearer('token-a'))
    expect(calls).toEqual([
      'GET /api/business',
      'GET /api/dashboard',
      'GET /api/business',
      'GET /api/dashboard',
    ])
    sendEarly(['/api/business'], 'token-a')
    await fetchTakingEarly('/api/business', { ...bearer('token-a'), method: 'POST' })
    expect(calls.at(-1)).toBe('POST /api/business')
    vi.useFakeTimers({ now: Date.now() + 11_000 })
    sendEarly(['/api/business'], 'token-a')
    vi.setSystemTime(Date.now() + 11_000)
    await fetchTakingEarly('/api/business', bearer('token-a'))
    expect(calls.slice(-2)).toEqual(['GET /api/business', 'GET /api/business'])
  })

  test('an early answer for the business chosen then is not given to a request naming another', async () => {
    const { calls } = stubNetwork({ 'GET /api/business': () => json({}) })
    chooseBusiness('11111111-1111-4111-8111-111111111111')
    sendEarly(['/api/business'], 'token-a')
    chooseBusiness('22222222-2222-4222-8222-222222222222')
    await fetchTakingEarly('/api/business', {
      headers: { Authorization: 'Bearer token-a', ...businessHeaders() },
    })
    expect(calls).toEqual(['GET /api/business', 'GET /api/business'])
    // The same business takes it.
    sendEarly(['/api/business'], 'token-a')
    await fetchTakingEarly('/api/business', {
      headers: { Authorization: 'Bearer token-a', ...businessHeaders() },
    })
    expect(calls).toHaveLength(3)
    chooseBusiness(null)
  })

  test('forgotten answers (sign-out) are not handed out', async () => {
    const { calls } = stubNetwork({ 'GET /api/business': () => json({}) })
    sendEarly(['/api/business'], 'token-a')
    forgetEarlyRequests()
    await fetchTakingEarly('/api/business', bearer('token-a'))
    expect(calls).toEqual(['GET /api/business', 'GET /api/business'])
  })

  test('only a stored token with more than five minutes left is sent early', () => {
    const now = Date.now()
    const stored = (token: unknown, expiresInS: number) =>
      JSON.stringify({ access_token: token, expires_at: Math.floor(now / 1000) + expiresInS })
    expect(storedAccessToken(stored('t', 3600), now)).toBe('t')
    expect(storedAccessToken(stored('t', 200), now)).toBeNull()
    expect(storedAccessToken(stored('', 3600), now)).toBeNull()
    expect(storedAccessToken(stored(7, 3600), now)).toBeNull()
    expect(storedAccessToken('{not json', now)).toBeNull()
    expect(storedAccessToken(null, now)).toBeNull()
  })
})

import { emptyBusiness, type Business } from '@localseo/shared/business'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import { createBusinessCacheWriter } from './business-cache'
import { businessQueryKey } from './query-keys'

const named = (name: string): Business => ({ ...emptyBusiness, name })

describe('createBusinessCacheWriter', () => {
  test('the cache holds the saved business as soon as the write returns', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(businessQueryKey('u1'), named('Old'))
    createBusinessCacheWriter(queryClient)('u1', named('Saved'))
    expect(queryClient.getQueryData(businessQueryKey('u1'))).toEqual(named('Saved'))
  })

  test('a fetch already in flight cannot bring back the old business', async () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(businessQueryKey('u1'), named('Old'))
    let answer: (business: Business) => void = () => undefined
    const stale = queryClient.fetchQuery({
      queryKey: businessQueryKey('u1'),
      queryFn: () => new Promise<Business>((resolve) => (answer = resolve)),
      staleTime: 0,
    })

    createBusinessCacheWriter(queryClient)('u1', named('Saved'))
    answer(named('Old'))
    await stale.catch(() => undefined)

    expect(queryClient.getQueryData(businessQueryKey('u1'))).toEqual(named('Saved'))
  })

  test('refreshes what is derived from the business', () => {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['dashboard', 'b1'], { fresh: true })
    createBusinessCacheWriter(queryClient)('u1', named('Saved'))
    expect(queryClient.getQueryState(['dashboard', 'b1'])?.isInvalidated).toBe(true)
  })
})

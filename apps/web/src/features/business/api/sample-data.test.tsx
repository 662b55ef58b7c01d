// Removing the sample data refetches every screen that showed it, the sample competitors (issue 34
// item 7) among them, though their key is not one of the business's derived keys (lib/competitors.ts).
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { expect, test } from 'vitest'
import { competitorsKey } from '@/lib/competitors'
import { createQueryClient } from '@/lib/query-client'
import { keywordsKey } from '@/lib/query-keys'
import { json, storeSession, stubNetwork } from '@/test/network'
import { useRemoveSampleData } from './sample-data'

test('removing the sample data refetches the competitors with the other sample screens', async () => {
  storeSession()
  stubNetwork({
    'DELETE /api/business/sample-data': () =>
      json({
        sampleData: {
          backlinks: 0,
          keywords: 0,
          listings: false,
          removedAt: '2026-11-29T06:00:00Z',
        },
      }),
  })
  const client = createQueryClient()
  const competitors = [...competitorsKey, 'b1', 'main', 'list', 90]
  const keywords = [...keywordsKey, 'list', 'b1']
  client.setQueryData(competitors, { competitors: [] })
  client.setQueryData(keywords, [])
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  const { result } = renderHook(() => useRemoveSampleData('b1'), { wrapper })
  expect(client.getQueryState(competitors)?.isInvalidated).toBe(false)
  act(() => result.current.mutate())
  await waitFor(() => expect(result.current.isSuccess).toBe(true))
  expect(client.getQueryState(competitors)?.isInvalidated).toBe(true)
  expect(client.getQueryState(keywords)?.isInvalidated).toBe(true)
})

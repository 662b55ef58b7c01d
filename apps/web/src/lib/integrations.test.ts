// storeConnections after a connect (issue 36): a read of the connections asked before the change
// must not bring the old state back when it answers after it.
import type { IntegrationsState } from '@localseo/shared/integrations'
import { QueryClient } from '@tanstack/react-query'
import { expect, test, vi } from 'vitest'
import type { AuthStore } from './auth'
import { storeConnections } from './integrations'
import { integrationsKey } from './query-keys'

const before: IntegrationsState = {
  connections: { searchConsole: false, analytics: false },
  google: { status: 'simulated' },
}

test('a read under way when a connect lands does not bring the old state back', async () => {
  const queryClient = new QueryClient()
  const key = [...integrationsKey, 'connections', 'u1']
  const store = {
    getState: () => ({ user: { id: 'u1', googleConnections: before.connections } }),
    setGoogleConnections: vi.fn(),
  } as unknown as AuthStore
  let answer: (state: IntegrationsState) => void = () => undefined
  // Asked before the connect; its answer is the state before it.
  void queryClient.prefetchQuery({
    queryKey: key,
    queryFn: () => new Promise<IntegrationsState>((resolve) => (answer = resolve)),
  })

  await storeConnections(queryClient, store, { searchConsole: true, analytics: false })
  answer(before)
  await new Promise((resolve) => setTimeout(resolve, 0))

  expect(queryClient.getQueryData<IntegrationsState>(key)?.connections.searchConsole).toBe(true)
})

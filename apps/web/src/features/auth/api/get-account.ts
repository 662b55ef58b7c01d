// The live auth record (GET /auth/v1/user): current email, a pending email change, two-factor factors.
import type { GoTrueClient, User } from '@supabase/auth-js'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useAuth, useAuthStore } from '@/lib/auth'
import { accountQueryKey } from '@/lib/query-keys'

async function fetchAccount(client: GoTrueClient): Promise<User> {
  const { data, error } = await client.getUser()
  if (error) throw error
  return data.user
}

function accountQueryOptions(loadClient: () => Promise<GoTrueClient>, userId: string) {
  return queryOptions({
    queryKey: accountQueryKey(userId),
    queryFn: async () => fetchAccount(await loadClient()),
  })
}

/** The live auth record; asking for it loads auth-js (lib/auth.ts), which Settings needs anyway. */
export function useAccount() {
  const { loadClient } = useAuthStore()
  const { user } = useAuth()
  return useQuery({ ...accountQueryOptions(loadClient, user?.id ?? ''), enabled: Boolean(user) })
}

/** Puts a user the auth API just returned into the cache, so every card shows it at once. */
export function useStoreAccount() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  return (account: User) => {
    if (user) queryClient.setQueryData(accountQueryKey(user.id), account)
  }
}

/** The user's message for a failed auth request. */
export function accountErrorMessage(error: unknown, fallback: string): string {
  // A wrong code reads in the screen's words, not GoTrue's 'Invalid TOTP code entered'.
  if (error instanceof Error && 'code' in error && error.code === 'mfa_verification_failed') {
    return fallback
  }
  return error instanceof Error && error.message ? error.message : fallback
}

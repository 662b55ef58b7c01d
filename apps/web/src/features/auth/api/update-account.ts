// PUT /auth/v1/user through auth-js updateUser: the name, the email (confirmed by link) and the
// password. auth-js announces USER_UPDATED, which updates the name in the header.
import type { UserAttributes } from '@supabase/auth-js'
import { useMutation } from '@tanstack/react-query'
import { paths } from '@/config/paths'
import { useAuthStore } from '@/lib/auth'
import { useStoreAccount } from './get-account'

type AccountChange =
  | { kind: 'name'; fullName: string }
  | { kind: 'email'; email: string }
  | { kind: 'password'; password: string }

function attributesOf(change: AccountChange): UserAttributes {
  switch (change.kind) {
    case 'name':
      return { data: { full_name: change.fullName } }
    case 'email':
      return { email: change.email }
    case 'password':
      return { password: change.password }
  }
}

export function useUpdateAccount() {
  const { loadClient } = useAuthStore()
  const storeAccount = useStoreAccount()
  return useMutation({
    mutationFn: async (change: AccountChange) => {
      const client = await loadClient()
      const { data, error } = await client.updateUser(attributesOf(change), {
        // The confirmation link of an email change leads back to Settings.
        emailRedirectTo: `${window.location.origin}${paths.settings}`,
      })
      if (error) throw error
      return data.user
    },
    onSuccess: storeAccount,
  })
}

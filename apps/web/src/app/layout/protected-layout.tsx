import { Toasts } from '@/components/toasts'
import { RequireAuth } from '../guards'
import { useBusiness } from '../use-business'
import { AppShell } from './app-shell'

/**
 * The signed-in part of the app, code-split from the landing page. Toasts are mounted once here,
 * with the first one shown (lib/toast.ts).
 */
export function ProtectedLayout() {
  return (
    <RequireAuth>
      <SignedIn />
    </RequireAuth>
  )
}

function SignedIn() {
  const business = useBusiness()
  return (
    <>
      <AppShell business={business} />
      <Toasts />
    </>
  )
}

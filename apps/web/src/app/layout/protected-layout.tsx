import { Toasts } from '@/components/toasts'
import { BusinessTimeZone } from '@/lib/time-zone'
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
    <BusinessTimeZone value={business.timeZone}>
      <AppShell business={business} />
      <Toasts />
    </BusinessTimeZone>
  )
}

import { Toaster } from 'sonner'
import { RequireAuth } from '../guards'
import { useBusiness } from '../use-business'
import { AppShell } from './app-shell'

/** The signed-in part of the app, code-split from the landing page. Toasts are mounted once here. */
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
      <Toaster position="top-right" richColors closeButton />
    </>
  )
}

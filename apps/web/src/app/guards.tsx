// Route guards (docs/product.md §2). Each waits for the start-up session check, so the wrong screen never flashes;
// the signed-in screens show the shell's frame meanwhile (shell-skeleton.tsx), which shows nothing of the account.
// Two half-way states keep the app closed: 'mfa-required' shows the code step on the landing page,
// and 'password-recovery' shows the 'Set a new password' screen.
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useAuth } from '@/lib/auth'
import { keepPendingInvitation, pendingInvitation } from '@/lib/pending-invitation'
import { ShellSkeleton } from './shell-skeleton'

export function FullPageLoader() {
  return <Spinner label="Checking your session…" className="min-h-dvh" />
}

/**
 * Signed-out users go to the landing page; an invitation link they opened waits for them there
 * (lib/pending-invitation.ts).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { ready, status } = useAuth()
  const location = useLocation()
  if (!ready || status === 'loading') return <ShellSkeleton />
  if (status === 'password-recovery') return <Navigate to={paths.resetPassword} replace />
  if (status !== 'logged-in') {
    if (location.pathname === paths.join) {
      keepPendingInvitation(new URLSearchParams(location.search).get('token'))
    }
    return <Navigate to={paths.landing} replace />
  }
  return children
}

/**
 * The landing page is for signed-out users; signed-in users land on the dashboard, or on the
 * invitation they opened before signing in.
 */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { ready, status } = useAuth()
  if (!ready) return <FullPageLoader />
  if (status === 'logged-in') {
    const token = pendingInvitation()
    const to = token ? `${paths.join}?token=${encodeURIComponent(token)}` : paths.dashboard
    return <Navigate to={to} replace />
  }
  if (status === 'password-recovery') return <Navigate to={paths.resetPassword} replace />
  return children
}

/** Any unknown path: recommendations when signed in, otherwise the landing page. */
export function FallbackRedirect() {
  const { ready, status } = useAuth()
  if (!ready) return <FullPageLoader />
  if (status === 'password-recovery') return <Navigate to={paths.resetPassword} replace />
  return <Navigate to={status === 'logged-in' ? paths.recommendations : paths.landing} replace />
}

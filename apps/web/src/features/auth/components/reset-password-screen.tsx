import { MapPinned } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, Navigate } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { buttonClassName } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useAuth } from '@/lib/auth'
import { EXPIRED_LINK_MESSAGE, linkErrorFromUrl } from '../utils/link-error'
import { SecondFactorCard } from './second-factor-card'
import { SetPasswordCard } from './set-password-card'
import { StepCard } from './step-card'

function Page({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/60 via-background to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-5 md:px-8">
        <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <MapPinned aria-hidden="true" className="size-4" />
        </span>
        <span className="text-lg font-semibold tracking-tight">LocalSEO AI</span>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 pt-4 pb-12">
        {children}
      </main>
    </div>
  )
}

/** Without a recovery session the link was used already, expired, or opened by hand. */
function LinkProblem() {
  const [reason] = useState(() => linkErrorFromUrl() ?? EXPIRED_LINK_MESSAGE)
  return (
    <StepCard title="This link cannot be used" description="Ask for a new link and try again.">
      <ErrorAlert>{reason}</ErrorAlert>
      <Link
        to={paths.landing}
        state={{ authView: 'forgot' }}
        className={buttonClassName({ className: 'w-full' })}
      >
        Email me a new link
      </Link>
      <Link
        to={paths.landing}
        className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Back to Log In
      </Link>
    </StepCard>
  )
}

/** The page a password-recovery link opens (auth-js signals it with PASSWORD_RECOVERY). */
export function ResetPasswordScreen() {
  const { ready, status } = useAuth()
  // Cancelling the code or password step logs out: then the landing page, not a link problem.
  const pending = status === 'password-recovery' || status === 'mfa-required'
  const [wasPending, setWasPending] = useState(false)
  if (pending && !wasPending) setWasPending(true)
  if (status === 'logged-in') return <Navigate to={paths.dashboard} replace />
  if (status === 'logged-out' && wasPending) return <Navigate to={paths.landing} replace />
  return (
    <Page>
      {!ready || status === 'loading' ? (
        <Spinner label="Checking your link…" />
      ) : status === 'password-recovery' ? (
        <SetPasswordCard />
      ) : status === 'mfa-required' ? (
        <SecondFactorCard />
      ) : (
        <LinkProblem />
      )}
    </Page>
  )
}
